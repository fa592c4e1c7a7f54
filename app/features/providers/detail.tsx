import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { FormErrors, SelectField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as registerCss from '#app/ui/register.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { incidentNumber, providerNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/detail'
import { AssuranceBlock } from './assurance/block.tsx'
import { assuranceStates } from './assurance/state.server.ts'
import { Providers } from './providers.server.ts'
import * as css from './providers.css.ts'
import { isAbroad, lastNoticeDay } from './rules.ts'
import { linkSchema } from './schema.ts'

const providerRoute = recordRoute({
  service: Providers.for,
  get: (s, id) => s.get(id),
  mayAny: (s) => s.mayRead,
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, service, record } = await requireRecord({ request, context }, params.id, providerRoute)
  const today = todayInZurich()
  const all = permissionsOf(access)
  const [linkable, states, history] = await Promise.all([
    service.mayWrite ? service.linkable() : { risks: [], processes: [], activities: [] },
    service.read((tx) => assuranceStates(tx, [record.id], today)),
    historyRequested(request)
      ? History.for(access).ofAll(
          [{ component: 'provider', entityId: record.id }, ...record.incidents.map((i) => ({ component: 'providerIncident', entityId: i.id }))],
          await getLocale(request),
        )
      : null,
  ])
  return {
    item: { ...record, noticeDay: lastNoticeDay(record.contractEnd, record.noticeMonths) },
    assurance: states.get(record.id),
    canWrite: service.mayWrite,
    canPlan: all.executions.record,
    seesBreaches: all.dsg.sensitive,
    linkable,
    history,
    trail: trailLink(access, 'provider', record.id),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { service } = await requireRecord({ request, context }, params.id, providerRoute)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: linkSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { intent, kind, targetId } = submission.value
  try {
    if (intent === 'link') await service.link(params.id, kind, targetId)
    else await service.unlink(params.id, kind, targetId)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/providers/${params.id}`, intent === 'link' ? 'added' : 'deleted')
}

export const handle: TitleHandle = { title: 'providers:register.title' }

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>
        <strong>{label}</strong>
      </dt>
      <dd className={css.dd}>{children || '—'}</dd>
    </>
  )
}

type Kind = 'risk' | 'process' | 'activity'

export default function ProviderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, assurance, canWrite, canPlan, seesBreaches, linkable } = loaderData
  const result = (actionData as { result?: { error?: Record<string, string[]> } } | undefined)?.result
  const errors = [...(result?.error?.[''] ?? []), ...(result?.error?.targetId ?? [])]
  const base = `/app/providers/${item.id}`
  const date = (d: string | null) => (d ? formatDate(d) : '')
  const hrefOf = (kind: Kind, id: string) => (kind === 'risk' ? `/app/risk/${id}` : kind === 'process' ? `/app/iks/${id}` : `/app/dsg/processing/${id}`)
  const linkSection = (kind: Kind, title: string, rows: { id: string; label: string }[], options: { id: string; label: string }[]) => {
    const linked = new Set(rows.map((r) => r.id))
    const free = options.filter((o) => !linked.has(o.id))
    return (
      <section data-testid={`provider-links-${kind}`}>
        <h3>{title}</h3>
        {rows.length === 0 ? (
          <p>{t('providers:links.none')}</p>
        ) : (
          <ul>
            {rows.map((r) => (
              <li key={r.id}>
                <AppLink to={hrefOf(kind, r.id)}>{r.label}</AppLink>
                {canWrite ? (
                  <Form method="post" style={{ display: 'inline' }}>
                    <input type="hidden" name="intent" value="unlink" />
                    <input type="hidden" name="kind" value={kind} />
                    <input type="hidden" name="targetId" value={r.id} />{' '}
                    <Button type="submit" variant="ghost" aria-label={`${t('action.remove')}: ${r.label}`}>
                      {t('action.remove')}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canWrite && free.length ? (
          <Form method="post" className={css.inline}>
            <input type="hidden" name="intent" value="link" />
            <input type="hidden" name="kind" value={kind} />
            <SelectField label={t(`providers:links.add.${kind}`)} name="targetId" options={free.map((o) => ({ value: o.id, label: o.label }))} />
            <Button type="submit" variant="secondary">
              {t('action.add')}
            </Button>
          </Form>
        ) : null}
      </section>
    )
  }
  return (
    <>
      <div className={registerCss.head}>
        <h1>
          {providerNumber(item.number)} {item.name}
        </h1>
        <div className={registerCss.actions}>
          {canWrite ? (
            <LinkButton to={`${base}/edit`} variant="primary">
              {t('action.edit')}
            </LinkButton>
          ) : null}
          <AppLink to="/app/providers">{t('providers:register.back')}</AppLink>
        </div>
      </div>
      <FormErrors errors={errors.length ? errors : undefined} />
      <div className={registerCss.flags}>
        <Badge tone={item.criticality === 'high' ? 'danger' : item.criticality === 'medium' ? 'warning' : 'neutral'}>
          {t('providers:field.criticality')}: {t(`providers:criticality.${item.criticality}`)}
        </Badge>
        {item.endedOn ? <Badge tone="neutral">{t('providers:register.endedBadge', { date: formatDate(item.endedOn) })}</Badge> : null}
        {isAbroad(item.dataCountries) ? <Badge tone="warning">{t('providers:register.abroadBadge')}</Badge> : null}
      </div>
      <Card title={t('providers:section.provider')}>
        <dl className={css.dl}>
          <Field label={t('providers:field.service')}>{t(`providers:service.${item.service}`)}</Field>
          <Field label={t('providers:field.description')}>{item.description}</Field>
          <Field label={t('providers:field.owner')}>{item.ownerName ?? ''}</Field>
          <Field label={t('providers:field.contactName')}>{item.contactName}</Field>
          <Field label={t('providers:field.contactEmail')}>{item.contactEmail}</Field>
          <Field label={t('providers:field.contactPhone')}>{item.contactPhone}</Field>
          <Field label={t('providers:field.exitPlan')}>{item.exitPlan}</Field>
          <Field label={t('providers:field.endedOn')}>{date(item.endedOn)}</Field>
        </dl>
      </Card>
      <Card title={t('providers:section.contract')}>
        <dl className={css.dl}>
          <Field label={t('providers:field.contractStart')}>{date(item.contractStart)}</Field>
          <Field label={t('providers:field.contractEnd')}>{item.contractEnd ? formatDate(item.contractEnd) : t('providers:register.openEnded')}</Field>
          <Field label={t('providers:field.noticeMonths')}>{item.noticeMonths === null ? '' : String(item.noticeMonths)}</Field>
          <Field label={t('providers:field.noticeDay')}>
            <span data-testid="notice-day">{item.noticeDay ? formatDate(item.noticeDay) : t('providers:register.noNoticeDay')}</span>
          </Field>
          <Field label={t('providers:field.dpaSignedOn')}>{date(item.dpaSignedOn)}</Field>
          <Field label={t('providers:field.dpaEnd')}>{date(item.dpaEnd)}</Field>
        </dl>
      </Card>
      <Card title={t('providers:section.dsg')}>
        <dl className={css.dl}>
          <Field label={t('providers:field.dsgRole')}>{t(`providers:dsgRole.${item.dsgRole}`)}</Field>
          <Field label={t('providers:field.dataCountries')}>
            <span data-testid="data-countries">{item.dataCountries.join(', ')}</span>
          </Field>
          <Field label={t('providers:field.abroadSafeguard')}>{item.abroadSafeguard ? t(`providers:safeguard.${item.abroadSafeguard}`) : ''}</Field>
          <Field label={t('providers:field.abroadSafeguardNote')}>{item.abroadSafeguardNote}</Field>
        </dl>
      </Card>
      <Card title={t('providers:section.assurance')}>
        <dl className={css.dl}>
          <Field label={t('providers:field.assuranceRequired')}>{item.assuranceRequired ? t('common.yes') : t('common.no')}</Field>
          {item.assuranceRequired ? (
            <>
              <Field label={t('providers:field.assuranceDueMonth')}>{t(`providers:months.${item.assuranceDueMonth}`)}</Field>
              <Field label={t('providers:field.assuranceProcess')}>{item.assuranceProcess ?? ''}</Field>
            </>
          ) : null}
        </dl>
        <AssuranceBlock providerId={item.id} assurance={assurance} canPlan={canPlan} />
      </Card>
      <Card title={t('providers:section.links')}>
        {linkSection('risk', t('providers:links.risks'), item.risks, linkable.risks)}
        {linkSection('process', t('providers:links.processes'), item.processes, linkable.processes)}
        {linkSection('activity', t('providers:links.activities'), item.activities, linkable.activities)}
      </Card>
      <Card
        title={t('providers:incidents.title')}
        actions={
          canWrite ? (
            <LinkButton to={`${base}/incidents/new`} variant="secondary">
              {t('providers:incidents.add')}
            </LinkButton>
          ) : null
        }
      >
        {item.incidents.length === 0 ? (
          <p>{t('providers:incidents.none')}</p>
        ) : (
          <ul data-testid="provider-incidents">
            {item.incidents.map((i) => (
              <li key={i.id}>
                <AppLink to={`${base}/incidents/${i.id}/edit`}>
                  {incidentNumber(i.number)} {i.title}
                </AppLink>{' '}
                · {formatDate(i.occurredOn)}
                {i.personalData ? <> · {t('providers:incidents.personalDataBadge')}</> : null}
                {i.breachId && seesBreaches ? (
                  <>
                    {' '}
                    · <AppLink to={`/app/dsg/breaches/${i.breachId}`}>{t('providers:incidents.breachLink')}</AppLink>
                  </>
                ) : null}
                {i.closedOn ? <> · {t('providers:incidents.closedOn', { date: formatDate(i.closedOn) })}</> : <> · {t('providers:incidents.open')}</>}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </>
  )
}
