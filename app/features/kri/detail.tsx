import { data, Form } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import * as listCss from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M } from '#app/utils/validation.ts'
import { KRI_FREQUENCIES } from '#models/core/constants.ts'
import { parseDate, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import type { Route } from './+types/detail'
import { BandLegend, TrendChart } from './chart.tsx'
import { formatDecimal, formatKriValue, parseDecimal } from './decimal.ts'
import { KRI_COMPONENT, Kris } from './kris.server.ts'
import { KRI_MESSAGES } from './messages.ts'
import * as kriCss from './kri.css.ts'
import { KriNav } from './nav.tsx'
import { StatusBadge } from './status-badge.tsx'

/** One KRI: its trend with the appetite's bands as they were, the values (a table), the thresholds' history, linked risks and proposed measures. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.read)
  const service = Kris.for(access)
  const locale = await getLocale(request)
  // One statement for the KRI's list row, one for the rest of the page. The risks a writer may link (all
  // the fund's others, hundreds of options) come only with `?link=1`, the link form's own address.
  const linking = service.rights.enter && new URL(request.url).searchParams.get('link') === '1'
  const found = await service.get(params.id, locale, undefined, { riskChoices: linking })
  if (!found) notFound(request)
  const id = found.kri.id
  return {
    ...found,
    history: historyRequested(request) ? await History.for(access).of(KRI_COMPONENT, id, locale) : null,
    trail: trailLink(access, KRI_COMPONENT, id),
    rights: service.rights,
    today: todayInZurich(),
    owners: service.rights.appetite ? await service.owners(found.kri.ownerUserId) : [],
    riskChoices: found.riskChoices ?? [],
    linking,
  }
}

export const handle: TitleHandle = { title: (d: Route.ComponentProps['loaderData']) => d.kri.name }

type Reply = { intent: string; errors: Record<string, string>; formError: string | null; typed: Record<string, string> }

export async function action({ request, context, params }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.read)
  const service = Kris.for(access)
  // A foreign or unknown KRI is 404 whatever the intent and whoever asks, as the page answers; then the rights.
  if (!(await service.get(params.id))) notFound(request)
  if (!service.rights.enter) forbidden(request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const typed: Record<string, string> = {}
  for (const [k, v] of form.entries()) if (typeof v === 'string') typed[k] = v
  const errors: Record<string, string> = {}
  const reply = (status: number, formError: string | null = null) => data<Reply>({ intent, errors, formError, typed }, { status })
  const here = `/app/risk/kri/${params.id}`
  try {
    switch (intent) {
      case 'link':
        await service.linkRisk(params.id, typed.riskId ?? '')
        return redirectWithToast(here, 'added')
      case 'unlink':
        await service.unlinkRisk(params.id, typed.riskId ?? '')
        return redirectWithToast(here, 'deleted')
      case 'deleteValue': {
        const version = Number(typed.version)
        if (!Number.isInteger(version) || version < 1) return reply(400, M.invalid)
        await service.deleteValue(params.id, typed.id ?? '', version)
        return redirectWithToast(here, 'deleted')
      }
      case 'settings': {
        const version = Number(typed.version)
        if (!Number.isInteger(version) || version < 1) return reply(400, M.invalid)
        await service.update(
          params.id,
          { ownerUserId: typed.ownerUserId || null, frequency: typed.frequency ?? '', active: typed.active === 'on', note: typed.note ?? '' },
          version,
        )
        return redirectWithToast(here, 'saved')
      }
      case 'thresholds': {
        const validFrom = parseDate(typed.validFrom ?? '')
        const amber = parseDecimal(typed.amber)
        const red = parseDecimal(typed.red)
        if (!validFrom) errors.validFrom = typed.validFrom?.trim() ? 'validation.date' : M.required
        if (!amber) errors.amber = amber === null ? M.required : KRI_MESSAGES.bound
        if (!red) errors.red = red === null ? M.required : KRI_MESSAGES.bound
        if (!validFrom || !amber || !red) return reply(400)
        await service.setThresholds(params.id, { validFrom, amber, red })
        return redirectWithToast(here, 'saved')
      }
      default:
        return reply(400, M.invalid)
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    if (error.code === 'not-found') notFound(request)
    if (error.code === 'forbidden') forbidden(request)
    const message = error.code === 'stale' ? M.staleVersion : (error.messageKey ?? M.invalid)
    if (error.field) errors[error.field] = message
    return reply(error.code === 'invalid' ? 400 : 409, error.field ? null : message)
  }
}

export default function KriPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { kri, thresholds, values, risks, measures, rights, owners, riskChoices, linking, today } = loaderData
  const reply = actionData as Reply | undefined
  const errorsOf = (intent: string, field: string) => (reply?.intent === intent && reply.errors[field] ? [reply.errors[field]] : undefined)
  const formErrorOf = (intent: string) => (reply?.intent === intent && reply.formError ? [reply.formError] : undefined)
  const typed = (intent: string, field: string) => (reply?.intent === intent ? reply.typed[field] : undefined)
  const latest = values[values.length - 1]
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/risk/kri">{t('kri:list.title')}</AppLink> › {kri.name}
      </p>
      <div className={css.head}>
        <h1>{kri.name}</h1>
        <StatusBadge status={kri.status} />
        {kri.active ? null : <Badge tone="neutral">{t('kri:list.inactive')}</Badge>}
      </div>
      <KriNav />
      <p className={css.muted}>
        {[t(`kri:unit.${kri.unit}`), t(`kri:direction.${kri.direction}`), t(`kri:frequency.${kri.frequency}`), kri.legalBasis].filter(Boolean).join(' · ')}
      </p>
      {kri.description ? <p>{kri.description}</p> : null}
      <dl>
        <dt>{t('kri:field.owner')}</dt>
        <dd>{kri.ownerName ?? '—'}</dd>
        <dt>{t('kri:field.latestValue')}</dt>
        <dd>{latest ? `${formatKriValue(latest.value, kri.unit)} (${formatDate(latest.periodEnd)})` : '—'}</dd>
        {kri.note ? (
          <>
            <dt>{t('kri:field.note')}</dt>
            <dd>{kri.note}</dd>
          </>
        ) : null}
      </dl>

      <Card title={t('kri:detail.trend')}>
        <FormErrors errors={formErrorOf('deleteValue')} />
        {values.length === 0 ? (
          <p>{t('kri:detail.noValues')}</p>
        ) : (
          <>
            <TrendChart
              values={values}
              thresholds={thresholds}
              direction={kri.direction}
              title={t('kri:chart.title', { name: kri.name })}
              desc={t('kri:chart.desc', { count: values.length, from: formatDate(values[0].periodEnd), to: formatDate(latest.periodEnd) })}
              format={(v) => formatKriValue(String(Number(v.toFixed(2))), kri.unit)}
              formatDay={formatDate}
            />
            <BandLegend labels={{ green: t('kri:chart.green'), amber: t('kri:chart.amber'), red: t('kri:chart.red') }} />
            <table className={css.levelsTable} data-testid="kri-values-table">
              <caption>{t('kri:detail.values')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('kri:field.periodEnd')}</th>
                  <th scope="col">{t('kri:field.value')}</th>
                  <th scope="col">{t('kri:field.status')}</th>
                  <th scope="col">{t('kri:field.source')}</th>
                  <th scope="col">{t('kri:field.comment')}</th>
                  <th scope="col">{t('kri:field.enteredBy')}</th>
                  {rights.enter ? (
                    <th scope="col">
                      <span className="visually-hidden">{t('kri:detail.valueActions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {[...values].reverse().map((v) => (
                  <tr key={v.id}>
                    <td>{formatDate(v.periodEnd)}</td>
                    <td className={listCss.nowrap}>{formatKriValue(v.value, kri.unit)}</td>
                    <td>
                      <StatusBadge status={v.status} />
                    </td>
                    <td>{t(`kri:source.${v.source}`)}</td>
                    <td>{v.comment}</td>
                    <td>{v.enteredBy ?? '—'}</td>
                    {rights.enter ? (
                      <td>
                        {v.source === 'computed' || kri.computed ? null : (
                          <Form method="post" className={kriCss.inlineForm} data-testid={`kri-value-delete-${v.periodEnd}`}>
                            <input type="hidden" name="intent" value="deleteValue" />
                            <input type="hidden" name="id" value={v.id} />
                            <input type="hidden" name="version" value={v.version} />
                            <Button type="submit" variant="secondary" aria-label={t('kri:detail.deleteValue', { date: formatDate(v.periodEnd) })}>
                              {t('action.delete')}
                            </Button>
                          </Form>
                        )}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Card>

      <Card title={t('kri:detail.thresholds')}>
        {thresholds.length === 0 ? (
          <p>{t('kri:appetite.noThresholds')}</p>
        ) : (
          <table className={css.levelsTable} data-testid="kri-thresholds-table">
            <thead>
              <tr>
                <th scope="col">{t('kri:field.validFrom')}</th>
                <th scope="col">{t('kri:field.amber')}</th>
                <th scope="col">{t('kri:field.red')}</th>
                <th scope="col">{t('kri:field.setBy')}</th>
              </tr>
            </thead>
            <tbody>
              {[...thresholds].reverse().map((th) => (
                <tr key={th.id}>
                  <td>{formatDate(th.validFrom)}</td>
                  <td>{formatKriValue(th.amber, kri.unit)}</td>
                  <td>{formatKriValue(th.red, kri.unit)}</td>
                  <td>{th.setBy ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {rights.appetite ? (
          <Form method="post" data-testid="kri-thresholds-form" noValidate>
            <h3>{t('kri:detail.newThresholds')}</h3>
            <FormErrors errors={formErrorOf('thresholds')} />
            <input type="hidden" name="intent" value="thresholds" />
            <div className={listCss.grid2}>
              <TextField
                label={t('kri:field.validFrom')}
                name="validFrom"
                type="date"
                defaultValue={typed('thresholds', 'validFrom') ?? today}
                errors={errorsOf('thresholds', 'validFrom')}
              />
              <TextField
                label={t('kri:field.amber')}
                name="amber"
                defaultValue={typed('thresholds', 'amber') ?? (kri.amber === null ? '' : formatDecimal(kri.amber))}
                errors={errorsOf('thresholds', 'amber')}
              />
              <TextField
                label={t('kri:field.red')}
                name="red"
                defaultValue={typed('thresholds', 'red') ?? (kri.red === null ? '' : formatDecimal(kri.red))}
                errors={errorsOf('thresholds', 'red')}
                description={t(`kri:appetite.hint.${kri.direction}`)}
              />
            </div>
            <FormActions>
              <Button type="submit" variant="secondary">
                {t('kri:appetite.setThresholds')}
              </Button>
            </FormActions>
          </Form>
        ) : null}
      </Card>

      <Card title={t('kri:detail.risks')}>
        {risks.length === 0 ? <p>{t('kri:detail.noRisks')}</p> : null}
        <ul data-testid="kri-risks">
          {risks.map((r) => (
            <li key={r.id}>
              <AppLink to={`/app/risk/${r.id}`}>
                {r.idkey} {r.title}
              </AppLink>
              {rights.enter ? (
                <Form method="post" className={kriCss.inlineForm}>
                  <input type="hidden" name="intent" value="unlink" />
                  <input type="hidden" name="riskId" value={r.id} />
                  <Button type="submit" variant="secondary">
                    {t('kri:detail.unlink')}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {rights.enter && !linking ? (
          <p>
            <AppLink to="?link=1#kri-link-form" data-testid="kri-link-open" preventScrollReset>
              {t('kri:detail.linkRisk')}
            </AppLink>
          </p>
        ) : null}
        {rights.enter && linking && riskChoices.length ? (
          <Form method="post" data-testid="kri-link-form" id="kri-link-form">
            <FormErrors errors={formErrorOf('link')} />
            <input type="hidden" name="intent" value="link" />
            <SelectField
              label={t('kri:detail.linkRisk')}
              name="riskId"
              errors={errorsOf('link', 'riskId')}
              options={riskChoices.map((r) => ({ value: r.id, label: `${r.idkey} ${r.title}` }))}
            />
            <FormActions>
              <Button type="submit" variant="secondary">
                {t('kri:detail.link')}
              </Button>
            </FormActions>
          </Form>
        ) : null}
      </Card>

      <Card title={t('kri:detail.measures')}>
        {measures.length === 0 ? (
          <p>{t('kri:detail.noMeasures')}</p>
        ) : (
          <ul data-testid="kri-measures">
            {measures.map((m) => (
              <li key={m.id}>
                <AppLink to={`/app/measures/${m.id}`}>
                  {m.number} {m.title}
                </AppLink>{' '}
                <span className={css.muted}>
                  {formatDate(m.dueDate)} · {m.state === 'confirmed' ? t('measures.status.confirmed') : t('measures.status.due')}
                  {m.inEdit ? ` · ${t('measures.inEditBadge')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      {rights.appetite ? (
        <Card title={t('kri:detail.settings')}>
          <Form method="post" data-testid="kri-settings-form">
            <FormErrors errors={formErrorOf('settings')} />
            <input type="hidden" name="intent" value="settings" />
            <input type="hidden" name="version" value={kri.version} />
            <div className={listCss.grid2}>
              <SelectField
                label={t('kri:field.owner')}
                name="ownerUserId"
                defaultValue={typed('settings', 'ownerUserId') ?? kri.ownerUserId ?? ''}
                errors={errorsOf('settings', 'ownerUserId')}
                options={[{ value: '', label: '—' }, ...owners.map((o) => ({ value: o.id, label: `${o.firstName} ${o.lastName}` }))]}
              />
              <SelectField
                label={t('kri:field.frequency')}
                name="frequency"
                defaultValue={typed('settings', 'frequency') ?? kri.frequency}
                errors={errorsOf('settings', 'frequency')}
                options={KRI_FREQUENCIES.map((f) => ({ value: f, label: t(`kri:frequency.${f}`) }))}
              />
            </div>
            <CheckboxField label={t('kri:field.active')} name="active" defaultChecked={kri.active} errors={errorsOf('settings', 'active')} />
            <TextField
              label={t('kri:field.note')}
              name="note"
              multiline
              rows={3}
              defaultValue={typed('settings', 'note') ?? kri.note}
              errors={errorsOf('settings', 'note')}
            />
            <FormActions>
              <Button type="submit">{t('action.save')}</Button>
            </FormActions>
          </Form>
        </Card>
      ) : null}
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </>
  )
}
