import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { notFound, requirePermission } from '#app/auth/guards.server.ts'
import { formatDate, formatDateTime } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert } from '#app/ui/fields.tsx'
import { FileList } from '#app/ui/file-list.tsx'
import type { SubmissionResult } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { fileRefusalOf, isMultipart, readMultipart, uploadLimitMb } from '#app/utils/upload.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { viaOf } from '#models/core/read-log.server.ts'
import type { Route } from './+types/detail'
import { DeclarationForm, DeclarationSummary } from './declaration-form.tsx'
import { DECLARATION_COMPONENT, Declarations } from './declarations.server.ts'
import { declarationSchema, paperSchema } from './schema.ts'
import { type DeclarationValues, declarationNumber, draftOf, isRowIntent, valuesOf, withRowAdded } from './values.ts'

/**
 * One declaration (issue 26): its state, channel and signature, what was declared, the council's
 * remark; the form for the person while it is requested; for admins the paper form with the scan
 * (multipart, without JavaScript too) and the declaration's files; the history for the area's readers.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read || p.loyalty.declare)
  const service = Declarations.for(access)
  const found = await service.get(params.id)
  if (!found) notFound(request)
  const locale = await getLocale(request)
  // The history shows what was declared: a read of it, which the page itself has logged already.
  const history =
    service.rights.read && historyRequested(request)
      ? await History.for(access).of(DECLARATION_COMPONENT, params.id, locale, { via: viaOf(request), loggedByPage: params.id })
      : null
  return {
    found,
    files: await service.files(params.id),
    limitMb: uploadLimitMb(),
    history,
    showHistory: service.rights.read,
    mayList: service.rights.read,
    trail: trailLink(access, DECLARATION_COMPONENT, params.id),
  }
}

export const handle: TitleHandle = {
  title: (d: Route.ComponentProps['loaderData']) => `${declarationNumber(d.found.declaration.number)} ${d.found.declaration.personName}`,
}

/** The fields were invalid: the paper's transaction rolls back (its scan with it) and the form answers with its messages. */
class InvalidForm extends Error {}
/** "Add a row" on the paper form: nothing is kept, the form comes back with one row more. */
class AddRow extends Error {
  constructor(public readonly values: DeclarationValues) {
    super('add row')
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read || p.loyalty.declare)
  const service = Declarations.for(access)
  // A foreign or unknown declaration is 404 whatever the intent, before anything else.
  if (!(await service.get(params.id, null))) notFound(request)
  const here = `/app/loyalty/declarations/${params.id}`
  if (isMultipart(request)) return recordPaper(request, service, params.id, here)
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (isRowIntent(intent)) return data({ draft: withRowAdded(draftOf(formData), intent), form: 'person' as const })
  const submission = parseWithZod(formData, { schema: declarationSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), draft: draftOf(formData), form: 'person' as const }, { status: 400 })
  const { intent: what, signedName, ...input } = submission.value
  try {
    if (what === 'sign') await service.sign(params.id, input, signedName)
    else await service.saveDraft(params.id, input)
  } catch (error) {
    const reply = replyToDomainError(error, submission, request)
    return data({ ...reply.data, draft: draftOf(formData), form: 'person' as const }, { status: reply.init?.status ?? 400 })
  }
  return redirectWithToast(here, 'saved')
}

/** A paper declaration: the scan and the fields in one multipart form, kept together or not at all. */
async function recordPaper(request: Request, service: ReturnType<typeof Declarations.for>, id: string, here: string) {
  let fields = new FormData()
  let submission: ReturnType<typeof parsePaper> | undefined
  try {
    await service.recordPaper(id, async (keep) => {
      fields = await readMultipart(request, (file) => (file.field === 'scan' ? keep(file) : Promise.resolve()))
      const intent = fields.get('intent')
      if (isRowIntent(intent)) throw new AddRow(withRowAdded(draftOf(fields), intent))
      submission = parsePaper(fields)
      if (submission.status !== 'success') throw new InvalidForm()
      const { intent: _intent, ...v } = submission.value
      return v
    })
  } catch (error) {
    if (error instanceof AddRow) return data({ draft: error.values, form: 'paper' as const })
    const reply = submission ?? parsePaper(fields)
    const draft = draftOf(fields)
    if (error instanceof InvalidForm) return data({ result: reply.reply(), draft, form: 'paper' as const }, { status: 400 })
    const refusal = fileRefusalOf(error)
    if (refusal) return data({ result: reply.reply(), fileError: refusal.message, draft, form: 'paper' as const }, { status: refusal.status })
    if (error instanceof DomainError && error.code === 'not-found') notFound(request)
    const answer = replyToDomainError(error, reply, request)
    return data({ ...answer.data, draft, form: 'paper' as const }, { status: answer.init?.status ?? 400 })
  }
  return redirectWithToast(here, 'saved')
}

const parsePaper = (form: FormData) => parseWithZod(form, { schema: paperSchema })

type ActionData = { result?: SubmissionResult<string[]>; draft?: DeclarationValues; form?: 'person' | 'paper'; fileError?: string } | undefined

export default function DeclarationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { found, files } = loaderData
  const d = found.declaration
  const answer = actionData as ActionData
  const number = declarationNumber(d.number)
  const mine = (form: 'person' | 'paper') => (answer?.form === form ? answer : undefined)
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/loyalty">{t('loyalty:declarations.area')}</AppLink> ›{' '}
        {loaderData.mayList ? <AppLink to="/app/loyalty/declarations">{t('loyalty:declarations.title')}</AppLink> : t('loyalty:declarations.title')} › {number}
      </p>
      <div className={css.head}>
        <h1>
          {number} {d.personName} · {found.year}
        </h1>
        <span data-testid="declaration-state">{t(`loyalty:states.${d.state}`)}</span>
      </div>
      <Card title={t('loyalty:declarations.section.declaration')}>
        <dl>
          <Field label={t('loyalty:declarations.field.person')}>{d.personName}</Field>
          <Field label={t('loyalty:declarations.field.function')}>{t(`loyalty:declarations.function.${d.personFunction}`)}</Field>
          <Field label={t('loyalty:declarations.field.organisation')}>{found.organisation || '—'}</Field>
          <Field label={t('loyalty:declarations.field.dueDate')}>{formatDate(found.dueDate)}</Field>
          <Field label={t('loyalty:declarations.field.state')}>{t(`loyalty:states.${d.state}`)}</Field>
          <Field label={t('loyalty:declarations.field.channel')}>{d.channel ? t(`loyalty:channels.${d.channel}`) : '—'}</Field>
          <Field label={t('loyalty:declarations.field.signedName')}>{d.signedName || '—'}</Field>
          <Field label={t('loyalty:declarations.field.signedAt')}>{d.signedAt ? formatDateTime(d.signedAt, i18n.language as 'de') : '—'}</Field>
          <Field label={t('loyalty:declarations.field.recordedBy')}>{d.channel ? (found.recordedByName ?? t('loyalty:declarations.throughLink')) : '—'}</Field>
        </dl>
        {found.closedAt && d.state === 'requested' ? <Alert tone="info">{t('loyalty:declare.closed')}</Alert> : null}
        {d.state !== 'requested' ? <p className={css.muted}>{t('loyalty:declarations.frozenNote')}</p> : null}
      </Card>
      {found.may.declare ? (
        <Card title={t('loyalty:declare.title')}>
          <p className={css.muted}>{t('loyalty:declare.intro')}</p>
          <DeclarationForm
            mode="person"
            personName={d.personName}
            values={mine('person')?.draft ?? valuesOf(d)}
            lastResult={mine('person')?.result ?? null}
            testId="declaration-form"
          />
        </Card>
      ) : d.state !== 'requested' || !found.may.paper ? (
        <Card title={t('loyalty:declarations.section.content')}>
          {d.state === 'requested' ? <p className={css.muted}>{t('loyalty:declarations.notYet')}</p> : <DeclarationSummary d={d} />}
        </Card>
      ) : null}
      {d.state === 'reviewed' || d.reviewRemark ? (
        <Card title={t('loyalty:declarations.section.review')}>
          <dl data-testid="declaration-review">
            <Field label={t('loyalty:declarations.field.reviewedAt')}>{d.reviewedAt ? formatDate(d.reviewedAt.toISOString().slice(0, 10)) : '—'}</Field>
            <Field label={t('loyalty:declarations.field.reviewRemark')}>{d.reviewRemark || '—'}</Field>
            <Field label={t('loyalty:declarations.field.reviewFinding')}>{d.reviewFinding ? t('common.yes') : t('common.no')}</Field>
            {d.reviewFinding ? (
              <Field label={t('loyalty:declarations.field.findingResolvedOn')}>{d.findingResolvedOn ? formatDate(d.findingResolvedOn) : '—'}</Field>
            ) : null}
          </dl>
        </Card>
      ) : null}
      {found.may.paper ? (
        <Card title={t('loyalty:declare.paperTitle')}>
          <p className={css.muted}>{t('loyalty:declare.paperIntro')}</p>
          <DeclarationForm
            mode="paper"
            personName={d.personName}
            values={mine('paper')?.draft ?? valuesOf(d)}
            lastResult={mine('paper')?.result ?? null}
            fileError={mine('paper')?.fileError ?? null}
            limitMb={loaderData.limitMb}
            testId="paper-form"
          />
        </Card>
      ) : null}
      {files.length ? (
        <Card title={t('loyalty:declarations.section.files')}>
          <FileList testId="declaration-files" files={files} />
        </Card>
      ) : null}
      {loaderData.showHistory ? <HistoryPanel history={loaderData.history} trail={loaderData.trail} /> : null}
    </>
  )
}
