import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { getLocale } from '#app/i18n/locale.server.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Outlet } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { formatDate } from '#app/i18n/config.ts'
import { logRead, viaOf } from '#models/core/read-log.server.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { FormErrors, SelectField } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import * as riskCss from '#app/ui/register.css.ts'
import { isReviewDue } from '../rules.ts'
import { requireActivity } from './guard.server.ts'
import * as css from './processing.css.ts'
import { linkSchema, reviewSchema } from './schema.ts'
import type { Route } from './+types/detail'
import { activityNumber } from '#models/core/record-number.ts'
import { permissionsOf } from '#models/core/permissions.ts'
import { processorsOf } from './processors.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, activities, item } = await requireActivity({ request, context }, params.id, 'read')
  const [linkable, processors, history] = await Promise.all([
    activities.mayWrite ? activities.linkable() : { risks: [], processes: [] },
    // Its processors, from the providers register (Art. 12 para. 2 DSG).
    processorsOf(access, item.id),
    // The history panel (decision 0034): the activity's changes and its links, one statement.
    historyRequested(request)
      ? History.for(access).ofAll(
          [
            { component: 'dsgActivity', entityId: item.id },
            { component: 'dsgActivityLink', entityId: item.id },
          ],
          await getLocale(request),
          // Old values of a once sensitive activity are a read too; the page logs a sensitive one itself.
          { via: viaOf(request), loggedByPage: item.sensitive ? item.id : undefined },
        )
      : null,
    // An activity with a particularly sensitive category: its reading is logged (decision 0036).
    item.sensitive ? logRead(access, { kind: 'dsgActivity', id: item.id, via: viaOf(request) }) : null,
  ])
  return {
    item,
    reviewDue: isReviewDue(item, todayInZurich()),
    canWrite: activities.mayWrite,
    linkable,
    processors,
    readsProviders: permissionsOf(access).providers.read,
    history,
    trail: trailLink(access, 'dsgActivity', item.id),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { activities } = await requireActivity({ request, context }, params.id, 'write')
  const formData = await request.formData()
  const back = `/app/dsg/processing/${params.id}`
  if (formData.get('intent') === 'review') {
    const submission = parseWithZod(formData, { schema: reviewSchema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    try {
      await activities.review(params.id, submission.value.version)
    } catch (error) {
      return replyToDomainError(error, submission, request)
    }
    return redirectWithToast(back, 'saved')
  }
  const submission = parseWithZod(formData, { schema: linkSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { intent, kind, targetId } = submission.value
  try {
    if (intent === 'link') await activities.link(params.id, kind, targetId)
    else await activities.unlink(params.id, kind, targetId)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(back, intent === 'link' ? 'added' : 'deleted')
}

export const handle: TitleHandle = { title: 'dsg:processing.title' }

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

export default function ActivityDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { item, reviewDue, canWrite, linkable, processors, readsProviders } = loaderData
  const errors = (actionData as { result?: { error?: Record<string, string[]> } } | undefined)?.result?.error?.['']
  const base = `/app/dsg/processing/${item.id}`
  const linkedRisks = new Set(item.risks.map((r) => r.id))
  const linkedProcesses = new Set(item.processes.map((p) => p.id))
  const linkList = (kind: 'risk' | 'process', rows: { id: string; idkey: string; title: string }[]) =>
    rows.length === 0 ? (
      <p>{t('dsg:processing.noLinks')}</p>
    ) : (
      <ul>
        {rows.map((r) => (
          <li key={r.id}>
            <AppLink to={kind === 'risk' ? `/app/risk/${r.id}` : `/app/iks/${r.id}`}>
              {r.idkey} {r.title}
            </AppLink>
            {canWrite ? (
              <Form method="post" style={{ display: 'inline' }}>
                <input type="hidden" name="intent" value="unlink" />
                <input type="hidden" name="kind" value={kind} />
                <input type="hidden" name="targetId" value={r.id} />{' '}
                <Button type="submit" variant="ghost" aria-label={`${t('action.remove')}: ${r.idkey} ${r.title}`}>
                  {t('action.remove')}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    )
  const addForm = (kind: 'risk' | 'process', options: { id: string; idkey: string; title: string }[]) =>
    canWrite && options.length ? (
      <Form method="post" className={css.inline}>
        <input type="hidden" name="intent" value="link" />
        <input type="hidden" name="kind" value={kind} />
        <SelectField
          label={t(kind === 'risk' ? 'dsg:processing.linkRisk' : 'dsg:processing.linkProcess')}
          name="targetId"
          options={options.map((o) => ({ value: o.id, label: `${o.idkey} ${o.title}` }))}
        />
        <Button type="submit" variant="secondary">
          {t('action.add')}
        </Button>
      </Form>
    ) : null
  return (
    <>
      <div className={riskCss.head}>
        <h1>
          {activityNumber(item.idkey)} {item.name}
        </h1>
        <div className={riskCss.actions}>
          {canWrite ? (
            <>
              <LinkButton to={`${base}/edit`} variant="primary">
                {t('action.edit')}
              </LinkButton>
              <LinkButton to={`${base}/delete`} preventScrollReset>
                {t('action.delete')}
              </LinkButton>
            </>
          ) : null}
          <AppLink to="/app/dsg/processing">{t('dsg:processing.backToRecord')}</AppLink>
        </div>
      </div>
      <FormErrors errors={errors} />
      <div className={riskCss.flags}>
        <Badge tone={item.state === 'active' ? 'success' : item.state === 'draft' ? 'warning' : 'neutral'}>{t(`dsg:processing.state.${item.state}`)}</Badge>
        {item.sensitive ? <Badge tone="warning">{t('dsg:processing.sensitiveBadge')}</Badge> : null}
        {reviewDue ? (
          <Badge tone="danger">
            <span data-testid="review-due">{t('dsg:processing.reviewDue')}</span>
          </Badge>
        ) : null}
      </div>
      <Card title={t('dsg:processing.section.record')}>
        <dl className={css.dl}>
          <Field label={t('dsg:processing.field.purpose')}>{item.purpose}</Field>
          <Field label={t('dsg:processing.field.role')}>{t(`dsg:processing.role.${item.role}`)}</Field>
          <Field label={t('dsg:processing.field.responsible')}>{item.responsibleName ?? ''}</Field>
          <Field label={t('dsg:processing.field.dataSubjects')}>{item.dataSubjects}</Field>
          <Field label={t('dsg:processing.field.dataCategories')}>
            {item.dataCategories.length ? (
              <ul data-testid="data-categories">
                {item.dataCategories.map((c) => (
                  <li key={c.name}>
                    {c.name} {c.sensitive ? <Badge tone="warning">{t('dsg:processing.sensitiveBadge')}</Badge> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </Field>
          <Field label={t('dsg:processing.field.recipients')}>{item.recipients}</Field>
          <Field label={t('dsg:processing.field.abroad')}>
            {item.abroad
              ? [item.abroadCountries, item.abroadSafeguard ? t(`dsg:processing.safeguard.${item.abroadSafeguard}`) : '', item.abroadNote]
                  .filter(Boolean)
                  .join(' · ')
              : t('common.no')}
          </Field>
          <Field label={t('dsg:processing.field.retention')}>{item.retention}</Field>
          <Field label={t('dsg:processing.field.security')}>{item.security}</Field>
          <Field label={t('dsg:processing.field.legalBasis')}>{item.legalBasis}</Field>
          <Field label={t('dsg:processing.field.lastReviewedOn')}>{formatDate(item.lastReviewedOn)}</Field>
          {item.retiredOn ? <Field label={t('dsg:processing.field.retiredOn')}>{formatDate(item.retiredOn)}</Field> : null}
        </dl>
      </Card>
      <Card title={t('providers:processors.title')}>
        {processors.length === 0 ? (
          <p>{t('providers:processors.none')}</p>
        ) : (
          <ul data-testid="activity-processors">
            {processors.map((p) => (
              <li key={p.id}>
                {readsProviders ? <AppLink to={`/app/providers/${p.id}`}>{p.label}</AppLink> : p.label} ({t(`providers:dsgRole.${p.dsgRole}`)},{' '}
                {p.dataCountries.join(', ')}
                {p.abroadSafeguard ? `, ${t(`providers:safeguard.${p.abroadSafeguard}`)}` : ''})
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('dsg:processing.section.review')}>
        <p>{reviewDue ? t('dsg:processing.reviewDueText') : t('dsg:processing.reviewText')}</p>
        {canWrite ? (
          <Form method="post">
            <input type="hidden" name="intent" value="review" />
            <input type="hidden" name="version" value={item.version} />
            <Button type="submit">{t('dsg:processing.markReviewed')}</Button>
          </Form>
        ) : null}
      </Card>
      <Card title={t('dsg:processing.section.dpia')}>
        <p>
          <AppLink to={`/app/dsg/dpia?activity=${item.id}`}>{item.dpia ? t('dsg:processing.openDpia') : t('dsg:processing.startDpia')}</AppLink>
        </p>
      </Card>
      <Card title={t('dsg:processing.section.risks')}>
        {linkList('risk', item.risks)}
        {addForm(
          'risk',
          linkable.risks.filter((r) => !linkedRisks.has(r.id)),
        )}
      </Card>
      <Card title={t('dsg:processing.section.processes')}>
        {linkList('process', item.processes)}
        {addForm(
          'process',
          linkable.processes.filter((p) => !linkedProcesses.has(p.id)),
        )}
      </Card>
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
      <Outlet />
    </>
  )
}
