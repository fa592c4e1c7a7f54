import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '#app/ui/badges.tsx'
import { Field } from '#app/ui/stepper.tsx'
import { TagsField } from '#app/ui/tags-field.tsx'
import { CheckboxField, SelectField, TextField } from '#app/ui/fields.tsx'
import { EDITABLE_ICS_BLOCKS, ICS_RATINGS, ICS_STATES } from '#models/core/constants.ts'
import {
  AttachedDocuments,
  AttachedLinks,
  AttachedMeasures,
  BlockFormShell,
  DsgFields,
  DsgView,
  StepperPage,
  useBlockForm,
} from '#app/features/inventory/detail-page.tsx'
import type { Route } from './+types/detail'
import { icsDetail } from './routes.server.ts'
import { type IcsBlockName, icsBlockFormSchema } from './blocks.ts'
import * as css from '../risk/risk.css.ts'
import * as detailCss from '#app/ui/stepper.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

/**
 * The kit's stepper data; a process's page has always carried its step data at the top level
 * (the risk's under `extra`), and its tests read it there.
 */
export async function loader(args: Route.LoaderArgs) {
  const { extra, ...data } = await icsDetail.loader(args)
  return {
    ...data,
    members: extra.members ?? [],
    measures: extra.measures ?? [],
    owners: extra.owners ?? null,
    documents: extra.documents ?? [],
    linked: extra.linked ?? null,
    candidates: extra.candidates ?? [],
    today: extra.today ?? '',
  }
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => `${data.found.process.idkey} ${data.found.process.title}` }

export async function action(args: Route.ActionArgs) {
  return icsDetail.action(args)
}

type LoaderData = Route.ComponentProps['loaderData']

export default function ProcessDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { found, mode } = loaderData
  const p = found.process
  return (
    <StepperPage
      ns="iks"
      base="/app/iks"
      record={p}
      badges={<Badge>{t(`iks:state.${p.state}`)}</Badge>}
      subtitle={
        <p className={css.muted}>
          {found.mainNumber} {found.mainName}
          {found.subName ? ` · ${found.subKey} ${found.subName}` : ''}
        </p>
      }
      data={loaderData}
      actionData={actionData}
      editableBlocks={EDITABLE_ICS_BLOCKS}
      view={<BlockView data={loaderData} />}
      form={(lastResult) => <BlockForm data={loaderData} lastResult={lastResult} />}
      attach={{
        step: 'objectives',
        measures: (
          <AttachedMeasures
            id="process"
            heading={t('iks:objectives.measures')}
            tab="iks"
            returnTo={`/app/iks/${p.id}?step=objectives`}
            measures={loaderData.measures}
            owners={loaderData.owners}
            today={loaderData.today}
            canEdit={mode === 'write'}
            result={actionData && 'measureResult' in actionData ? actionData.measureResult : undefined}
          />
        ),
        links: (
          <AttachedLinks
            title={t('links.risksOfProcess')}
            items={loaderData.linked}
            candidates={loaderData.candidates}
            otherBase="/app/risk"
            canEdit={mode === 'write'}
            testId="linked-risks"
          />
        ),
        documents: (
          <AttachedDocuments
            id="ics-document"
            documents={loaderData.documents}
            canEdit={mode === 'write'}
            result={actionData && 'documentResult' in actionData ? actionData.documentResult : undefined}
          />
        ),
      }}
    />
  )
}

function BlockView({ data: d }: { data: LoaderData }) {
  const { t } = useTranslation()
  const p = d.found.process
  const text = (v: string) => (v ? <span className={detailCss.pre}>{v}</span> : <span className={css.muted}>—</span>)
  const yes = (v: boolean) => (v ? t('common.yes') : t('common.no'))
  const rating = (v: string | null) => (v ? t(`iks:rating.${v}`) : '—')
  switch (d.step) {
    case 'intro':
      return (
        <dl className={detailCss.fields}>
          <Field label={t('risk:field.idkey')}>{p.idkey}</Field>
          <Field label={t('iks:field.title')}>{p.title}</Field>
          <Field label={t('iks:field.owner')}>{d.found.ownerName ?? '—'}</Field>
          <Field label={t('iks:field.state')}>{t(`iks:state.${p.state}`)}</Field>
          <Field label={t('risk:field.tags')}>{p.tags.length ? p.tags.map((tag) => <Badge key={tag}>{tag}</Badge>) : '—'}</Field>
        </dl>
      )
    case 'control':
      return (
        <dl className={detailCss.fields}>
          <Field label={t('iks:field.description')}>{text(p.description)}</Field>
          <Field label={t('iks:field.controlTarget')}>{text(p.controlTarget)}</Field>
          <Field label={t('iks:field.controlActivity')}>{text(p.controlActivity)}</Field>
        </dl>
      )
    case 'assessment':
      return (
        <dl className={detailCss.fields}>
          <Field label={t('iks:field.assessmentCurrentState')}>{text(p.assessmentCurrentState)}</Field>
          <Field label={t('iks:field.effectiveness')}>{rating(p.effectiveness)}</Field>
          <Field label={t('iks:field.traceability')}>{rating(p.traceability)}</Field>
          <Field label={t('iks:field.efficiency')}>{rating(p.efficiency)}</Field>
        </dl>
      )
    case 'objectives':
      return (
        <dl className={detailCss.fields}>
          <Field label={t('iks:field.furtherObjectives')}>{text(p.furtherObjectives)}</Field>
          <Field label={t('risk:field.measureNeeded')}>{yes(p.measureNeeded)}</Field>
        </dl>
      )
    case 'dsg':
      return <DsgView record={p} />
    default:
      return null
  }
}

function BlockForm({ data: d, lastResult }: { data: LoaderData; lastResult: unknown }) {
  const { t } = useTranslation()
  const p = d.found.process
  const block = d.step as IcsBlockName
  const { form, err, initial, checked } = useBlockForm(`ics-${block}-${p.version}`, icsBlockFormSchema(block), lastResult)
  const ratingOptions = [{ value: '', label: '—' }, ...ICS_RATINGS.map((r) => ({ value: r, label: t(`iks:rating.${r}`) }))]
  let body: ReactNode = null
  switch (block) {
    case 'intro':
      body = (
        <>
          <TextField label={t('iks:field.title')} name="title" defaultValue={initial('title', p.title)} errors={err('title')} isRequired />
          <SelectField
            label={t('iks:field.owner')}
            name="ownerUserId"
            defaultValue={initial('ownerUserId', p.ownerUserId ?? '')}
            errors={err('ownerUserId')}
            options={[{ value: '', label: '—' }, ...d.members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
          />
          <SelectField
            label={t('iks:field.state')}
            name="state"
            defaultValue={initial('state', p.state)}
            isRequired
            options={ICS_STATES.map((s) => ({ value: s, label: t(`iks:state.${s}`) }))}
          />
          <TagsField name="tags" label={t('risk:field.tags')} defaultValue={p.tags} />
        </>
      )
      break
    case 'control':
      body = (
        <>
          <TextField
            label={t('iks:field.description')}
            name="description"
            multiline
            rows={4}
            defaultValue={initial('description', p.description)}
            errors={err('description')}
          />
          <TextField
            label={t('iks:field.controlTarget')}
            name="controlTarget"
            multiline
            rows={3}
            defaultValue={initial('controlTarget', p.controlTarget)}
            errors={err('controlTarget')}
          />
          <TextField
            label={t('iks:field.controlActivity')}
            name="controlActivity"
            multiline
            rows={4}
            defaultValue={initial('controlActivity', p.controlActivity)}
            errors={err('controlActivity')}
          />
        </>
      )
      break
    case 'assessment':
      body = (
        <>
          <TextField
            label={t('iks:field.assessmentCurrentState')}
            name="assessmentCurrentState"
            multiline
            rows={4}
            defaultValue={initial('assessmentCurrentState', p.assessmentCurrentState)}
          />
          <SelectField
            label={t('iks:field.effectiveness')}
            name="effectiveness"
            defaultValue={initial('effectiveness', p.effectiveness ?? '')}
            options={ratingOptions}
          />
          <SelectField
            label={t('iks:field.traceability')}
            name="traceability"
            defaultValue={initial('traceability', p.traceability ?? '')}
            options={ratingOptions}
          />
          <SelectField label={t('iks:field.efficiency')} name="efficiency" defaultValue={initial('efficiency', p.efficiency ?? '')} options={ratingOptions} />
        </>
      )
      break
    case 'objectives':
      body = (
        <>
          <TextField
            label={t('iks:field.furtherObjectives')}
            name="furtherObjectives"
            multiline
            rows={4}
            defaultValue={initial('furtherObjectives', p.furtherObjectives)}
          />
          <CheckboxField label={t('risk:field.measureNeeded')} name="measureNeeded" defaultChecked={checked('measureNeeded', p.measureNeeded)} />
        </>
      )
      break
    case 'dsg':
      body = <DsgFields checked={checked} record={p} />
      break
  }
  return (
    <BlockFormShell form={form} block={block} version={p.version}>
      {body}
    </BlockFormShell>
  )
}
