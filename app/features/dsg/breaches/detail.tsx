import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Outlet } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { forbidden } from '#app/auth/guards.server.ts'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { formatDate, formatDateTime, formatNumber } from '#app/i18n/config.ts'
import { logRead, viaOf } from '#models/core/read-log.server.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { FormErrors } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { Field } from '#app/ui/read-field.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import * as css from '#app/ui/register.css.ts'
import { mayDeleteBreach } from '../rules.ts'
import { stateSchema } from './breach-schema.ts'
import { DsgBreaches } from './breaches.server.ts'
import { clockOf } from './clock.ts'
import { ClockLeft, ClockView, StateBadge, triLabel } from './parts.tsx'
import type { Route } from './+types/detail'
import { breachNumber, measureNumber } from '#models/core/record-number.ts'

// A breach the user may not see does not exist for them (404), as one of another fund.
const breach = recordRoute({
  service: (access) => DsgBreaches.for(access),
  get: (breaches, id) => breaches.get(id),
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, service: breaches, record: item } = await requireRecord({ request, context }, params.id, breach)
  await logRead(access, { kind: 'dsgBreach', id: item.id, via: viaOf(request) })
  const now = new Date()
  return { item, clock: clockOf(item, item.hours, now), deletable: mayDeleteBreach(item, now), canWrite: breaches.mayWrite }
}

/** Closes the breach or opens it again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { service: breaches } = await requireRecord({ request, context }, params.id, breach)
  if (!breaches.mayWrite) forbidden(request)
  const submission = parseWithZod(await request.formData(), { schema: stateSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await breaches.setState(params.id, submission.value.intent === 'close' ? 'closed' : 'open', submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/breaches/${params.id}`, 'saved')
}

export const handle: TitleHandle = { title: 'dsg:breaches.title' }

export default function Breach({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { item, clock, deletable, canWrite } = loaderData
  const base = `/app/dsg/breaches/${item.id}`
  const count = (n: number | null) => (n === null ? t('dsg:breaches.unknown') : formatNumber(n, i18n.language))
  return (
    <>
      <p>
        <AppLink to="/app/dsg/breaches">{t('dsg:breaches.backToList')}</AppLink>
      </p>
      <div className={css.head}>
        <h1>
          {breachNumber(item.idkey)} {item.title}
        </h1>
        <StateBadge state={item.state} />
      </div>
      <FormErrors errors={(actionData as { result?: { error?: Record<string, string[]> } } | undefined)?.result?.error?.['']} />
      <Card title={t('dsg:breaches.clock.title')}>
        <dl>
          <Field label={t('dsg:breaches.field.discoveredAt')}>{formatDateTime(item.discoveredAt)}</Field>
          <Field label={t('dsg:breaches.clock.since')}>
            <ClockView clock={clock} />
          </Field>
          <Field label={t('dsg:breaches.field.highRisk')}>{triLabel(t, item.highRisk)}</Field>
          <Field label={t('dsg:breaches.clock.target')}>{t('dsg:breaches.clock.hours', { hours: item.hours })}</Field>
          <Field label={t('dsg:breaches.clock.remaining')}>
            <ClockLeft clock={clock} empty={t('dsg:breaches.clock.none')} />
          </Field>
          <Field label={t('dsg:breaches.field.fdpicNotifiedAt')}>
            <span data-testid="breach-notified">
              {item.fdpicNotifiedAt ? formatDateTime(item.fdpicNotifiedAt) : t('dsg:breaches.notNotified')}
              {item.fdpicReference ? ` · ${t('dsg:breaches.referenceLine', { reference: item.fdpicReference })}` : ''}
            </span>
          </Field>
        </dl>
        {canWrite ? (
          <p className={css.actions}>
            <LinkButton to={`${base}/notify`} preventScrollReset variant={clock.overdue ? 'primary' : 'secondary'}>
              {t('dsg:breaches.notify.title')}
            </LinkButton>
            <LinkButton to={`${base}/notification`}>{t('dsg:breaches.notification.open')}</LinkButton>
          </p>
        ) : null}
      </Card>
      <Card title={t('dsg:breaches.details')}>
        <dl>
          <Field label={t('dsg:breaches.field.description')}>{item.description || '—'}</Field>
          <Field label={t('dsg:breaches.field.period')}>{item.period || '—'}</Field>
          <Field label={t('dsg:breaches.field.subjectCategories')}>{item.subjectCategories || '—'}</Field>
          <Field label={t('dsg:breaches.field.dataCategories')}>{item.dataCategories || '—'}</Field>
          <Field label={t('dsg:breaches.field.subjectsCount')}>{count(item.subjectsCount)}</Field>
          <Field label={t('dsg:breaches.field.recordsCount')}>{count(item.recordsCount)}</Field>
          <Field label={t('dsg:breaches.field.consequences')}>{item.consequences || '—'}</Field>
          <Field label={t('dsg:breaches.field.measuresTaken')}>{item.measuresTaken || '—'}</Field>
          <Field label={t('dsg:breaches.field.measures')}>
            {item.measures.length === 0 ? (
              '—'
            ) : (
              <ul>
                {item.measures.map((m) => (
                  <li key={m.id}>
                    {measureNumber(m.idkey, m.iteration)} {m.title} · {formatDate(m.dueDate)}
                  </li>
                ))}
              </ul>
            )}
          </Field>
          <Field label={t('dsg:breaches.field.informSubjects')}>{triLabel(t, item.informSubjects, 'undecided')}</Field>
          <Field label={t('dsg:breaches.field.subjectsInformedOn')}>{item.subjectsInformedOn ? formatDate(item.subjectsInformedOn) : '—'}</Field>
          <Field label={t('dsg:breaches.field.reportedAt')}>{formatDateTime(item.reportedAt)}</Field>
          {item.closedOn ? <Field label={t('dsg:breaches.field.closedOn')}>{formatDate(item.closedOn)}</Field> : null}
        </dl>
        {canWrite ? (
          <div className={css.actions}>
            <LinkButton to={`${base}/edit`}>{t('action.edit')}</LinkButton>
            <Form method="post">
              <input type="hidden" name="version" value={item.version} />
              <input type="hidden" name="intent" value={item.state === 'open' ? 'close' : 'reopen'} />
              <Button type="submit" variant="secondary">
                {item.state === 'open' ? t('dsg:breaches.close') : t('dsg:breaches.reopen')}
              </Button>
            </Form>
            <LinkButton to={`${base}/delete`} preventScrollReset variant="ghost">
              {t('action.delete')}
            </LinkButton>
            {deletable ? null : <span className={css.muted}>{t('dsg:breaches.deleteBlockedHint')}</span>}
          </div>
        ) : null}
      </Card>
      <Outlet />
    </>
  )
}
