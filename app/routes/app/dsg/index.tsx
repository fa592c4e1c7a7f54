import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '#app/components/badges.tsx'
import { DocumentLink } from '#app/components/document-link.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { forbidden, requireCustomer } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { canUseTool } from '#models/access.ts'
import { todayInZurich } from '#models/dates.ts'
import { listDocuments } from '#models/documents.server.ts'
import { listMeasures } from '#models/measures.server.ts'
import { listRisks } from '#models/risks.server.ts'
import { ScoreBadge } from '../risk/score-badge.tsx'
import type { Route } from './+types/index'
import * as css from '../dashboard.css.ts'

/** The data protection overview (SPEC.md §2): DSG-relevant risks, open DSG measures, DSG documents. */
export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireCustomer(request)
  const risk = canUseTool(access.rights, 'risk')
  if (!risk && !canUseTool(access.rights, 'iks')) forbidden(request)
  const today = todayInZurich()
  const locale = await getLocale(request)
  const [risks, measures, documents] = await Promise.all([
    risk ? listRisks(access, { dsgRelevant: true, sort: 'score', dir: 'desc' }, { limit: 50, offset: 0 }, locale) : null,
    listMeasures(access, { tab: 'dsg', view: 'pending', sort: 'dueDate', dir: 'asc' }, today, { limit: 50, offset: 0 }),
    listDocuments(access, { category: 'dsg', sort: 'name', dir: 'asc' }, { limit: 50, offset: 0 }),
  ])
  return {
    risks,
    measures: { total: measures.total, rows: measures.rows.map((m) => ({ ...m, overdue: m.dueDate < today })) },
    documents,
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Datenschutz · Vorsorge RM' }]

export default function DataProtection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { risks, measures, documents } = loaderData
  return (
    <>
      <h1>{t('dsg.title')}</h1>
      <p>{t('dsg.intro')}</p>
      {risks ? (
        <Card title={t('dsg.risks', { count: risks.total })}>
          {risks.rows.length === 0 ? (
            <p>{t('table.empty')}</p>
          ) : (
            <table className={css.table} data-testid="dsg-risks">
              <thead>
                <tr>
                  <th scope="col">{t('risk:field.idkey')}</th>
                  <th scope="col">{t('risk:field.title')}</th>
                  <th scope="col">{t('risk:field.state')}</th>
                  <th scope="col">{t('risk:field.score')}</th>
                  <th scope="col">{t('measures.field.dsg')}</th>
                </tr>
              </thead>
              <tbody>
                {risks.rows.map((r) => (
                  <tr key={r.id}>
                    <td className={css.nowrap}>{r.idkey}</td>
                    <td>
                      <Link to={`/app/risk/${r.id}?step=dsg`}>{r.title}</Link>
                    </td>
                    <td>{t(`risk:state.${r.state}`)}</td>
                    <td>
                      <ScoreBadge probability={r.probability} severity={r.severity} />
                    </td>
                    <td>{r.measureNeeded ? <Badge tone="warning">{t('risk:field.measureNeeded')}</Badge> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p>
            <Link to="/app/risk?dsg=yes">{t('dsg.allRisks')}</Link>
          </p>
        </Card>
      ) : null}
      <Card title={t('dsg.measures', { count: measures.total })}>
        {measures.rows.length === 0 ? (
          <p>{t('table.empty')}</p>
        ) : (
          <table className={css.table} data-testid="dsg-measures">
            <thead>
              <tr>
                <th scope="col">{t('measures.field.dueDate')}</th>
                <th scope="col">{t('measures.field.number')}</th>
                <th scope="col">{t('measures.field.title')}</th>
                <th scope="col">{t('measures.field.owner')}</th>
                <th scope="col">{t('measures.field.source')}</th>
              </tr>
            </thead>
            <tbody>
              {measures.rows.map((m) => (
                <tr key={m.id}>
                  <td className={css.nowrap}>
                    {formatDate(m.dueDate)} {m.overdue ? <Badge tone="danger">{t('measures.status.overdue')}</Badge> : null}
                  </td>
                  <td className={css.nowrap}>M-{m.idkey}</td>
                  <td>{m.title}</td>
                  <td>{m.ownerName || '—'}</td>
                  <td>{t(`measures.source.${m.source}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
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
