import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import * as listCss from '#app/ui/list-page.css.ts'
import * as tableCss from '#app/ui/data-table.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { CONTROL_FREQUENCIES } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { executionNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/process-block'
import { ResultBadge, StateBadge } from './badges.tsx'
import { Executions } from './executions.server.ts'
import { viewStateOf } from './periods.ts'
import { occasionSchema, planSchema } from './schema.ts'

/*
 * The ICS process stepper's step "Execution" (issue 25, decision 0061): the process's plan and its form,
 * its executions, and adding one on occasion. An index route below the process detail (app/routes.ts), so
 * the inventory renders it through its outlet without importing this feature; it reads nothing on the
 * other steps. Its forms post here (`?index&step=execution`), so they work without JavaScript.
 */

const STEP = 'execution'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const step = new URL(request.url).searchParams.get('step')
  if (step !== STEP && step !== 'assessment') return null
  const { access } = await requirePermission({ request, context }, (p) => p.tools.iks.use)
  const service = Executions.for(access)
  if (!service.rights.read) return null
  const today = todayInZurich()
  // Beside the effectiveness rating: the year's results.
  if (step === 'assessment') return { results: await service.resultsOf(params.id, Number(today.slice(0, 4))) }
  const plan = await service.planOf(params.id)
  return plan ? { ...plan, results: null, today } : null
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.tools.iks.use)
  const service = Executions.for(access)
  // As the process's page: an unknown or foreign process is 404 whatever the intent, then the right to plan.
  if (!(await service.hasProcess(params.id))) notFound(request)
  if (!service.rights.record) forbidden(request)
  const formData = await request.formData()
  const here = `/app/iks/${params.id}?step=${STEP}`
  if (formData.get('intent') === 'occasion') {
    const submission = parseWithZod(formData, { schema: occasionSchema })
    if (submission.status !== 'success') return data({ occasion: submission.reply() }, { status: 400 })
    let id: string
    try {
      id = (await service.addOccasion(params.id, submission.value.day)).id
    } catch (error) {
      return replyToDomainError(error, submission, request, 'occasion')
    }
    return redirectWithToast(`/app/iks/executions/${id}`, 'created')
  }
  const submission = parseWithZod(formData, { schema: planSchema })
  if (submission.status !== 'success') return data({ plan: submission.reply() }, { status: 400 })
  const { version, intent: _intent, ...input } = submission.value
  try {
    await service.setPlan(params.id, input, version)
  } catch (error) {
    return replyToDomainError(error, submission, request, 'plan')
  }
  return redirectWithToast(here, 'saved')
}

type Data = Extract<NonNullable<Route.ComponentProps['loaderData']>, { plan: unknown }>
type YearResults = { year: number; planned: number; effective: number; deficient: number; notApplicable: number; approved: number }

/** The year's execution results, on the assessment step beside the effectiveness rating. */
function Results({ results: r }: { results: YearResults }) {
  const { t } = useTranslation()
  return (
    <p className={css.note} data-testid="execution-results">
      {t('executions:results.line', { year: String(r.year), count: r.planned })}{' '}
      {t('executions:results.counts', { effective: r.effective, deficient: r.deficient, notApplicable: r.notApplicable, approved: r.approved })}
    </p>
  )
}
type ActionData = { plan?: SubmissionResult<string[]>; occasion?: SubmissionResult<string[]> } | undefined

export default function ProcessExecutions({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation()
  if (!loaderData) return null
  if (!('plan' in loaderData)) return loaderData.results ? <Results results={loaderData.results} /> : null
  const d = loaderData
  const { plan } = d
  const post = `/app/iks/${params.id}?index&step=${STEP}`
  const result = actionData as ActionData
  return (
    <div data-testid="execution-step">
      <h3>{t('executions:section.plan')}</h3>
      {d.mayPlan ? (
        <PlanForm data={d} action={post} lastResult={result?.plan ?? null} />
      ) : (
        <dl>
          <Field label={t('executions:plan.frequency')}>{t(`executions:frequency.${plan.frequency}`)}</Field>
          <Field label={t('executions:field.performer')}>{plan.performerName ?? '—'}</Field>
          <Field label={t('executions:field.reviewer')}>{plan.reviewerName ?? t('executions:noReviewer')}</Field>
          <Field label={t('executions:plan.testProcedure')}>{plan.testProcedure || '—'}</Field>
          <Field label={t('executions:plan.expectedResult')}>{plan.expectedResult || '—'}</Field>
        </dl>
      )}
      <h3>{t('executions:section.executions')}</h3>
      {d.executions.length ? (
        <table className={tableCss.table} data-testid="process-executions">
          <caption className="visually-hidden">{t('executions:section.executions')}</caption>
          <thead>
            <tr>
              <th scope="col" className={tableCss.th}>
                {t('executions:field.number')}
              </th>
              <th scope="col" className={tableCss.th}>
                {t('executions:field.period')}
              </th>
              <th scope="col" className={tableCss.th}>
                {t('executions:field.dueDate')}
              </th>
              <th scope="col" className={tableCss.th}>
                {t('executions:field.state')}
              </th>
              <th scope="col" className={tableCss.th}>
                {t('executions:field.result')}
              </th>
            </tr>
          </thead>
          <tbody>
            {d.executions.map((e) => (
              <tr key={e.id}>
                <td className={tableCss.td}>
                  <AppLink to={`/app/iks/executions/${e.id}`}>{executionNumber(e.number)}</AppLink>
                </td>
                <td className={tableCss.td}>{e.period ?? `${t('executions:occasional')} ${formatDate(e.periodStart)}`}</td>
                <td className={tableCss.td}>{formatDate(e.dueDate)}</td>
                <td className={tableCss.td}>
                  <StateBadge view={viewStateOf(e, d.today)} />
                </td>
                <td className={tableCss.td}>{e.result ? <ResultBadge result={e.result} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={css.muted}>{t('executions:noneYet')}</p>
      )}
      <p>
        <AppLink to={`/app/iks/executions?process=${plan.id}`}>{t('executions:allOfProcess')}</AppLink>
      </p>
      {d.mayPlan ? <OccasionForm action={post} today={d.today} lastResult={result?.occasion ?? null} /> : null}
    </div>
  )
}

function PlanForm({ data: d, action, lastResult }: { data: Data; action: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation()
  const { plan } = d
  const [form, fields] = useForm({
    id: `execution-plan-${plan.id}-${plan.version}`,
    lastResult,
    defaultValue: {
      frequency: plan.frequency,
      performerUserId: plan.performerUserId ?? '',
      reviewerUserId: plan.reviewerUserId ?? '',
      testProcedure: plan.testProcedure,
      expectedResult: plan.expectedResult,
    },
  })
  const value = (name: string) => (fields[name]?.initialValue as string | undefined) ?? ''
  const people = d.people.map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` }))
  return (
    <Form method="post" action={action} {...getFormProps(form)} data-testid="plan-form">
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="plan" />
      <input type="hidden" name="version" value={plan.version} />
      <div className={listCss.grid2}>
        <SelectField
          label={t('executions:plan.frequency')}
          name="frequency"
          defaultValue={value('frequency')}
          errors={fields.frequency?.errors}
          isRequired
          options={CONTROL_FREQUENCIES.map((f) => ({ value: f, label: t(`executions:frequency.${f}`) }))}
        />
        <SelectField
          label={t('executions:field.performer')}
          name="performerUserId"
          defaultValue={value('performerUserId')}
          errors={fields.performerUserId?.errors}
          options={[{ value: '', label: t('executions:plan.ownerPerforms', { name: plan.ownerName ?? '—' }) }, ...people]}
        />
        <SelectField
          label={t('executions:field.reviewer')}
          name="reviewerUserId"
          defaultValue={value('reviewerUserId')}
          errors={fields.reviewerUserId?.errors}
          description={t('executions:hint.reviewer')}
          options={[{ value: '', label: '—' }, ...people]}
        />
      </div>
      <TextField
        label={t('executions:plan.testProcedure')}
        name="testProcedure"
        multiline
        rows={4}
        defaultValue={value('testProcedure')}
        errors={fields.testProcedure?.errors}
      />
      <TextField
        label={t('executions:plan.expectedResult')}
        name="expectedResult"
        multiline
        rows={2}
        defaultValue={value('expectedResult')}
        errors={fields.expectedResult?.errors}
      />
      <p className={css.muted}>{t('executions:plan.hint')}</p>
      <FormActions>
        <Button type="submit">{t('executions:action.savePlan')}</Button>
      </FormActions>
    </Form>
  )
}

function OccasionForm({ action, today, lastResult }: { action: string; today: string; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation()
  const [form, fields] = useForm({ id: 'execution-occasion', lastResult, defaultValue: { day: today } })
  return (
    <Form method="post" action={action} {...getFormProps(form)} data-testid="occasion-form">
      <h3>{t('executions:section.occasion')}</h3>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="intent" value="occasion" />
      <TextField
        label={t('executions:field.occasionDay')}
        name="day"
        type="date"
        defaultValue={(fields.day?.initialValue as string | undefined) ?? today}
        errors={fields.day?.errors}
        description={t('measures.dateHint')}
      />
      <FormActions>
        <Button type="submit" variant="secondary">
          {t('executions:action.addOccasion')}
        </Button>
      </FormActions>
    </Form>
  )
}
