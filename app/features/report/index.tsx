import { useState } from 'react'
import { Form, Link } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { formatDate, formatDateTime } from '#app/i18n/config.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert, TextField } from '#app/ui/fields.tsx'
import * as dash from '#app/ui/page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { parseDate, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/index'
import { replyToReportError } from './form.server.ts'
import { defaultReportingDate, Reports } from './reports.server.ts'
import { isLateFreeze, LATE_FREEZE_DAYS, MAX_COMMENTARY } from './rules.ts'
import { QualityTrend } from './quality-trend.tsx'
import { qualityTrend } from './trend.server.ts'

export const handle: TitleHandle = { title: 'report:title' }

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.reports.read)
  const [snapshots, trend] = await Promise.all([Reports.for(access).list(), qualityTrend(access)])
  return { snapshots, trend, canFreeze: permissionsOf(access).reports.write, defaultDate: defaultReportingDate(), today: todayInZurich() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.reports.read)
  const form = await request.formData()
  const typed = String(form.get('reportingDate') ?? '')
  const reportingDate = parseDate(typed)
  const commentary = String(form.get('commentary') ?? '')
  try {
    if (!reportingDate) throw new DomainError('invalid', 'reportingDate', 'report:errors.date')
    const row = await Reports.for(access).freeze(reportingDate, commentary)
    return redirectWithToast(`/app/report/${row.id}`, 'created')
  } catch (error) {
    // What was typed comes back with the message (without JavaScript the page is rendered anew).
    return replyToReportError(error, request, { reportingDate: typed, commentary })
  }
}

export default function ReportIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { snapshots, trend, canFreeze, defaultDate, today } = loaderData
  const values = actionData?.values
  // The warning follows the date chosen (with JavaScript); without, it judges the date shown.
  const [date, setDate] = useState(values?.reportingDate ?? defaultDate)
  const late = /^\d{4}-\d{2}-\d{2}$/.test(date) && isLateFreeze(date, today)
  const errorOf = (field: string) =>
    actionData?.error && (actionData.field === field || (field === 'reportingDate' && actionData.field !== 'commentary')) ? [actionData.error] : undefined
  return (
    <>
      <h1>{t('report:title')}</h1>
      <p>{t('report:intro')}</p>
      {canFreeze ? (
        <Card title={t('report:freeze.title')}>
          <Form
            method="post"
            data-testid="freeze-form"
            onChange={(e) => {
              const target = e.target as EventTarget as HTMLInputElement
              if (target.name === 'reportingDate') setDate(target.value)
            }}
          >
            <TextField
              type="date"
              name="reportingDate"
              label={t('report:field.reportingDate')}
              defaultValue={values?.reportingDate ?? defaultDate}
              isRequired
              errors={errorOf('reportingDate')}
            />
            {late ? (
              <div data-testid="late-freeze">
                <Alert tone="warning">{t('report:freeze.late', { days: LATE_FREEZE_DAYS })}</Alert>
              </div>
            ) : null}
            <TextField
              name="commentary"
              multiline
              rows={6}
              label={t('report:field.commentary')}
              description={t('report:freeze.commentaryHint', { max: MAX_COMMENTARY })}
              defaultValue={values?.commentary ?? ''}
              errors={errorOf('commentary')}
            />
            <p>{t('report:freeze.note')}</p>
            <Button type="submit">{t('report:freeze.submit')}</Button>
          </Form>
        </Card>
      ) : null}
      <Card title={t('report:list.title')}>
        {snapshots.length === 0 ? (
          <p>{t('report:list.empty')}</p>
        ) : (
          <ScrollArea label={t('report:list.title')}>
            <table className={dash.table} data-testid="snapshots">
              <thead>
                <tr>
                  <th scope="col">{t('report:field.reportingDate')}</th>
                  <th scope="col">{t('report:field.frozenAt')}</th>
                  <th scope="col">{t('report:field.frozenBy')}</th>
                  <th scope="col">{t('report:field.approvedOn')}</th>
                </tr>
              </thead>
              <tbody>
                {snapshots.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Link to={`/app/report/${s.id}`}>{formatDate(s.reportingDate)}</Link>
                    </td>
                    <td>{formatDateTime(s.frozenAt)}</td>
                    <td>{s.frozenBy}</td>
                    <td>{s.approvedOn ? formatDate(s.approvedOn) : t('report:approval.none')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        )}
      </Card>
      <QualityTrend trend={trend} />
    </>
  )
}
