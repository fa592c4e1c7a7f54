import { Link } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import { Card } from '#app/ui/card.tsx'
import * as dash from '#app/ui/page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import type { Route } from './+types/compare'
import { replyToReportError } from './form.server.ts'
import { Reports } from './reports.server.ts'

export const handle: TitleHandle = {
  title: (data: { snapshot: { reportingDate: string } }, t) => t('report:compare.title', { date: formatDate(data.snapshot.reportingDate) }),
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.reports.read)
  try {
    return await Reports.for(access).compare(params.id)
  } catch (error) {
    return replyToReportError(error, request) as never
  }
}

export default function ReportCompare({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { snapshot, rows, governance } = loaderData
  const changed = rows.filter((r) => r.change !== 'unchanged')
  return (
    <>
      <p>
        <Link to={`/app/report/${snapshot.id}`}>{t('report:back')}</Link>
      </p>
      <h1>{t('report:compare.title', { date: formatDate(snapshot.reportingDate) })}</h1>
      <Card title={t('report:compare.risks')}>
        {changed.length === 0 ? (
          <p>{t('report:compare.none')}</p>
        ) : (
          <ScrollArea label={t('report:compare.risks')}>
            <table className={dash.table} data-testid="compare">
              <thead>
                <tr>
                  <th scope="col">{t('report:field.risk')}</th>
                  <th scope="col">{t('report:field.change')}</th>
                  <th scope="col">{t('report:field.grossThen')}</th>
                  <th scope="col">{t('report:field.scoreThen')}</th>
                  <th scope="col">{t('report:field.scoreNow')}</th>
                </tr>
              </thead>
              <tbody>
                {changed.map((r) => (
                  <tr key={r.id}>
                    <td>
                      {r.change === 'removed' ? (
                        `${r.idkey} ${r.title}`
                      ) : (
                        <Link to={`/app/risk/${r.id}`}>
                          {r.idkey} {r.title}
                        </Link>
                      )}
                    </td>
                    <td>{t(`report:change.${r.change}`)}</td>
                    <td>{r.before?.grossScore ?? '—'}</td>
                    <td>{r.before?.score ?? '—'}</td>
                    <td>{r.after?.score ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        )}
        <p>{t('report:compare.unchanged', { count: rows.length - changed.length })}</p>
      </Card>
      <Card title={t('report:governance.title')}>
        <table className={dash.table} data-testid="compare-governance">
          <thead>
            <tr>
              <th scope="col">{t('report:governance.compare.figure')}</th>
              <th scope="col">{t('report:governance.compare.then', { date: formatDate(snapshot.reportingDate) })}</th>
              <th scope="col">{t('report:governance.compare.now')}</th>
            </tr>
          </thead>
          <tbody>
            {(['providers', 'providersAttention', 'findingsOpen', 'findingsOverdue', 'decisions'] as const).map((key) => (
              <tr key={key}>
                <th scope="row">{t(`report:governance.compare.${key}`)}</th>
                <td>{governance.then ? governance.then[key] : '—'}</td>
                <td>{governance.now[key]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  )
}
