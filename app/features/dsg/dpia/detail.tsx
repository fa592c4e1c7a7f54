import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { data, Form, Outlet } from 'react-router'
import type { z } from 'zod'
import { forbidden, notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { Alert, CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as stepperCss from '#app/ui/stepper.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { ScoreBadge } from '#app/ui/score-badge.tsx'
import * as css from '#app/ui/register.css.ts'
import { SCREENING_CRITERIA } from './assessment.ts'
import { DsgDpias } from './dpias.server.ts'
import { approvalSchema, assessmentSchema, measureLinkSchema, removeRiskSchema, riskSchema, screenSchema } from './schema.ts'
import { ScreeningFields } from './screening-fields.tsx'
import { DpiaStateBadge } from './state-badge.tsx'
import type { Route } from './+types/detail'
import { activityNumber, measureNumber } from '#models/core/record-number.ts'

async function requireDpia(request: Request, id: string) {
  const { access } = await requireCustomer(request)
  const dpias = DsgDpias.for(access)
  if (!dpias.mayRead) forbidden(request)
  const found = await dpias.get(id)
  if (!found) notFound(request)
  return { dpias, found }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { dpias, found } = await requireDpia(request, params.id)
  const choices = await dpias.choices(params.id)
  return { ...found, choices, canWrite: dpias.mayWrite, today: todayInZurich() }
}

export const handle: TitleHandle = { title: (d: Route.ComponentProps['loaderData']) => d.activity.name }

const INTENTS = ['screen', 'assessment', 'saveRisk', 'removeRisk', 'approve', 'link', 'unlink'] as const
type Intent = (typeof INTENTS)[number]

/** Each part of the page is a form of its own; the reply is keyed by the form, so a refused save keeps its input there. */
export async function action({ request, params }: Route.ActionArgs) {
  const { dpias, found } = await requireDpia(request, params.id)
  if (!dpias.mayWrite) forbidden(request)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '') as Intent
  if (!INTENTS.includes(intent)) return data({ error: 'intent' }, { status: 400 })
  const id = params.id
  const run = async <S extends z.ZodType>(key: string, schema: S, change: (value: z.output<S>) => Promise<unknown>) => {
    const submission = parseWithZod(formData, { schema })
    if (submission.status !== 'success') return data({ [key]: submission.reply() }, { status: 400 })
    try {
      await change(submission.value as z.output<S>)
    } catch (error) {
      return replyToDomainError(error, submission, request, key)
    }
    return redirectWithToast(`/app/dsg/dpia/${id}`, 'saved')
  }
  switch (intent) {
    case 'screen': {
      const t = getFixedT(await getLocale(request))
      return run('screen', screenSchema, ({ activityId: _a, version, withdrawApproval, ...answers }) =>
        dpias.screen(
          found.activity.id,
          { ...answers, notRequiredReason: answers.notRequiredReason || (answers.requiredByLaw ? t('dsg:dpia.screening.lawReason') : '') },
          version,
          withdrawApproval,
        ),
      )
    }
    case 'assessment':
      return run('assessment', assessmentSchema, ({ version, withdrawApproval, ...input }) => dpias.saveAssessment(id, input, version, withdrawApproval))
    case 'saveRisk': {
      const riskId = String(formData.get('riskId') ?? '') || null
      return run(riskId ? `risk-${riskId}` : 'risk-new', riskSchema, ({ version, riskId: _r, withdrawApproval, ...input }) =>
        dpias.saveRisk(id, riskId, input, version, withdrawApproval),
      )
    }
    case 'removeRisk':
      return run(`risk-${String(formData.get('riskId') ?? '')}`, removeRiskSchema, ({ riskId, version, withdrawApproval }) =>
        dpias.removeRisk(id, riskId, version, withdrawApproval),
      )
    case 'approve':
      return run('approve', approvalSchema, ({ version, ...input }) => dpias.approve(id, input, version))
    case 'link':
      return run('link', measureLinkSchema, ({ measureId, version, withdrawApproval }) => dpias.linkMeasure(id, measureId, version, withdrawApproval))
    case 'unlink':
      return run('link', measureLinkSchema, ({ measureId, version, withdrawApproval }) => dpias.unlinkMeasure(id, measureId, version, withdrawApproval))
  }
}

type LoaderData = Route.ComponentProps['loaderData']
type Results = Record<string, SubmissionResult<string[]> | undefined>

export default function DpiaDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const d = loaderData
  const results = (actionData ?? {}) as Results
  const required = d.dpia.state === 'open' || d.dpia.state === 'approved'
  return (
    <>
      <div className={css.head}>
        <h1>{d.activity.name}</h1>
        {d.canWrite ? (
          <LinkButton to={`/app/dsg/dpia/${d.dpia.id}/delete`} variant="secondary" preventScrollReset>
            {t('action.delete')}
          </LinkButton>
        ) : null}
      </div>
      <p className={css.flags}>
        <DpiaStateBadge state={d.dpia.state} />
        <span>
          {t('dsg:dpia.field.activity')}:{' '}
          <AppLink to={`/app/dsg/processing/${d.activity.id}`}>{`${activityNumber(d.activity.idkey)} ${d.activity.name}`}</AppLink>
        </span>
        <AppLink to="/app/dsg/dpia">{t('dsg:dpia.backToList')}</AppLink>
      </p>
      {d.canWrite && d.dpia.state === 'approved' ? (
        <div data-testid="dpia-approved-warning">
          <Alert tone="warning">{t('dsg:dpia.approval.editWithdraws')}</Alert>
        </div>
      ) : null}
      <ScreeningCard d={d} result={results.screen} />
      {required ? (
        <>
          <AssessmentCard d={d} result={results.assessment} />
          <RisksCard d={d} results={results} />
          <MeasuresCard d={d} result={results.link} />
          <ApprovalCard d={d} result={results.approve} />
        </>
      ) : null}
      <Outlet />
    </>
  )
}

function Version({ d }: { d: LoaderData }) {
  return <input type="hidden" name="version" value={d.dpia.version} />
}

/**
 * On an approved assessment, every form that changes its content carries this box: saving withdraws
 * the approval, and the service refuses the change until the box is ticked (no JavaScript needed).
 */
function ConfirmWithdrawal({ d, errors, screening }: { d: LoaderData; errors?: string[]; screening?: boolean }) {
  const { t } = useTranslation()
  if (d.dpia.state !== 'approved') return null
  // A new screening withdraws the approval only when it finds the assessment not required.
  const label = screening ? t('dsg:dpia.approval.confirmScreening') : t('dsg:dpia.approval.confirmWithdrawal')
  return <CheckboxField label={label} name="withdrawApproval" errors={errors} />
}

function Submit({ intent, children, variant }: { intent: Intent; children: ReactNode; variant?: 'primary' | 'secondary' | 'danger' }) {
  return (
    <Button type="submit" name="intent" value={intent} variant={variant}>
      {children}
    </Button>
  )
}

const yesNo = (t: (k: string) => string, v: boolean) => (v ? t('dsg:dpia.yes') : t('dsg:dpia.no'))

function ScreeningCard({ d, result }: { d: LoaderData; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const { dpia } = d
  const [form, fields] = useForm({ id: `dpia-screen-${dpia.version}`, lastResult: result, defaultValue: dpia })
  const required = dpia.state === 'open' || dpia.state === 'approved'
  return (
    <Card title={t('dsg:dpia.screening.title')}>
      <dl className={stepperCss.fields}>
        <Field label={t('dsg:dpia.screening.result')}>{required ? t('dsg:dpia.screening.required') : t('dsg:dpia.screening.notRequired')}</Field>
        {!required && dpia.notRequiredReason ? <Field label={t('dsg:dpia.field.notRequiredReason')}>{dpia.notRequiredReason}</Field> : null}
        <Field label={t('dsg:dpia.field.screenedOn')}>{`${formatDate(dpia.screenedOn) || '—'}${d.screenerName ? ` · ${d.screenerName}` : ''}`}</Field>
      </dl>
      {d.canWrite ? (
        <Form method="post" {...getFormProps(form)} preventScrollReset>
          <FormErrors errors={form.errors} />
          <Version d={d} />
          <ScreeningFields fields={fields} />
          <ConfirmWithdrawal d={d} errors={fields.withdrawApproval.errors} screening />
          <FormActions>
            <Submit intent="screen">{t('dsg:dpia.screening.submit')}</Submit>
          </FormActions>
        </Form>
      ) : (
        <ul>
          {[...SCREENING_CRITERIA, 'requiredByLaw' as const].map((c) => (
            <li key={c}>
              {t(`dsg:dpia.screening.${c}`)}: {yesNo(t, dpia[c])}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function levelLabel(l: { ref: number; name: string }) {
  return `${l.ref} – ${l.name}`
}

function AssessmentCard({ d, result }: { d: LoaderData; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const { dpia, choices } = d
  const [form, fields] = useForm({ id: `dpia-assessment-${dpia.version}`, lastResult: result, defaultValue: dpia })
  const value = (n: string) => fields[n].initialValue as string | undefined
  const p = choices.probability.find((l) => l.id === dpia.residualProbabilityLevelId)
  const s = choices.severity.find((l) => l.id === dpia.residualSeverityLevelId)
  return (
    <Card title={t('dsg:dpia.assessment.title')}>
      <dl className={stepperCss.fields}>
        <Field label={t('dsg:dpia.field.residual')}>
          <ScoreBadge probability={p?.ref ?? null} severity={s?.ref ?? null} />
        </Field>
        <Field label={t('dsg:dpia.field.advisorConsulted')}>{yesNo(t, dpia.advisorConsulted)}</Field>
        <Field label={t('dsg:dpia.field.fdpicConsultedOn')}>
          {dpia.fdpicConsultedOn ? `${formatDate(dpia.fdpicConsultedOn)}${dpia.fdpicReference ? ` · ${dpia.fdpicReference}` : ''}` : '—'}
        </Field>
      </dl>
      {d.residualHigh ? <Alert tone="warning">{t('dsg:dpia.assessment.residualHigh')}</Alert> : null}
      {d.consultationRequired ? (
        <Alert tone={dpia.fdpicConsultedOn ? 'info' : 'error'}>{t('dsg:dpia.assessment.consultationRequired')}</Alert>
      ) : d.residualHigh ? (
        <Alert tone="info">{t('dsg:dpia.assessment.advisorExempts')}</Alert>
      ) : null}
      {d.canWrite ? (
        <Form method="post" {...getFormProps(form)} preventScrollReset>
          <FormErrors errors={form.errors} />
          <Version d={d} />
          <TextField
            label={t('dsg:dpia.field.description')}
            name="description"
            multiline
            rows={6}
            defaultValue={value('description')}
            errors={fields.description.errors}
            description={t('dsg:dpia.assessment.descriptionHint')}
          />
          <fieldset>
            <legend>{t('dsg:dpia.field.residual')}</legend>
            <SelectField
              label={t('dsg:dpia.field.probability')}
              name="residualProbabilityLevelId"
              defaultValue={value('residualProbabilityLevelId')}
              errors={fields.residualProbabilityLevelId.errors}
              options={[{ value: '', label: '—' }, ...choices.probability.map((l) => ({ value: l.id, label: levelLabel(l) }))]}
            />
            <SelectField
              label={t('dsg:dpia.field.severity')}
              name="residualSeverityLevelId"
              defaultValue={value('residualSeverityLevelId')}
              errors={fields.residualSeverityLevelId.errors}
              options={[{ value: '', label: '—' }, ...choices.severity.map((l) => ({ value: l.id, label: levelLabel(l) }))]}
            />
            <TextField
              label={t('dsg:dpia.field.residualNote')}
              name="residualNote"
              multiline
              rows={2}
              defaultValue={value('residualNote')}
              errors={fields.residualNote.errors}
            />
          </fieldset>
          <fieldset>
            <legend>{t('dsg:dpia.assessment.consultation')}</legend>
            <CheckboxField label={t('dsg:dpia.field.advisorConsulted')} name="advisorConsulted" defaultChecked={value('advisorConsulted') === 'on'} />
            <TextField
              label={t('dsg:dpia.field.fdpicConsultedOn')}
              name="fdpicConsultedOn"
              type="date"
              defaultValue={value('fdpicConsultedOn')}
              errors={fields.fdpicConsultedOn.errors}
            />
            <TextField
              label={t('dsg:dpia.field.fdpicReference')}
              name="fdpicReference"
              defaultValue={value('fdpicReference')}
              errors={fields.fdpicReference.errors}
            />
          </fieldset>
          <ConfirmWithdrawal d={d} errors={fields.withdrawApproval.errors} />
          <FormActions>
            <Submit intent="assessment">{t('dsg:dpia.assessment.submit')}</Submit>
          </FormActions>
        </Form>
      ) : (
        <>
          <h3>{t('dsg:dpia.field.description')}</h3>
          <p style={{ whiteSpace: 'pre-wrap' }}>{dpia.description || '—'}</p>
          {dpia.residualNote ? <p style={{ whiteSpace: 'pre-wrap' }}>{dpia.residualNote}</p> : null}
        </>
      )}
    </Card>
  )
}

type RiskRow = LoaderData['risks'][number]

function RisksCard({ d, results }: { d: LoaderData; results: Results }) {
  const { t } = useTranslation()
  return (
    <Card title={t('dsg:dpia.risks.title')}>
      <p>{t('dsg:dpia.risks.intro')}</p>
      {d.risks.length === 0 ? <p>{t('dsg:dpia.risks.none')}</p> : null}
      <ol data-testid="dpia-risks">
        {d.risks.map((r, i) => (
          <li key={r.id}>{d.canWrite ? <RiskForm d={d} risk={r} n={i + 1} result={results[`risk-${r.id}`]} /> : <RiskView risk={r} />}</li>
        ))}
      </ol>
      {d.canWrite ? (
        <>
          <h3>{t('dsg:dpia.risks.add')}</h3>
          <RiskForm d={d} risk={null} n={d.risks.length + 1} result={results['risk-new']} />
        </>
      ) : null}
    </Card>
  )
}

function RiskView({ risk }: { risk: RiskRow }) {
  return (
    <p>
      {risk.description} <ScoreBadge probability={risk.probabilityRef} severity={risk.severityRef} />
    </p>
  )
}

function RiskForm({ d, risk, n, result }: { d: LoaderData; risk: RiskRow | null; n: number; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const key = risk ? risk.id : 'new'
  const [form, fields] = useForm({ id: `dpia-risk-${key}-${d.dpia.version}`, lastResult: result, defaultValue: risk ?? {} })
  const value = (name: string) => fields[name].initialValue as string | undefined
  const label = (text: string) => (risk ? `${text} (${t('dsg:dpia.risks.number', { n })})` : text)
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset aria-label={risk ? t('dsg:dpia.risks.number', { n }) : t('dsg:dpia.risks.add')}>
      <FormErrors errors={form.errors} />
      <Version d={d} />
      {risk ? <input type="hidden" name="riskId" value={risk.id} /> : null}
      <TextField
        label={label(t('dsg:dpia.field.riskDescription'))}
        name="description"
        multiline
        rows={2}
        isRequired
        defaultValue={value('description')}
        errors={fields.description.errors}
      />
      <div className={css.flags}>
        <SelectField
          label={label(t('dsg:dpia.field.probability'))}
          name="probabilityLevelId"
          isRequired
          defaultValue={value('probabilityLevelId')}
          errors={fields.probabilityLevelId.errors}
          options={[{ value: '', label: '—' }, ...d.choices.probability.map((l) => ({ value: l.id, label: levelLabel(l) }))]}
        />
        <SelectField
          label={label(t('dsg:dpia.field.severity'))}
          name="severityLevelId"
          isRequired
          defaultValue={value('severityLevelId')}
          errors={fields.severityLevelId.errors}
          options={[{ value: '', label: '—' }, ...d.choices.severity.map((l) => ({ value: l.id, label: levelLabel(l) }))]}
        />
        {risk ? <ScoreBadge probability={risk.probabilityRef} severity={risk.severityRef} /> : null}
      </div>
      <ConfirmWithdrawal d={d} errors={fields.withdrawApproval.errors} />
      <FormActions>
        <Submit intent="saveRisk" variant={risk ? 'secondary' : 'primary'}>
          {risk ? t('action.save') : t('dsg:dpia.risks.addSubmit')}
        </Submit>
        {risk ? (
          <Submit intent="removeRisk" variant="danger">
            {t('dsg:dpia.risks.remove')}
          </Submit>
        ) : null}
      </FormActions>
    </Form>
  )
}

function MeasuresCard({ d, result }: { d: LoaderData; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const [form, fields] = useForm({ id: `dpia-link-${d.dpia.version}`, lastResult: result })
  const measureState = (m: { state: string; dueDate: string }) =>
    m.state === 'confirmed' ? (
      <Badge tone="success">{t('dsg:dpia.measures.confirmed')}</Badge>
    ) : m.dueDate < d.today ? (
      <Badge tone="danger">{t('dsg:dpia.measures.overdue')}</Badge>
    ) : (
      <Badge tone="warning">{t('dsg:dpia.measures.pending')}</Badge>
    )
  return (
    <Card title={t('dsg:dpia.measures.title')}>
      <FormErrors errors={form.errors ?? fields.measureId.errors ?? fields.withdrawApproval.errors} />
      {d.measures.length === 0 ? <p>{t('dsg:dpia.measures.none')}</p> : null}
      <ul data-testid="dpia-measures">
        {d.measures.map((m) => (
          <li key={m.id} className={css.flags}>
            <span>
              {measureNumber(m.idkey, m.iteration)} {m.title}
            </span>
            {measureState(m)}
            <span>
              {t('dsg:dpia.measures.due')}: {formatDate(m.dueDate)}
            </span>
            {d.canWrite ? (
              <Form method="post" preventScrollReset>
                <Version d={d} />
                <input type="hidden" name="measureId" value={m.id} />
                <ConfirmWithdrawal d={d} />
                <Button type="submit" name="intent" value="unlink" variant="secondary" aria-label={`${t('dsg:dpia.measures.unlink')}: ${m.title}`}>
                  {t('dsg:dpia.measures.unlink')}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {d.canWrite ? (
        d.choices.measures.length === 0 ? (
          <p className={css.muted}>{t('dsg:dpia.measures.noneToLink')}</p>
        ) : (
          <Form method="post" {...getFormProps(form)} preventScrollReset>
            <Version d={d} />
            <SelectField
              label={t('dsg:dpia.measures.choose')}
              name="measureId"
              defaultValue={fields.measureId.initialValue as string | undefined}
              options={[
                { value: '', label: '—' },
                ...d.choices.measures.map((m) => ({ value: m.id, label: `${measureNumber(m.idkey, m.iteration)} ${m.title} (${formatDate(m.dueDate)})` })),
              ]}
            />
            <ConfirmWithdrawal d={d} />
            <FormActions>
              <Submit intent="link" variant="secondary">
                {t('dsg:dpia.measures.link')}
              </Submit>
            </FormActions>
          </Form>
        )
      ) : null}
    </Card>
  )
}

function ApprovalCard({ d, result }: { d: LoaderData; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const { dpia } = d
  const [form, fields] = useForm({
    id: `dpia-approve-${dpia.version}`,
    lastResult: result,
    defaultValue: { approvedByUserId: dpia.approvedByUserId ?? '', approvedOn: dpia.approvedOn ?? d.today },
  })
  return (
    <Card title={t('dsg:dpia.approval.title')}>
      {dpia.state === 'approved' ? (
        <p data-testid="dpia-approval">{t('dsg:dpia.approval.approvedBy', { name: d.approverName ?? '—', date: formatDate(dpia.approvedOn) })}</p>
      ) : (
        <p data-testid="dpia-approval">{t('dsg:dpia.approval.notYet')}</p>
      )}
      {d.gaps.length > 0 ? (
        <Alert tone="warning">
          {t('dsg:dpia.approval.missing')}
          <ul>
            {d.gaps.map((g) => (
              <li key={g}>{t(`dsg:dpia.gap.${g}`)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {d.canWrite ? (
        <Form method="post" {...getFormProps(form)} preventScrollReset>
          <FormErrors errors={form.errors} />
          <Version d={d} />
          <SelectField
            label={t('dsg:dpia.field.approvedBy')}
            name="approvedByUserId"
            isRequired
            defaultValue={fields.approvedByUserId.initialValue as string | undefined}
            errors={fields.approvedByUserId.errors}
            options={[{ value: '', label: '—' }, ...d.choices.approvers.map((a) => ({ value: a.id, label: `${a.firstName} ${a.lastName}` }))]}
          />
          <TextField
            label={t('dsg:dpia.field.approvedOn')}
            name="approvedOn"
            type="date"
            isRequired
            defaultValue={fields.approvedOn.initialValue as string | undefined}
            errors={fields.approvedOn.errors}
          />
          <FormActions>
            <Submit intent="approve">{t('dsg:dpia.approval.submit')}</Submit>
          </FormActions>
        </Form>
      ) : null}
    </Card>
  )
}
