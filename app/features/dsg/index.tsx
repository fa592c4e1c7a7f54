import { useTranslation } from '#app/i18n/use-translation.ts'
import { Link } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { DocumentLink } from '#app/ui/document-link.tsx'
import { MeasureSummaryTable, RiskSummaryTable } from '#app/features/inventory/face.tsx'
import { Card } from '#app/ui/card.tsx'
import { forbidden, requireCustomer } from '#app/auth/guards.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { dsgOverview } from './dsg.server.ts'
import { DsgHeadRow } from './head-row.tsx'
import { AppLink } from '#app/ui/app-link.tsx'
import type { Route } from './+types/index'
import type { TitleHandle } from '#app/ui/page-title.tsx'

/**
 * The data protection overview (SPEC.md §2): the area's head row (activities due for review,
 * assessments open; for the dsg role and admins breaches with their clock and requests due), then
 * DSG-relevant risks, open DSG measures, DSG documents.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  if (!permissionsOf(access).dsg.read) forbidden(request)
  const now = new Date()
  const today = todayInZurich(now)
  // An overview: the first entries of each list, with their totals and a link to the whole list.
  const { head, risks, processes, measures, documents } = await dsgOverview(access, now)
  return {
    head,
    risks,
    processes,
    measures: { total: measures.total, rows: measures.rows.map((m) => ({ ...m, overdue: m.dueDate < today })) },
    documents,
  }
}

export const handle: TitleHandle = { title: 'dsg.title' }

export default function DataProtection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { head, risks, processes, measures, documents } = loaderData
  return (
    <>
      <h1>{t('dsg.title')}</h1>
      <p>{t('dsg.intro')}</p>
      {head ? <DsgHeadRow head={head} /> : null}
      {risks ? (
        <Card title={t('dsg.risks', { count: risks.total })}>
          <RiskSummaryTable rows={risks.rows} testId="dsg-risks" step="dsg" showMeasureNeeded />
          <p>
            <Link to="/app/risk?dsg=yes">{t('dsg.allRisks')}</Link>
          </p>
        </Card>
      ) : null}
      {processes ? (
        <Card title={t('dsg.processes', { count: processes.total })}>
          {processes.rows.length === 0 ? (
            <p>{t('table.empty')}</p>
          ) : (
            <ul data-testid="dsg-processes">
              {processes.rows.map((p) => (
                <li key={p.id}>
                  {p.idkey} <AppLink to={`/app/iks/${p.id}?step=dsg`}>{p.title}</AppLink> · {t(`iks:state.${p.state}`)}
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to="/app/iks?dsg=yes">{t('dsg.allProcesses')}</Link>
          </p>
        </Card>
      ) : null}
      <Card title={t('dsg.measures', { count: measures.total })}>
        <MeasureSummaryTable rows={measures.rows} testId="dsg-measures" showOwner />
        <p>
          <Link to="/app/measures?tab=dsg">{t('dsg.allMeasures')}</Link>
        </p>
      </Card>
      <Card title={t('dsg.documents', { count: documents.total })}>
        {documents.rows.length === 0 ? (
          <p>{t('table.empty')}</p>
        ) : (
          <ul>
            {documents.rows.map((d) => (
              <li key={d.id}>
                <strong>{d.name}</strong> · <DocumentLink link={d.link} linkText={d.linkText} name={d.name} />
                {d.present ? null : (
                  <>
                    {' '}
                    <Badge tone="warning">{t('dsg.missing')}</Badge>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/app/docs?tab=dsg">{t('dsg.allDocuments')}</Link>
        </p>
      </Card>
    </>
  )
}
