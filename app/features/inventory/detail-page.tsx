import { HistoryPanel, type PanelHistory } from '#app/accountability/history-panel.tsx'
import { AppLink } from '#app/ui/app-link.tsx'
import { type FormMetadata, getFormProps, useForm } from '#app/ui/form.ts'
import { passThrough, useLazyValidate } from '#app/utils/lazy-validate.ts'
import type { ComponentProps, ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form } from 'react-router'
import type { z } from 'zod'
import * as css from '#app/ui/register.css.ts'
import { formatDate, formatDateTime } from '#app/i18n/config.ts'
import { Badge } from '#app/ui/badges.tsx'
import { Card } from '#app/ui/card.tsx'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { CheckboxField, FormErrors } from '#app/ui/fields.tsx'
import { ReadOnlyNote } from '#app/ui/read-only-note.tsx'
import { Field } from '#app/ui/read-field.tsx'
import { BlockFormActions, BlockNotices, EditBlockButton, StepNav, StepPager } from '#app/ui/stepper.tsx'
import * as detailCss from '#app/ui/stepper.css.ts'
import { AddMeasureForm, DocumentsBlock } from './attach-forms.tsx'
import { LinkedItems } from './linked-items.tsx'
import { measureNumber } from '#models/core/record-number.ts'

export * from './block-fields.tsx'

type Item = { id: string; idkey: string; title: string }
type Measure = {
  id: string
  idkey: number
  iteration: number
  title: string
  dueDate: string
  state: string
  ownerName: string
  overdue: boolean
}
type Owners = { people: { id: string; firstName: string; lastName: string }[]; bodies: { id: string; name: string }[] }

/** The kit's stepper data, as the detail loader gives it. */
export type StepperData = {
  step: string
  steps: string[]
  mode: string
  editable: boolean
  editing: boolean
  lock: { block: string; userName: string; expiresAt: string; mine: boolean } | null
  history?: PanelHistory
  trail?: string | null
}

/**
 * The detail stepper of an inventory record: breadcrumb, head, steps, lock notices, the block
 * (its view or its form) and what hangs on the record: measures, links to the other tool,
 * documents. The tool gives its block views and forms.
 */
export function StepperPage({
  ns,
  base,
  record,
  badges,
  subtitle,
  data,
  actionData,
  editableBlocks,
  view,
  form,
  attach,
}: {
  ns: string
  base: string
  record: { idkey: string; title: string }
  badges: ReactNode
  subtitle?: ReactNode
  data: StepperData
  actionData: unknown
  editableBlocks: readonly string[]
  view: ReactNode
  form: (lastResult: unknown) => ReactNode
  attach: {
    step: string
    measures: ReactNode
    links: ReactNode
    documents: ReactNode
  }
}) {
  const { t } = useTranslation()
  const { step, steps, editing, editable, lock } = data
  const result = (key: string) => (actionData && typeof actionData === 'object' && key in actionData ? (actionData as Record<string, unknown>)[key] : undefined)
  const blockError =
    actionData && typeof actionData === 'object' && 'blockError' in actionData ? (actionData as { blockError: string; holder: string | null }) : null
  const blockLabel = (b: string) => t(`${ns}:block.${b}`)
  return (
    <>
      <p className={css.muted}>
        <AppLink to={base}>{t(`${ns}:inventory.title`)}</AppLink> › {record.idkey}
      </p>
      <div className={css.head}>
        <h1>
          {record.idkey} {record.title}
        </h1>
        {badges}
      </div>
      {subtitle}
      <StepNav label={t(`${ns}:stepper.label`)} steps={steps} current={step} blockLabel={blockLabel} />
      <BlockNotices
        blockError={blockError}
        lock={lock ? { ...lock, until: formatDateTime(lock.expiresAt).slice(-5) } : null}
        current={step}
        blockLabel={blockLabel}
      />
      <Card title={blockLabel(step)}>
        {editing ? (
          form(result('result'))
        ) : (
          <>
            {view}
            {editable ? <EditBlockButton block={step} /> : editableBlocks.includes(step) ? <ReadOnlyNote who={step === 'dsg' ? 'dsgBlock' : 'block'} /> : null}
          </>
        )}
        {step === attach.step ? attach.measures : null}
        {step === attach.step ? attach.links : null}
        {step === 'documents' ? attach.documents : null}
      </Card>
      <StepPager steps={steps} current={step} />
      <HistoryPanel history={data.history} trail={data.trail} />
    </>
  )
}

/** The measures of a record, confirming the pending ones, and the form to add one. */
export function AttachedMeasures({
  id,
  heading,
  tab,
  returnTo,
  measures,
  owners,
  today,
  canEdit,
  result,
}: {
  /** `risk` or `process`: the section's and the form's names. */
  id: string
  heading: string
  tab: string
  returnTo: string
  measures: Measure[]
  owners: Owners | null
  today: string
  canEdit: boolean
  result: unknown
}) {
  const { t } = useTranslation()
  const back = encodeURIComponent(returnTo)
  return (
    <section className={detailCss.sub} aria-labelledby={`${id}-measures`}>
      <h3 id={`${id}-measures`}>{heading}</h3>
      {measures.length === 0 ? (
        <p>{t('table.empty')}</p>
      ) : (
        <ul className={detailCss.list} data-testid={`${id}-measures`}>
          {measures.map((m) => (
            <li key={m.id}>
              <strong>{measureNumber(m.idkey, m.iteration)}</strong> {m.title} · {m.ownerName || '—'} · {formatDate(m.dueDate)}{' '}
              {m.overdue ? <Badge tone="danger">{t('measures.status.overdue')}</Badge> : null}
              {m.state === 'confirmed' ? <Badge tone="success">{t('measures.status.confirmed')}</Badge> : null}{' '}
              {m.state === 'pending' && canEdit ? (
                <AppLink to={`/app/measures/${m.id}/confirm?tab=${tab}&returnTo=${back}`}>{t('measures.confirm')}</AppLink>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit && owners ? <AddMeasureForm id={id === 'risk' ? 'risk-measure' : 'ics-measure'} owners={owners} today={today} result={result} /> : null}
    </section>
  )
}

/** The links of a record to the other tool's records. */
export function AttachedLinks({
  title,
  items,
  candidates,
  otherBase,
  canEdit,
  testId,
}: {
  title: string
  items: Item[] | null | undefined
  candidates: Item[] | undefined
  otherBase: string
  canEdit: boolean
  testId: string
}) {
  if (!items) return null
  return <LinkedItems title={title} items={items} candidates={candidates ?? []} href={(id) => `${otherBase}/${id}`} canEdit={canEdit} testId={testId} />
}

export { DocumentsBlock as AttachedDocuments }

/** The data protection block's fields, the same in every tool. */
export function DsgFields({
  checked,
  record,
}: {
  checked: (name: string, value: boolean) => boolean
  record: { dsgRelevant: boolean; hasPersonalData: boolean; hasProtectableData: boolean; dsgMeasureNeeded: boolean }
}) {
  const { t } = useTranslation()
  return (
    <>
      {(['dsgRelevant', 'hasPersonalData', 'hasProtectableData', 'dsgMeasureNeeded'] as const).map((name) => (
        <CheckboxField key={name} label={t(`risk:field.${name}`)} name={name} defaultChecked={checked(name, record[name])} />
      ))}
    </>
  )
}

/**
 * The Conform form of a block: validated with the block's schema (cancel needs no valid input:
 * it only releases the lock), with the errors, the initial values and the checkboxes' state.
 */
export function useBlockForm(id: string, loadSchema: () => Promise<z.ZodType>, lastResult: unknown) {
  // The schema (and zod) is loaded on first interaction; cancel always goes to the server.
  const validate = useLazyValidate(loadSchema, id)
  const [form, fields] = useForm({
    id,
    lastResult: lastResult as never,
    onValidate: ({ formData }) => (formData.get('intent') === 'cancel' ? passThrough(formData) : validate({ formData })),
    shouldRevalidate: 'onInput',
  })
  const f = fields as Record<string, { errors?: string[]; initialValue?: unknown }>
  return {
    form,
    err: (name: string) => f[name]?.errors,
    initial: (name: string, fallback: string) => (f[name]?.initialValue as string | undefined) ?? fallback,
    checked: (name: string, fallback: boolean) => (lastResult ? f[name]?.initialValue === 'on' : fallback),
  }
}

/** The form around a block's fields: errors, draft keeping, block and version, save and cancel. */
export function BlockFormShell({ form, block, version, children }: { form: FormMetadata; block: string; version: number; children: ReactNode }) {
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors errors={form.errors} />
      <DraftKeeper />
      <input type="hidden" name="block" value={block} />
      <input type="hidden" name="version" value={version} />
      {children}
      <BlockFormActions />
    </Form>
  )
}

/** The data protection block as read, the same in every tool. */
export function DsgView({ record }: { record: { dsgRelevant: boolean; hasPersonalData: boolean; hasProtectableData: boolean; dsgMeasureNeeded: boolean } }) {
  const { t } = useTranslation()
  return (
    <dl className={detailCss.fields}>
      {(['dsgRelevant', 'hasPersonalData', 'hasProtectableData', 'dsgMeasureNeeded'] as const).map((name) => (
        <Field key={name} label={t(`risk:field.${name}`)}>
          {record[name] ? t('common.yes') : t('common.no')}
        </Field>
      ))}
    </dl>
  )
}

/** What hangs on a record, as its detail loader gives it. */
type AttachedData = {
  measures?: Measure[]
  owners?: Owners | null
  today?: string
  linked?: Item[] | null
  candidates?: Item[]
  documents?: ComponentProps<typeof DocumentsBlock>['documents']
}

/** Where a tool's records carry their measures, links and documents. */
export type AttachDeclaration = {
  /** The step with the measures and the links to the other tool. */
  step: string
  /** `risk` or `process`: the measures section's name. */
  id: string
  /** The links' title's key, the other tool's path, the links' test id. */
  links: { title: string; otherBase: string; testId: string }
}

/**
 * The `attach` of a stepper page: the record's measures and its links to the other tool on the
 * declared step, its documents on the documents step.
 */
export function useAttachments(
  ns: string,
  { step, id, links }: AttachDeclaration,
  recordId: string,
  data: AttachedData,
  canEdit: boolean,
  actionData: unknown,
) {
  const { t } = useTranslation()
  const result = (key: string) => (actionData && typeof actionData === 'object' && key in actionData ? (actionData as Record<string, unknown>)[key] : undefined)
  return {
    step,
    measures: (
      <AttachedMeasures
        id={id}
        heading={t(`${ns}:${step}.measures`)}
        tab={ns}
        returnTo={`/app/${ns}/${recordId}?step=${step}`}
        measures={data.measures ?? []}
        owners={data.owners ?? null}
        today={data.today ?? ''}
        canEdit={canEdit}
        result={result('measureResult')}
      />
    ),
    links: <AttachedLinks {...links} title={t(links.title)} items={data.linked} candidates={data.candidates} canEdit={canEdit} />,
    documents: (
      <DocumentsBlock
        id={id === 'risk' ? 'risk-document' : 'ics-document'}
        documents={data.documents ?? []}
        canEdit={canEdit}
        result={result('documentResult')}
      />
    ),
  }
}
