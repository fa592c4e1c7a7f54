import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { Alert, FormErrors, TextField } from '#app/ui/fields.tsx'
import { DecisionFields, DecisionLink } from '#app/ui/decision-fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import * as detailCss from '#app/ui/stepper.css.ts'
import { forbidden, replyToDomainError, throwDomainError } from '#app/utils/domain-errors.server.ts'
import { withDecision } from '#app/utils/decision-schema.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/edit'
import { ACCEPTANCE_COMPONENT, Acceptances } from './acceptance.server.ts'
import { acceptSchema, revokeSchema } from './schema.ts'
import { STATE_TONE } from './states.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.read)
  const service = Acceptances.for(access)
  const today = todayInZurich()
  let page: Awaited<ReturnType<typeof service.ofRisk>>
  try {
    page = await service.ofRisk(params.id, today)
  } catch (error) {
    throwDomainError(error, request)
  }
  const locale = await getLocale(request)
  const history = page.current && historyRequested(request) ? await History.for(access).of(ACCEPTANCE_COMPONENT, page.current.id, locale) : null
  return {
    ...page,
    today,
    mayManage: service.rights.manage,
    decisions: service.rights.manage && !page.current ? await service.decisionOptions() : [],
    history,
    trail: page.current ? trailLink(access, ACCEPTANCE_COMPONENT, page.current.id) : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Refused as the page is: an unknown or another fund's risk is 404 for everyone, before the right to record.
  const { access } = await requirePermission({ request, context }, (p) => p.kri.read)
  const service = Acceptances.for(access)
  try {
    await service.ofRisk(params.id)
  } catch (error) {
    throwDomainError(error, request)
  }
  if (!service.rights.manage) forbidden(request)
  const formData = await request.formData()
  const back = `/app/risk/${params.id}/acceptance`
  if (formData.get('intent') === 'revoke') {
    const submission = parseWithZod(formData, { schema: revokeSchema })
    if (submission.status !== 'success') return data({ revokeResult: submission.reply() }, { status: 400 })
    try {
      await service.revoke(submission.value.id, submission.value.version, submission.value.revokedOn, { riskId: params.id })
    } catch (error) {
      return replyToDomainError(error, submission, request, 'revokeResult')
    }
    return redirectWithToast(back, 'saved')
  }
  const submission = parseWithZod(formData, { schema: acceptSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { intent: _i, ...input } = submission.value
  try {
    await service.accept(params.id, withDecision(input, 'riskAcceptance'))
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/risk/${params.id}?step=evaluation`, 'saved')
}

export const handle: TitleHandle = { title: 'kri:acceptance.title' }

export default function AcceptancePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { risk, limit, inside, current, reassess, acceptances, mayManage, today, defaultValidUntil } = loaderData
  const result = actionData && 'result' in actionData ? actionData.result : undefined
  const revokeResult = actionData && 'revokeResult' in actionData ? actionData.revokeResult : undefined
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.acceptSchema))
  const [form, fields] = useForm({
    id: `acceptance-${risk.id}-${acceptances.length}`,
    lastResult: result as never,
    defaultValue: { decidedOn: today, decisionReference: '', justification: '', validUntil: '' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const [revokeForm] = useForm({ id: `revoke-${current?.id ?? 'none'}-${current?.version ?? 0}`, lastResult: revokeResult as never })
  const f = fields as unknown as Record<string, { errors?: string[]; initialValue?: unknown }>
  const value = (name: string) => (f[name]?.initialValue as string | undefined) ?? ''
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/risk">{t('risk:inventory.title')}</AppLink> ›{' '}
        <AppLink to={`/app/risk/${risk.id}?step=evaluation`}>
          {risk.idkey} {risk.title}
        </AppLink>{' '}
        › <AppLink to="/app/risk/acceptances">{t('kri:acceptance.listTitle')}</AppLink>
      </p>
      <h1>{t('kri:acceptance.heading', { title: t('kri:acceptance.title'), risk: `${risk.idkey} ${risk.title}` })}</h1>
      <Card title={t('kri:acceptance.rating')}>
        <dl className={detailCss.fields}>
          <Field label={t('risk:field.netScore')}>{risk.netScore ?? '—'}</Field>
          <Field label={t('kri:acceptance.limit')}>{limit}</Field>
          <Field label={t('risk:evaluation.appetite')}>
            <span data-testid="acceptance-appetite">
              {risk.netScore === null ? (
                t('risk:evaluation.unrated')
              ) : inside ? (
                <span data-inside="true">✓ {t('risk:evaluation.inside', { score: risk.netScore, limit })}</span>
              ) : (
                <strong data-inside="false">⚠ {t('risk:evaluation.outside', { score: risk.netScore, limit })}</strong>
              )}
            </span>
          </Field>
        </dl>
      </Card>
      {current && reassess ? (
        <div data-testid="acceptance-reassess">
          <Alert tone="warning">{t('kri:acceptance.reassess')}</Alert>
        </div>
      ) : null}
      {current ? (
        <Card title={t('kri:acceptance.current')}>
          <dl className={detailCss.fields} data-testid="acceptance-current">
            <Field label={t('kri:acceptance.field.acceptedBy')}>{current.acceptedBy}</Field>
            <Field label={t('kri:acceptance.field.acceptedOn')}>{formatDate(current.acceptedOn)}</Field>
            <Field label={t('kri:acceptance.field.validUntil')}>{formatDate(current.validUntil)}</Field>
            <Field label={t('kri:acceptance.field.decisionReference')}>
              <span data-testid="acceptance-decision">
                <DecisionLink decision={current.decision} /> {current.decisionReference || '—'}
              </span>
            </Field>
            <Field label={t('kri:acceptance.field.justification')}>
              <span className={detailCss.pre}>{current.justification}</span>
            </Field>
          </dl>
          {mayManage ? (
            <Form method="post" {...getFormProps(revokeForm)} data-testid="acceptance-revoke">
              <FormErrors errors={revokeForm.errors} />
              <input type="hidden" name="id" value={current.id} />
              <input type="hidden" name="version" value={current.version} />
              <TextField label={t('kri:acceptance.field.revokedOn')} name="revokedOn" type="date" defaultValue={today} isRequired />
              <FormActions>
                <Button type="submit" name="intent" value="revoke" variant="danger">
                  {t('kri:acceptance.revoke')}
                </Button>
              </FormActions>
            </Form>
          ) : null}
        </Card>
      ) : mayManage ? (
        <Card title={t('kri:acceptance.new')}>
          {risk.netScore === null ? <Alert tone="warning">{t('kri:acceptance.errors.unrated')}</Alert> : null}
          {risk.netScore !== null && !inside ? <Alert tone="warning">{t('kri:acceptance.errors.outsideAppetite')}</Alert> : null}
          <Form method="post" {...getFormProps(form)} data-testid="acceptance-form">
            <FormErrors errors={form.errors} />
            <DecisionFields
              options={loaderData.decisions}
              fields={f}
              defaults={{
                decisionId: value('decisionId'),
                decidedOn: value('decidedOn'),
                decisionReference: value('decisionReference'),
                decisionTitle: value('decisionTitle'),
                decidedBy: value('decidedBy'),
              }}
            />
            <TextField
              label={t('kri:acceptance.field.justification')}
              name="justification"
              multiline
              rows={4}
              defaultValue={value('justification')}
              errors={f.justification?.errors}
              isRequired
            />
            <TextField
              label={t('kri:acceptance.field.validUntil')}
              name="validUntil"
              type="date"
              defaultValue={value('validUntil')}
              errors={f.validUntil?.errors}
              description={t('kri:acceptance.validUntilHint', { date: formatDate(defaultValidUntil) })}
            />
            <FormActions>
              <Button type="submit" name="intent" value="accept">
                {t('kri:acceptance.accept')}
              </Button>
              <LinkButton to={`/app/risk/${risk.id}?step=evaluation`} variant="ghost">
                {t('action.cancel')}
              </LinkButton>
            </FormActions>
          </Form>
        </Card>
      ) : (
        <Card>
          <p>{t('kri:acceptance.none')}</p>
        </Card>
      )}
      <Card title={t('kri:acceptance.earlier')}>
        {acceptances.length === 0 ? (
          <p className={css.muted}>{t('table.empty')}</p>
        ) : (
          <ul className={detailCss.list} data-testid="acceptance-history">
            {acceptances.map((a) => (
              <li key={a.id}>
                {formatDate(a.acceptedOn)} – {formatDate(a.validUntil)} · {a.acceptedBy} ·{' '}
                <Badge tone={STATE_TONE[a.state]}>{t(`kri:acceptance.state.${a.state}`)}</Badge>
                {a.revokedOn ? ` ${t('kri:acceptance.revokedOn', { date: formatDate(a.revokedOn) })}` : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {current ? <HistoryPanel history={loaderData.history ?? undefined} trail={loaderData.trail} /> : null}
    </>
  )
}
