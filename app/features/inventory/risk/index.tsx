import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'

import { InventoryListPage, useYesNoOptions } from '#app/features/inventory/list-page.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'
import type { Route } from './+types/index'
import { riskList } from './routes.server.ts'
import * as css from '#app/ui/register.css.ts'
import { ScoreBadge } from '#app/ui/score-badge.tsx'
import { changesSince, type SinceChange } from './since.server.ts'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { Card } from '#app/ui/card.tsx'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'

export async function loader(args: Route.LoaderArgs) {
  const list = await riskList(args)
  // The guard ran in riskList; its answer is memoised for the request.
  const { access } = await requirePermission(args, (p) => p.tools.risk.use)
  // The link to the KRIs is labelled here: the page's code names no other namespace than its own (bench/js.ts).
  const kriLink = getFixedT(await getLocale(args.request))('kri:nav.overview')
  return { ...list, kriLink, since: await changesSince(access, new URL(args.request.url), list.rows) }
}

export const handle: TitleHandle = { title: 'risk:inventory.title' }

export default function RiskInventory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { values, since } = loaderData
  const compare = since?.compare ?? null
  const sinceDate = compare ? formatDate(compare.reportingDate) : ''
  const yesNo = useYesNoOptions()
  const [cellP, cellS] = values.cell ? values.cell.split('-') : []
  return (
    <InventoryListPage
      ns="risk"
      data={loaderData}
      states={RISK_STATES}
      theme={{
        param: 'theme',
        line: (r) => `${r.themeNumber} ${r.themeName}`,
      }}
      actions={
        <>
          <AppLink to="/app/risk/map">{t('risk:map.title')}</AppLink>
          <AppLink to="/app/risk/kri">{loaderData.kriLink}</AppLink>
          {loaderData.mode === 'read' || loaderData.mode === 'write' ? <AppLink to="/app/risk/acceptances">{t('risk:acceptance.list')}</AppLink> : null}
          {loaderData.mode === 'write' ? <AppLink to="/app/risk/import">{t('action.import')}</AppLink> : null}
        </>
      }
      filters={{
        before: values.cell ? (
          <p className={css.cellFilter}>
            <input type="hidden" name="cell" value={values.cell} />
            {values.view === 'gross' ? <input type="hidden" name="view" value="gross" /> : null}
            {t('risk:inventory.cellFilter', { p: cellP, s: cellS })} {t(`risk:rating.${values.view === 'gross' ? 'gross' : 'net'}`)}
          </p>
        ) : null,
        middle: (
          <>
            <SelectField
              label={t('risk:field.relevance')}
              name="relevance"
              defaultValue={values.relevance}
              options={[{ value: '', label: t('table.all') }, ...RISK_RELEVANCES.map((r) => ({ value: r, label: t(`risk:relevance.${r}`) }))]}
            />
            <SelectField label={t('risk:field.strategic')} name="strategic" defaultValue={values.strategic} options={yesNo} />
            <SelectField label={t('risk:acceptance.filter')} name="accepted" defaultValue={values.accepted} options={yesNo} />
          </>
        ),
        after: (
          <>
            <TextField label={t('risk:field.tag')} name="tag" defaultValue={values.tag} />
            {since?.snapshots.length ? (
              <SelectField
                label={t('risk:since.label')}
                name="since"
                defaultValue={since.since}
                options={[{ value: '', label: t('risk:since.none') }, ...since.snapshots.map((s) => ({ value: s.id, label: formatDate(s.reportingDate) }))]}
              />
            ) : null}
          </>
        ),
      }}
      columns={{
        own: [
          { key: 'score', header: t('risk:field.score'), sortable: true, render: (r) => <ScoreBadge probability={r.probability} severity={r.severity} /> },
          ...(compare
            ? [
                {
                  key: 'since',
                  header: t('risk:since.column', { date: sinceDate }),
                  render: (r: { id: string }) => <SinceCell change={compare.changes[r.id]} />,
                },
              ]
            : []),
        ],
        flags: (r) => (
          <>
            {r.strategic ? <Badge tone="warning">{t('risk:field.strategic')}</Badge> : null}
            {r.acceptedUntil ? (
              <span data-testid="accepted-badge">
                <Badge tone="success">{t('risk:acceptance.badge', { date: formatDate(r.acceptedUntil) })}</Badge>
              </span>
            ) : null}
          </>
        ),
      }}
      below={compare ? <RemovedSince removed={compare.removed} date={sinceDate} /> : null}
    />
  )
}

/** The risks of the snapshot that are no longer in the inventory. */
function RemovedSince({ removed, date }: { removed: { id: string; idkey: string; title: string; before: { score: number | null } | null }[]; date: string }) {
  const { t } = useTranslation()
  return (
    <Card title={t('risk:since.removed', { date })}>
      {removed.length ? (
        <ul data-testid="removed-since">
          {removed.map((r) => (
            <li key={r.id}>
              {r.idkey} {r.title} ({t('risk:field.score')} {r.before?.score ?? '—'})
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('risk:since.removedNone', { date })}</p>
      )}
    </Card>
  )
}

/** A row's change since the chosen snapshot: new, score up or down (before → now), unchanged. */
function SinceCell({ change }: { change: SinceChange | undefined }) {
  const { t } = useTranslation()
  if (!change) return null
  const tone = change.change === 'up' ? 'danger' : change.change === 'down' ? 'success' : change.change === 'new' ? 'warning' : 'neutral'
  return (
    <span data-change={change.change}>
      <Badge tone={tone}>{t(`report:change.${change.change}`)}</Badge>
      {change.change === 'up' || change.change === 'down' ? (
        <> {t('risk:since.scoreChange', { before: change.before?.score ?? '—', now: change.after?.score ?? '—' })}</>
      ) : null}
    </span>
  )
}
