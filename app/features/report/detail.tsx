import { Form, Link } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate, formatDateTime, supportedLanguages } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert, SelectField, TextField } from '#app/ui/fields.tsx'
import * as dash from '#app/ui/page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { parseDate, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/detail'
import { replyToReportError } from './form.server.ts'
import { Reports } from './reports.server.ts'
import { isLateFreeze } from './rules.ts'
import { keyFigures } from './content.ts'
import { KriSection } from './kri-section.tsx'
import { GovernanceSection } from './governance-section.tsx'
import { decisionNumber } from '#models/core/record-number.ts'

export const handle: TitleHandle = {
  title: (data: { snapshot: { reportingDate: string } }, t) => t('report:detail.title', { date: formatDate(data.snapshot.reportingDate) }),
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.reports.read)
  try {
    const snapshot = await Reports.for(access).get(params.id)
    // The fund's own language first among the report's three.
    const languages = [access.customer.language, ...supportedLanguages.filter((l) => l !== access.customer.language)]
    const canApprove = permissionsOf(access).reports.write
    // The council's decisions the approval may rest on (annual report or other), for the form's select.
    const decisions = canApprove ? await Reports.for(access).approvalDecisions() : []
    return { snapshot, canApprove, decisions, today: todayInZurich(), languages }
  } catch (error) {
    return replyToReportError(error, request) as never
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.reports.read)
  const form = await request.formData()
  try {
    // An unknown snapshot is 404 before the form is looked at, as the page says.
    await Reports.for(access).get(params.id)
    // Either a decision of the register chosen, or the council's decision recorded with the approval.
    if (form.get('intent') === 'choose') {
      const decisionId = String(form.get('decisionId') ?? '')
      if (!decisionId) throw new DomainError('invalid', 'decisionId', 'report:approvalDecision.errors.choose')
      await Reports.for(access).recordApproval(params.id, { decisionId })
    } else {
      const decidedOn = parseDate(String(form.get('decidedOn') ?? ''))
      if (!decidedOn) throw new DomainError('invalid', 'decidedOn', 'report:errors.date')
      await Reports.for(access).recordApproval(params.id, {
        subject: 'annualReport',
        decidedOn,
        reference: String(form.get('reference') ?? ''),
        title: String(form.get('title') ?? ''),
        decidedBy: String(form.get('decidedBy') ?? ''),
      })
    }
    return redirectWithToast(`/app/report/${params.id}`, 'saved')
  } catch (error) {
    return replyToReportError(error, request, Object.fromEntries([...form].map(([k, v]) => [k, String(v)])))
  }
}

export default function ReportDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { snapshot, canApprove, decisions, today, languages } = loaderData
  const c = snapshot.content
  const values = actionData && 'values' in actionData ? (actionData.values as Record<string, string> | undefined) : undefined
  const errorOf = (field: string) => (actionData?.error && actionData.field === field ? [actionData.error] : undefined)
  const figures = keyFigures(c)
  return (
    <>
      <p>
        <Link to="/app/report">{t('report:back')}</Link>
      </p>
      <h1>{t('report:detail.title', { date: formatDate(snapshot.reportingDate) })}</h1>
      <p>{t('report:detail.frozen', { at: formatDateTime(snapshot.frozenAt), by: c.frozenBy, from: formatDate(c.periodFrom) })}</p>
      {c.frozenOn && isLateFreeze(c.reportingDate, c.frozenOn) ? (
        <p data-testid="frozen-late">{t('report:detail.frozenLate', { date: formatDate(c.reportingDate), on: formatDate(c.frozenOn) })}</p>
      ) : null}
      {c.asOf?.uncertain.length ? (
        <div data-testid="uncertain">
          <Alert tone="warning">
            <p>{t('report:asOf.intro', { count: c.asOf.uncertain.length, date: formatDate(c.reportingDate) })}</p>
            <ul>
              {c.asOf.uncertain.map((u) => (
                <li key={`${u.register}-${u.number}-${u.title}`}>
                  {t('report:asOf.line', {
                    record: [t(`report:asOf.register.${u.register}`), u.number, u.title].filter(Boolean).join(' '),
                    reason: t(`report:asOf.reason.${u.reason}`),
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}
      {c.commentary ? (
        <Card title={t('report:field.commentary')}>
          <p data-testid="commentary" style={{ whiteSpace: 'pre-line' }}>
            {c.commentary}
          </p>
        </Card>
      ) : null}
      <p>
        <Link to={`/app/report/${snapshot.id}/compare`}>{t('report:compare.link', { date: formatDate(snapshot.reportingDate) })}</Link>
      </p>
      <Card title={t('report:summary.title')}>
        <table className={dash.table} data-testid="summary">
          <tbody>
            {figures.map(([key, value]) => (
              <tr key={key}>
                <th scope="row">{t(key)}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <KriSection content={c} />
      <GovernanceSection content={c} />
      <Card title={t('report:download.title')}>
        <p>{t('report:download.intro')}</p>
        <ul data-testid="downloads">
          {languages.map((lang) => (
            <li key={lang}>
              <a href={`/app/report/${snapshot.id}/report.pdf?lang=${lang}`} download hrefLang={lang}>
                {t('report:download.pdf', { language: t(`language.${lang}`) })}
              </a>
            </li>
          ))}
          <li>
            <a href={`/app/report/${snapshot.id}/auditor.zip`} download>
              {t('report:download.zip')}
            </a>
          </li>
        </ul>
      </Card>
      <Card title={t('report:approval.title')}>
        <div data-testid="approval">
          {snapshot.approval ? (
            <p>
              {t('report:approval.recorded', { date: formatDate(snapshot.approval.approvedOn), names: snapshot.approval.names })}
              {snapshot.approval.decision ? (
                <>
                  {' '}
                  <Link to={`/app/decisions/${snapshot.approval.decisionId}`} data-testid="approval-decision">
                    {t('report:approvalDecision.recordedAs', {
                      number: decisionNumber(snapshot.approval.decision.number),
                      reference: snapshot.approval.decision.reference,
                    })}
                  </Link>
                </>
              ) : null}
            </p>
          ) : (
            <p>{t('report:approval.none')}</p>
          )}
        </div>
        {canApprove ? (
          <>
            <p>{t('report:approvalDecision.intro')}</p>
            {decisions.length ? (
              <Form method="post" data-testid="approval-choose">
                <input type="hidden" name="intent" value="choose" />
                <SelectField
                  name="decisionId"
                  label={t('report:approvalDecision.choose')}
                  defaultValue={values?.decisionId ?? ''}
                  options={[
                    { value: '', label: t('report:approvalDecision.choosePlaceholder') },
                    ...decisions.map((d) => ({
                      value: d.id,
                      label: `${decisionNumber(d.number)} · ${formatDate(d.decidedOn)} · ${d.reference} · ${d.title}`,
                    })),
                  ]}
                  errors={errorOf('decisionId')}
                />
                <Button type="submit">{t('report:approvalDecision.chooseSubmit')}</Button>
              </Form>
            ) : null}
            <Form method="post" data-testid="approval-form">
              <input type="hidden" name="intent" value="record" />
              <h3>{t('report:approvalDecision.record')}</h3>
              <TextField
                type="date"
                name="decidedOn"
                label={t('report:field.approvedOn')}
                defaultValue={values?.decidedOn ?? today}
                isRequired
                errors={errorOf('decidedOn')}
              />
              <TextField
                name="reference"
                label={t('report:approvalDecision.reference')}
                description={t('report:approvalDecision.referenceHint')}
                defaultValue={values?.reference}
                isRequired
                errors={errorOf('reference')}
              />
              <TextField
                name="title"
                label={t('report:approvalDecision.decisionTitle')}
                defaultValue={values?.title ?? t('report:approvalDecision.defaultTitle', { date: formatDate(snapshot.reportingDate) })}
                isRequired
                errors={errorOf('title')}
              />
              <TextField
                name="decidedBy"
                label={t('report:field.names')}
                description={t('report:approval.namesHint')}
                defaultValue={values?.decidedBy}
                isRequired
                errors={errorOf('decidedBy')}
              />
              <Button type="submit">{t('report:approval.submit')}</Button>
            </Form>
          </>
        ) : null}
      </Card>
    </>
  )
}
