import { useTranslation } from '#app/i18n/use-translation.ts'
import { Link } from 'react-router'
import { MeasureSummaryTable, RiskSummaryTable } from '#app/features/inventory/face.tsx'
import { Card } from '#app/ui/card.tsx'
import { requireCustomer } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { effectiveUserId } from '#models/core/access.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { dashboardData, type ExecutionFigures, type FindingFigures, type KriFigures, type ProviderFigures } from './dashboard.server.ts'
import { GOVERNANCE_LINKS } from './links.ts'
import { PROVIDER_NOTICE_LEAD_DAYS } from '#models/core/constants.ts'
import { formatKriValue } from '#models/core/kri-format.ts'
import { TopRow } from './top-row.tsx'
import { DsgHeadRow } from '#app/features/dsg/face.tsx'
import { AppLink } from '#app/ui/app-link.tsx'
import type { Route } from './+types/index'
import * as css from '#app/ui/page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const { risk, iks } = permissionsOf(access).tools
  const tools = { risk: risk.use, iks: iks.use }
  const now = new Date()
  const today = todayInZurich(now)
  const locale = await getLocale(request)
  // For admins, `loyalty`: the loyalty area's open ends (overdue declarations, open findings, changes not yet reported).
  const { top, measures, risks, processes, executions, loyalty, kri, providers, findings, news, dsg } = await dashboardData(access, today, locale, now)
  return {
    customer: access.customer.name,
    firstName: (access.actingFor ?? access.user).firstName,
    ownerParam: `user:${effectiveUserId(access)}`,
    tools,
    top,
    measures: { total: measures.total, rows: measures.rows.map((m) => ({ ...m, overdue: m.dueDate < today })) },
    risks,
    processes,
    executions,
    userId: effectiveUserId(access),
    news,
    dsg,
    loyalty,
    kri,
    providers,
    findings,
  }
}

export const handle: TitleHandle = { title: 'dashboard.title' }

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { tools, measures } = loaderData
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      <p>{t('dashboard.welcome', { name: loaderData.firstName, customer: loaderData.customer })}</p>
      {loaderData.top ? <TopRow top={loaderData.top} /> : null}
      {loaderData.dsg ? (
        <Card title={t('dsg.title')}>
          <DsgHeadRow head={loaderData.dsg} headingLevel={3} />
          <p>
            <Link to="/app/dsg">{t('dsg:overview.open')}</Link>
          </p>
        </Card>
      ) : null}
      {!tools.risk && !tools.iks ? <Card title={t('dashboard.noTools.title')}>{t('dashboard.noTools.text')}</Card> : null}
      {tools.risk || tools.iks ? (
        <Card title={t('dashboard.myMeasures')}>
          <MeasureSummaryTable rows={measures.rows} testId="my-measures" />
          <p>
            <Link to={`/app/measures?${new URLSearchParams({ tab: 'all', owner: loaderData.ownerParam })}`}>
              {t('dashboard.showAll', { count: measures.total })}
            </Link>
          </p>
        </Card>
      ) : null}
      {loaderData.risks ? (
        <Card title={t('dashboard.myRisks')}>
          <RiskSummaryTable rows={loaderData.risks.rows} testId="my-risks" />
          <p>
            <Link to={`/app/risk?${new URLSearchParams({ owner: loaderData.ownerParam.slice(5) })}`}>
              {t('dashboard.showAllRisks', { count: loaderData.risks.total })}
            </Link>
          </p>
        </Card>
      ) : null}
      {loaderData.processes ? (
        <Card title={t('dashboard.myProcesses')}>
          {loaderData.processes.rows.length === 0 ? (
            <p>{t('table.empty')}</p>
          ) : (
            <ul data-testid="my-processes">
              {loaderData.processes.rows.map((p) => (
                <li key={p.id}>
                  {p.idkey} <AppLink to={`/app/iks/${p.id}`}>{p.title}</AppLink> · {t(`iks:state.${p.state}`)}
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to={`/app/iks?${new URLSearchParams({ owner: loaderData.ownerParam.slice(5) })}`}>
              {t('dashboard.showAllProcesses', { count: loaderData.processes.total })}
            </Link>
          </p>
        </Card>
      ) : null}
      {loaderData.executions && Object.values(loaderData.executions).some((n) => n > 0) ? (
        <ExecutionTiles figures={loaderData.executions} userId={loaderData.userId} />
      ) : null}
      {loaderData.loyalty && Object.values(loaderData.loyalty).some((n) => n > 0) ? <LoyaltyTiles figures={loaderData.loyalty} /> : null}
      {loaderData.kri && (loaderData.kri.coverage || loaderData.kri.red || loaderData.kri.amber || loaderData.kri.overdueDuties) ? (
        <KriTiles figures={loaderData.kri} />
      ) : null}
      {[loaderData.providers, loaderData.findings].some((f) => f && Object.values(f).some((n) => n > 0)) ? (
        <GovernanceTiles providers={loaderData.providers} findings={loaderData.findings} />
      ) : null}
      {loaderData.news.length ? (
        <Card title={t('dashboard.myNews')}>
          <ul className={css.news} data-testid="my-news">
            {loaderData.news.map((n) => (
              <li key={n.id} lang={n.language}>
                <details>
                  <summary>
                    <strong>{n.title}</strong> <span className={css.nowrap}>· {formatDate(n.date)}</span>
                    {n.lead ? <div>{n.lead}</div> : null}
                  </summary>
                  <p style={{ whiteSpace: 'pre-line' }}>{n.body}</p>
                </details>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <div className={css.grid}>
        {tools.risk ? (
          <Card title={t('tool.risk')}>
            <p>{t('dashboard.riskText')}</p>
            <Link to="/app/risk">{t('dashboard.open', { tool: t('tool.risk') })}</Link>
          </Card>
        ) : null}
        {tools.iks ? (
          <Card title={t('tool.iks')}>
            <p>{t('dashboard.iksText')}</p>
            <Link to="/app/iks">{t('dashboard.open', { tool: t('tool.iks') })}</Link>
          </Card>
        ) : null}
      </div>
    </>
  )
}

/** My control executions: each figure opens the executions list filtered to as many rows. */
function ExecutionTiles({ figures, userId }: { figures: ExecutionFigures; userId: string }) {
  const { t } = useTranslation()
  const list = (params: Record<string, string>) => `/app/iks/executions?${new URLSearchParams(params)}`
  const tiles = [
    { key: 'due', count: figures.due, to: list({ performer: userId, state: 'due' }) },
    { key: 'overdue', count: figures.overdue, to: list({ performer: userId, state: 'overdue' }) },
    { key: 'returned', count: figures.returned, to: list({ performer: userId, state: 'returned' }) },
    { key: 'toReview', count: figures.toReview, to: list({ reviewer: userId, state: 'submitted' }) },
  ] as const
  return (
    <Card title={t('dashboard.executions.title')}>
      <ul className={css.news} data-testid="my-executions">
        {tiles.map((tile) => (
          <li key={tile.key} data-figure={tile.key}>
            <Link to={tile.to}>{t(`dashboard.executions.${tile.key}`, { count: tile.count })}</Link>
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** The loyalty area's open ends for admins: each figure opens the page where it is dealt with. */
function LoyaltyTiles({ figures }: { figures: { overdue: number; findings: number; unreported: number } }) {
  const { t } = useTranslation()
  const tiles = [
    { key: 'overdue', count: figures.overdue, to: '/app/loyalty' },
    { key: 'findings', count: figures.findings, to: '/app/loyalty' },
    { key: 'unreported', count: figures.unreported, to: '/app/loyalty/changes' },
  ] as const
  return (
    <Card title={t('dashboard.loyalty.title')}>
      <ul className={css.news} data-testid="dashboard-loyalty">
        {tiles.map((tile) => (
          <li key={tile.key} data-figure={tile.key}>
            <Link to={tile.to}>{t(`dashboard.loyalty.${tile.key}`, { count: tile.count })}</Link>
          </li>
        ))}
      </ul>
    </Card>
  )
}

/** The KRIs for readers of RM (issue 27): the coverage ratio, the KRIs outside the appetite, the underfunding duties overdue. */
function KriTiles({ figures }: { figures: KriFigures }) {
  const { t } = useTranslation()
  const tiles = [
    { key: 'red', count: figures.red, to: '/app/risk/kri' },
    { key: 'amber', count: figures.amber, to: '/app/risk/kri' },
    { key: 'overdueDuties', count: figures.overdueDuties, to: '/app/risk/kri/underfunding' },
  ].filter((tile) => tile.count > 0)
  const coverage = figures.coverage
  return (
    <Card title={t('dashboard.kri.title')}>
      <ul className={css.news} data-testid="dashboard-kri">
        {coverage ? (
          <li>
            <Link to="/app/risk/kri">
              {t('dashboard.kri.coverage', {
                date: formatDate(coverage.periodEnd),
                value: formatKriValue(coverage.value, coverage.unit),
                status: t(`dashboard.kri.status.${coverage.status ?? 'none'}`),
              })}
            </Link>
          </li>
        ) : null}
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={tile.to}>{t(`dashboard.kri.${tile.key}`, { count: tile.count })}</Link>
          </li>
        ))}
      </ul>
    </Card>
  )
}

/**
 * Providers and findings for their readers (issue 28): providers whose assurance is overdue or deficient,
 * contracts whose last notice day comes within the lead days, findings escalated and open; each opens its
 * list filtered to what it counts.
 */
function GovernanceTiles({ providers, findings }: { providers: ProviderFigures | null; findings: FindingFigures | null }) {
  const { t } = useTranslation()
  const tiles = [
    ...(providers
      ? [
          { key: 'assuranceOverdue', count: providers.assuranceOverdue, to: GOVERNANCE_LINKS.assuranceOverdue },
          { key: 'assuranceDeficient', count: providers.assuranceDeficient, to: GOVERNANCE_LINKS.assuranceDeficient },
          { key: 'notice', count: providers.notice, to: GOVERNANCE_LINKS.notice },
        ]
      : []),
    ...(findings
      ? [
          { key: 'escalated', count: findings.escalated, to: GOVERNANCE_LINKS.findingsEscalated },
          { key: 'open', count: findings.open, to: GOVERNANCE_LINKS.findingsOpen },
        ]
      : []),
  ].filter((tile) => tile.count > 0)
  return (
    <Card title={t('dashboard.governance.title')}>
      <ul className={css.news} data-testid="dashboard-governance">
        {tiles.map((tile) => (
          <li key={tile.key} data-testid={`governance-${tile.key}`}>
            <Link to={tile.to}>{t(`dashboard.governance.${tile.key}`, { count: tile.count, days: PROVIDER_NOTICE_LEAD_DAYS })}</Link>
          </li>
        ))}
      </ul>
    </Card>
  )
}
