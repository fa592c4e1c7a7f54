import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import * as tableCss from '#app/ui/data-table.css.ts'
import { FormErrors } from '#app/ui/fields.tsx'
import { useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/page.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import type { Route } from './+types/index'
import { Campaigns } from './campaign/campaign.server.ts'
import { OpenCampaignForm } from './campaign/forms.tsx'
import { LoyaltyNav } from './nav.tsx'

/**
 * The loyalty area's overview (issue 26): the campaign of a year, its counts, completeness per function,
 * who has not declared (an admin sends the link again), the review's open findings. A member who only
 * declares sees their own declarations here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read || p.loyalty.declare)
  const p = permissionsOf(access).loyalty
  const campaigns = Campaigns.for(access)
  const mine = await campaigns.mine()
  if (!p.read) return { mode: 'own' as const, mine, overview: null, manage: false }
  const raw = new URL(request.url).searchParams.get('year')
  const year = raw && /^\d{4}$/.test(raw) ? Number(raw) : undefined
  const overview = await campaigns.overview(year)
  return { mode: 'area' as const, mine, overview, manage: p.manage }
}

const resendSchema = z.object({ declarationId: z.string().uuid() })

/** Sends the personal link (or the app's link) of a declaration still asked for again. */
export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.manage)
  const submission = parseWithZod(await request.formData(), { schema: resendSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sentTo: null }, { status: 400 })
  try {
    const { sentTo } = await Campaigns.for(access).resendLink(submission.value.declarationId)
    return { result: submission.reply({ resetForm: true }), sentTo }
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
}

export const handle: TitleHandle = { title: 'loyalty:overview.title' }

export default function LoyaltyOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { mode, mine, overview, manage } = loaderData
  const [form] = useForm({ id: 'loyalty-resend', lastResult: actionData?.result })
  const sentTo = actionData && 'sentTo' in actionData ? actionData.sentTo : null
  return (
    <>
      <h1>{t('loyalty:overview.title')}</h1>
      <LoyaltyNav />
      {mine.length || mode === 'own' ? (
        <Card title={t('loyalty:overview.mine')}>
          {mine.length === 0 ? (
            <p>{t('loyalty:overview.mineNone')}</p>
          ) : (
            <ul data-testid="loyalty-mine">
              {mine.map((d) => (
                <li key={d.id}>
                  <AppLink to={`/app/loyalty/declarations/${d.id}`}>{t('loyalty:overview.mineItem', { year: d.year })}</AppLink> ·{' '}
                  {t(`loyalty:states.${d.state}`)}
                  {d.state === 'requested' && !d.closed ? ` · ${t('loyalty:overview.dueOn', { date: formatDate(d.dueDate) })}` : ''}
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      {overview ? (
        <>
          {overview.years.length > 0 ? (
            <Form method="get" className={css.grid} style={{ alignItems: 'end', gridTemplateColumns: 'auto auto', justifyContent: 'start' }}>
              <label>
                {t('loyalty:overview.year')}{' '}
                <select name="year" defaultValue={String(overview.year ?? '')} key={overview.year ?? ''}>
                  {overview.years.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" variant="secondary">
                {t('loyalty:overview.show')}
              </Button>
            </Form>
          ) : null}
          {overview.campaign ? (
            <CampaignView overview={overview} manage={manage} />
          ) : (
            <Card title={t('loyalty:overview.noCampaign')}>
              <p>{t('loyalty:overview.noCampaignText')}</p>
              {manage ? <OpenCampaignForm defaultYear={overview.year ?? new Date().getFullYear()} /> : null}
            </Card>
          )}
          {overview.campaign && manage && !overview.years.includes(new Date().getFullYear()) ? (
            <Card title={t('loyalty:campaign.openTitle')}>
              <OpenCampaignForm defaultYear={new Date().getFullYear()} />
            </Card>
          ) : null}
          {overview.campaign && overview.notDeclared.length ? (
            <Card title={t('loyalty:overview.notDeclared', { count: overview.notDeclared.length })}>
              {sentTo ? (
                <p role="status" data-testid="loyalty-resent">
                  {t('loyalty:overview.resent', { email: sentTo })}
                </p>
              ) : null}
              <FormErrors errors={form.errors} />
              <table className={tableCss.table} data-testid="loyalty-not-declared">
                <thead>
                  <tr>
                    <th scope="col" className={tableCss.th}>
                      {t('loyalty:overview.person')}
                    </th>
                    <th scope="col" className={tableCss.th}>
                      {t('loyalty:overview.function')}
                    </th>
                    <th scope="col" className={tableCss.th}>
                      {t('loyalty:overview.due')}
                    </th>
                    <th scope="col" className={tableCss.th}>
                      {t('loyalty:overview.reminders')}
                    </th>
                    {manage && !overview.campaign.closedAt ? <th scope="col" className={tableCss.th} /> : null}
                  </tr>
                </thead>
                <tbody>
                  {overview.notDeclared.map((d) => (
                    <tr key={d.id}>
                      <td className={tableCss.td}>
                        <AppLink to={`/app/loyalty/declarations/${d.id}`}>{d.personName}</AppLink>
                      </td>
                      <td className={tableCss.td}>{t(`loyalty:overview.functions.${d.personFunction}`)}</td>
                      <td className={tableCss.td}>
                        {formatDate(overview.campaign!.dueDate)} {d.overdue ? <Badge tone="danger">{t('loyalty:overview.overdue')}</Badge> : null}
                      </td>
                      <td className={tableCss.td}>
                        {d.reminders}
                        {d.remindedAt ? ` (${formatDate(d.remindedAt)})` : ''}
                      </td>
                      {manage && !overview.campaign!.closedAt ? (
                        <td className={tableCss.td}>
                          <Form method="post">
                            <input type="hidden" name="declarationId" value={d.id} />
                            <Button type="submit" variant="secondary">
                              {d.hasAccount ? t('loyalty:overview.resendMember') : t('loyalty:overview.resend')}
                            </Button>
                          </Form>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          ) : null}
          {overview.campaign && overview.findings.length ? (
            <Card title={t('loyalty:overview.findings', { count: overview.findings.length })}>
              <ul data-testid="loyalty-findings">
                {overview.findings.map((d) => (
                  <li key={d.id}>
                    <AppLink to={`/app/loyalty/declarations/${d.id}`}>{d.personName}</AppLink>: {d.reviewRemark}
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
          <Card title={t('loyalty:overview.lists')}>
            <ul>
              <li>
                <AppLink to="/app/loyalty/persons">{t('loyalty:nav.persons')}</AppLink>
              </li>
              <li>
                <AppLink to="/app/loyalty/declarations">{t('loyalty:nav.declarations')}</AppLink>
              </li>
              <li>
                <AppLink to="/app/loyalty/transactions">{t('loyalty:nav.transactions')}</AppLink>
              </li>
              <li>
                <AppLink to="/app/loyalty/changes">{t('loyalty:nav.changes')}</AppLink>
              </li>
              <li>
                <AppLink to="/app/loyalty/sample">{t('loyalty:nav.sample')}</AppLink>
              </li>
            </ul>
          </Card>
        </>
      ) : null}
    </>
  )
}

type AreaOverview = NonNullable<Route.ComponentProps['loaderData']['overview']>

function CampaignView({ overview, manage }: { overview: AreaOverview; manage: boolean }) {
  const { t } = useTranslation()
  const campaign = overview.campaign!
  const counts = overview.counts!
  const state = campaign.reviewedOn ? 'reviewed' : campaign.closedAt ? 'closed' : 'open'
  return (
    <>
      <Card title={t('loyalty:overview.campaign', { year: campaign.year })}>
        <p data-testid="loyalty-campaign-state">
          <Badge tone={state === 'open' ? 'warning' : 'success'}>{t(`loyalty:overview.campaignState.${state}`)}</Badge>{' '}
          {t('loyalty:overview.dueOn', { date: formatDate(campaign.dueDate) })}
          {campaign.reviewedOn ? ` · ${t('loyalty:overview.reviewedOn', { date: formatDate(campaign.reviewedOn), reference: campaign.reviewReference })}` : ''}
        </p>
        <dl className={css.grid} data-testid="loyalty-tiles" style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))' }}>
          {(['due', 'received', 'reviewed', 'overdue'] as const).map((k) => (
            <div key={k} data-testid={`loyalty-tile-${k}`}>
              <dt>{t(`loyalty:overview.tiles.${k}`)}</dt>
              <dd style={{ fontSize: '2rem', fontWeight: 700, margin: 0 }}>{counts[k]}</dd>
            </div>
          ))}
        </dl>
        {manage ? (
          <p style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
            {overview.declared!.length ? <AppLink to={`/app/loyalty/review?year=${campaign.year}`}>{t('loyalty:overview.toReview')}</AppLink> : null}
            {!campaign.closedAt ? <AppLink to={`/app/loyalty/campaign?year=${campaign.year}`}>{t('loyalty:overview.toCampaign')}</AppLink> : null}
          </p>
        ) : null}
      </Card>
      <Card title={t('loyalty:overview.perFunction')}>
        <table className={tableCss.table} data-testid="loyalty-per-function">
          <thead>
            <tr>
              <th scope="col" className={tableCss.th}>
                {t('loyalty:overview.function')}
              </th>
              <th scope="col" className={tableCss.th}>
                {t('loyalty:overview.declaredOfDue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.perFunction!.map((f) => (
              <tr key={f.function}>
                <th scope="row" className={tableCss.td}>
                  {t(`loyalty:overview.functions.${f.function}`)}
                </th>
                <td className={tableCss.td}>{t('loyalty:overview.ofCount', { declared: f.declared, due: f.due })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  )
}
