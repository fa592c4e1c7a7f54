import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { formatDate, formatDateTime, formatNumber } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { Alert, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import * as listCss from '#app/ui/list-page.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { EXECUTION_RESULTS } from '#models/core/constants.ts'
import { executionNumber, measureNumber, providerNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/detail'
import { ResultBadge, StateBadge } from './badges.tsx'
import { EXECUTION_COMPONENT, Executions } from './executions.server.ts'
import { viewStateOf } from './periods.ts'
import { recordSchema, reviewSchema } from './schema.ts'
import { fileRefusalOf, isMultipart, readMultipart } from '#app/utils/upload.server.ts'
import { uploadLimit } from '#models/core/files.server.ts'
import { FILE_ACCEPT } from '#models/core/file-types.ts'
import { FileList } from '#app/ui/file-list.tsx'
import { DomainError } from '#models/core/errors.ts'

/**
 * One control execution (issue 25): its plan, the record form for the performer (or a deputy acting for
 * the performer), the second signature for the reviewer or an ICS admin, the measure a deficient result
 * opened, its evidence and its history. Forms post to this route's action with an `intent`.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.executions.read)
  const locale = await getLocale(request)
  const service = Executions.for(access)
  const found = await service.get(params.id, locale)
  if (!found) notFound(request)
  const e = found.execution
  const history = historyRequested(request) ? await History.for(access).of(EXECUTION_COMPONENT, e.id, locale) : null
  const today = todayInZurich()
  return {
    found,
    files: await service.files(e.id),
    uploadLimit: uploadLimit(),
    view: viewStateOf(e, today),
    today,
    may: service.may(e),
    history,
    trail: trailLink(access, EXECUTION_COMPONENT, e.id),
  }
}

export const handle: TitleHandle = {
  title: (d: Route.ComponentProps['loaderData']) =>
    `${executionNumber(d.found.execution.number)} ${d.found.processIdkey} ${d.found.execution.period ?? ''}`.trim(),
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.executions.read)
  const service = Executions.for(access)
  // A foreign or unknown execution is 404 whatever the intent, before anything else.
  if (!(await service.get(params.id))) notFound(request)
  const here = `/app/iks/executions/${params.id}`
  // Evidence files come as a multipart form, read as a stream with the upload limit (decision 0063).
  if (isMultipart(request)) return attachFiles(request, service, params.id, here)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  if (intent === 'removeFile') {
    try {
      await service.removeFile(params.id, String(formData.get('fileId') ?? ''))
    } catch (error) {
      return refusedFile(request, error)
    }
    return redirectWithToast(here, 'deleted')
  }
  if (intent === 'save' || intent === 'submit') {
    const submission = parseWithZod(formData, { schema: recordSchema })
    if (submission.status !== 'success') return data({ record: submission.reply() }, { status: 400 })
    const { version, intent: _intent, ...v } = submission.value
    try {
      await service.record(params.id, { ...v, result: v.result ?? null }, version, intent === 'submit')
    } catch (error) {
      return replyToDomainError(error, submission, request, 'record')
    }
    return redirectWithToast(here, 'saved')
  }
  if (intent === 'approve' || intent === 'return') {
    const submission = parseWithZod(formData, { schema: reviewSchema })
    if (submission.status !== 'success') return data({ review: submission.reply() }, { status: 400 })
    try {
      await service.review(params.id, submission.value.intent, submission.value.reviewComment, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request, 'review')
    }
    return redirectWithToast(here, 'saved')
  }
  return data({ record: null, review: null }, { status: 400 })
}

/** Stores the form's files as the execution's evidence; a refused file answers 413, 415, 403, 404 or 409 with its message, storing none. */
async function attachFiles(request: Request, service: ReturnType<typeof Executions.for>, id: string, here: string) {
  try {
    await service.attach(id, (keep) => readMultipart(request, (file) => (file.field === 'files' ? keep(file) : Promise.resolve())))
  } catch (error) {
    return refusedFile(request, error)
  }
  return redirectWithToast(here, 'saved')
}

function refusedFile(request: Request, error: unknown) {
  const limit = formatNumber(Math.round(uploadLimit() / (1024 * 1024)))
  const refusal = fileRefusalOf(error)
  if (refusal) return data({ files: { error: refusal.message, limit } }, { status: refusal.status })
  if (error instanceof DomainError) {
    if (error.code === 'not-found') notFound(request)
    if (error.code === 'forbidden') forbidden(request)
    return data({ files: { error: error.messageKey ?? 'files:missing', limit } }, { status: error.code === 'conflict' ? 409 : 400 })
  }
  throw error
}

type LoaderData = Route.ComponentProps['loaderData']
type ActionData =
  | { record?: SubmissionResult<string[]> | null; review?: SubmissionResult<string[]> | null; files?: { error: string; limit: string } }
  | undefined

export default function ExecutionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { found, view, may } = loaderData
  const fileError = (actionData as ActionData)?.files ?? null
  const e = found.execution
  const number = executionNumber(e.number)
  const recorded = e.state !== 'planned' || e.recordedByUserId !== null
  const count = (n: number | null) => (n === null ? '—' : formatNumber(n, i18n.language as 'de'))
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/iks">{t('iks:inventory.title')}</AppLink> › <AppLink to="/app/iks/executions">{t('executions:title')}</AppLink> › {number}
      </p>
      <div className={css.head}>
        <h1>
          {number} {found.processIdkey} {found.processTitle}
        </h1>
        <StateBadge view={view} />
        {e.result ? <ResultBadge result={e.result} /> : null}
      </div>
      <p className={css.muted}>
        {found.mainNumber} {found.mainName}
      </p>
      {e.providerId ? (
        <p data-testid="execution-provider">
          {t('executions:assurance.of')}{' '}
          <AppLink to={`/app/providers/${e.providerId}`}>
            {found.providerNumber !== null ? providerNumber(found.providerNumber) : ''} {found.providerName}
          </AppLink>
        </p>
      ) : null}
      <Card title={t('executions:section.plan')}>
        <dl>
          <Field label={t('executions:field.process')}>
            <AppLink to={`/app/iks/${e.processId}?step=execution`}>
              {found.processIdkey} {found.processTitle}
            </AppLink>
          </Field>
          <Field label={t('executions:field.period')}>
            {e.providerId ? t('executions:assurance.year', { year: e.periodStart.slice(0, 4) }) : (e.period ?? t('executions:occasional'))}
          </Field>
          <Field label={t('executions:field.periodStart')}>{formatDate(e.periodStart)}</Field>
          <Field label={t('executions:field.periodEnd')}>{formatDate(e.periodEnd)}</Field>
          <Field label={t('executions:field.dueDate')}>{formatDate(e.dueDate)}</Field>
          <Field label={t('executions:field.performer')}>{found.performerName ?? '—'}</Field>
          <Field label={t('executions:field.reviewer')}>{found.reviewerName ?? t('executions:noReviewer')}</Field>
          <Field label={t('executions:plan.testProcedure')}>{found.testProcedure || '—'}</Field>
          <Field label={t('executions:plan.expectedResult')}>{found.expectedResult || '—'}</Field>
        </dl>
      </Card>
      {may.record ? (
        <RecordForm data={loaderData} lastResult={(actionData as ActionData)?.record ?? null} />
      ) : (
        <Card title={t('executions:section.record')}>
          {recorded ? (
            <dl data-testid="execution-record">
              <Field label={t('executions:field.performedOn')}>{formatDate(e.performedOn) || '—'}</Field>
              <Field label={t('executions:field.result')}>{e.result ? t(`executions:result.${e.result}`) : '—'}</Field>
              {e.result === 'notApplicable' ? <Field label={t('executions:field.resultReason')}>{e.resultReason}</Field> : null}
              <Field label={t('executions:field.steps')}>{e.steps || '—'}</Field>
              <Field label={t('executions:field.observation')}>{e.observation || '—'}</Field>
              <Field label={t('executions:field.populationSize')}>{count(e.populationSize)}</Field>
              <Field label={t('executions:field.sampleSize')}>{count(e.sampleSize)}</Field>
              <Field label={t('executions:field.sampleItems')}>
                {e.sampleItems.length ? (
                  <ul>
                    {e.sampleItems.map((item, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: sample items may repeat; their place is their identity
                      <li key={i}>{item}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </Field>
              <Field label={t('executions:field.recordedBy')}>{found.recordedByName ?? '—'}</Field>
              <Field label={t('executions:field.submittedAt')}>{e.submittedAt ? formatDateTime(e.submittedAt) : '—'}</Field>
            </dl>
          ) : (
            <p className={css.muted}>{t('executions:notRecorded')}</p>
          )}
        </Card>
      )}
      <Card title={t('executions:section.review')}>
        {e.reviewedAt ? (
          <dl data-testid="execution-review">
            <Field label={t('executions:field.reviewedBy')}>{found.reviewedByName ?? '—'}</Field>
            <Field label={t('executions:field.reviewedAt')}>{formatDateTime(e.reviewedAt)}</Field>
            <Field label={t('executions:field.reviewComment')}>{e.reviewComment || '—'}</Field>
          </dl>
        ) : null}
        {e.state === 'approved' ? <p className={css.muted}>{t('executions:approvedNote')}</p> : null}
        {e.state === 'submitted' && may.sign ? <ReviewForm data={loaderData} lastResult={(actionData as ActionData)?.review ?? null} /> : null}
        {e.state === 'submitted' && !may.sign ? <p className={css.muted}>{t('executions:waitingForReview')}</p> : null}
        {e.state !== 'submitted' && !e.reviewedAt && e.state !== 'approved' ? <p className={css.muted}>{t('executions:notSubmittedYet')}</p> : null}
      </Card>
      {e.measureId ? (
        <Card title={t('executions:section.measure')}>
          <p data-testid="execution-measure">
            <AppLink to={`/app/measures/${e.measureId}`}>
              {found.measureIdkey ? `${measureNumber(found.measureIdkey)} ${found.measureTitle}` : t('executions:measureGone')}
            </AppLink>
            {found.measureState ? ` · ${t(`measures.view.${found.measureState}`)}` : null}
          </p>
        </Card>
      ) : null}
      <section data-testid="execution-evidence" aria-labelledby="execution-evidence-title">
        <Card title={<span id="execution-evidence-title">{t('executions:section.evidence')}</span>}>
          {loaderData.files.length ? (
            <FileList
              testId="evidence-list"
              files={loaderData.files}
              more={(f) => (
                <>
                  <span className={css.muted}>
                    {' '}
                    · {formatDateTime(f.createdAt)}
                    {f.uploadedBy ? ` · ${f.uploadedBy}` : ''} · SHA-256 <code>{f.sha256.slice(0, 12)}…</code>
                  </span>
                  {may.record ? (
                    <Form method="post" style={{ display: 'inline' }}>
                      <input type="hidden" name="intent" value="removeFile" />
                      <input type="hidden" name="fileId" value={f.id} />
                      <Button type="submit" variant="secondary" aria-label={t('files:removeNamed', { name: f.name })}>
                        {t('files:remove')}
                      </Button>
                    </Form>
                  ) : null}
                </>
              )}
            />
          ) : (
            <p className={css.muted}>{t('executions:noEvidence')}</p>
          )}
          {may.record ? (
            <Form method="post" encType="multipart/form-data" data-testid="evidence-upload">
              <p>
                <label htmlFor="evidence-files">{t('files:choose')}</label>{' '}
                <input id="evidence-files" type="file" name="files" multiple required accept={FILE_ACCEPT} />
              </p>
              <p className={css.muted}>{t('files:allowed', { limit: formatNumber(Math.round(loaderData.uploadLimit / (1024 * 1024))) })}</p>
              {fileError ? (
                <div data-testid="evidence-error">
                  <Alert tone="error">{t(fileError.error, { limit: fileError.limit })}</Alert>
                </div>
              ) : null}
              <Button type="submit">{t('files:upload')}</Button>
            </Form>
          ) : null}
        </Card>
      </section>
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </>
  )
}

function RecordForm({ data: d, lastResult }: { data: LoaderData; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation()
  const e = d.found.execution
  const [form, fields] = useForm({
    id: `execution-record-${e.id}-${e.version}`,
    lastResult,
    defaultValue: {
      performedOn: e.performedOn ?? '',
      result: e.result ?? '',
      resultReason: e.resultReason,
      steps: e.steps || d.found.testProcedure,
      observation: e.observation,
      populationSize: e.populationSize === null ? '' : String(e.populationSize),
      sampleSize: e.sampleSize === null ? '' : String(e.sampleSize),
      sampleItems: e.sampleItems.join('\n'),
    },
  })
  const value = (name: string) => (fields[name]?.initialValue as string | undefined) ?? ''
  return (
    <Card title={t('executions:section.record')}>
      {e.state === 'returned' ? (
        <p className={css.muted} data-testid="returned-note">
          {t('executions:returnedNote', { comment: e.reviewComment || '—' })}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} data-testid="record-form">
        <FormErrors errors={form.errors} />
        <input type="hidden" name="version" value={e.version} />
        <div className={listCss.grid2}>
          <TextField
            label={t('executions:field.performedOn')}
            name="performedOn"
            type="date"
            defaultValue={value('performedOn')}
            errors={fields.performedOn?.errors}
            description={t('measures.dateHint')}
          />
          <SelectField
            label={t('executions:field.result')}
            name="result"
            defaultValue={value('result')}
            errors={fields.result?.errors}
            options={[{ value: '', label: '—' }, ...EXECUTION_RESULTS.map((r) => ({ value: r, label: t(`executions:result.${r}`) }))]}
          />
        </div>
        <TextField
          label={t('executions:field.resultReason')}
          name="resultReason"
          defaultValue={value('resultReason')}
          errors={fields.resultReason?.errors}
          description={t('executions:hint.resultReason')}
        />
        <TextField label={t('executions:field.steps')} name="steps" multiline rows={4} defaultValue={value('steps')} errors={fields.steps?.errors} />
        <TextField
          label={t('executions:field.observation')}
          name="observation"
          multiline
          rows={3}
          defaultValue={value('observation')}
          errors={fields.observation?.errors}
        />
        <div className={listCss.grid2}>
          <TextField
            label={t('executions:field.populationSize')}
            name="populationSize"
            inputMode="numeric"
            defaultValue={value('populationSize')}
            errors={fields.populationSize?.errors}
          />
          <TextField
            label={t('executions:field.sampleSize')}
            name="sampleSize"
            inputMode="numeric"
            defaultValue={value('sampleSize')}
            errors={fields.sampleSize?.errors}
          />
        </div>
        <TextField
          label={t('executions:field.sampleItems')}
          name="sampleItems"
          multiline
          rows={4}
          defaultValue={value('sampleItems')}
          errors={fields.sampleItems?.errors}
          description={t('executions:hint.sampleItems')}
        />
        <FormActions>
          <Button type="submit" name="intent" value="submit">
            {t('executions:action.submit')}
          </Button>
          <Button type="submit" name="intent" value="save" variant="secondary">
            {t('executions:action.save')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  )
}

function ReviewForm({ data: d, lastResult }: { data: LoaderData; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation()
  const e = d.found.execution
  const [form, fields] = useForm({ id: `execution-review-${e.id}-${e.version}`, lastResult })
  return (
    <Form method="post" {...getFormProps(form)} data-testid="review-form">
      <FormErrors errors={form.errors} />
      <input type="hidden" name="version" value={e.version} />
      <TextField
        label={t('executions:field.reviewComment')}
        name="reviewComment"
        multiline
        rows={3}
        defaultValue={(fields.reviewComment?.initialValue as string | undefined) ?? ''}
        errors={fields.reviewComment?.errors}
        description={t('executions:hint.reviewComment')}
      />
      <FormActions>
        <Button type="submit" name="intent" value="approve">
          {t('executions:action.approve')}
        </Button>
        <Button type="submit" name="intent" value="return" variant="secondary">
          {t('executions:action.return')}
        </Button>
      </FormActions>
    </Form>
  )
}
