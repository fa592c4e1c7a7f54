import { DecisionLink } from '#app/ui/decision-fields.tsx'
import { data, Form } from 'react-router'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { Alert, FormErrors, TextField } from '#app/ui/fields.tsx'
import * as listCss from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M } from '#app/utils/validation.ts'
import { parseDate, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import type { Route } from './+types/index'
import { formatDecimal, formatKriValue, parseDecimal } from '../decimal.ts'
import { Kris } from '../kris.server.ts'
import { KRI_MESSAGES } from '../messages.ts'
import * as kriCss from '../kri.css.ts'
import { KriNav } from '../nav.tsx'

/**
 * The fund's risk appetite: which KRIs it follows and their thresholds in force, the council's latest
 * approval and whether the appetite changed since. RM admins choose KRIs from the catalogue and set
 * new bounds from a day; readers see it as it is.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.read)
  const service = Kris.for(access)
  const locale = await getLocale(request)
  const [kris, appetite, catalogue] = [await service.list(locale), await service.appetite(), service.rights.appetite ? await service.catalogue(locale) : []]
  return { kris, appetite, catalogue, rights: service.rights, today: todayInZurich() }
}

export const handle: TitleHandle = { title: 'kri:appetite.title' }

type Reply = { intent: string; kriId: string | null; errors: Record<string, string>; formError: string | null; typed: Record<string, string> }

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.appetite)
  const service = Kris.for(access)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const kriId = form.get('kriId') ? String(form.get('kriId')) : null
  const typed: Record<string, string> = {}
  for (const [k, v] of form.entries()) if (typeof v === 'string' && k !== 'catalogIds') typed[k] = v
  const errors: Record<string, string> = {}
  const reply = (status: number, formError: string | null = null) => data<Reply>({ intent, kriId, errors, formError, typed }, { status })
  try {
    if (intent === 'choose') {
      await service.choose(form.getAll('catalogIds').map(String))
      return redirectWithToast('/app/risk/kri/appetite', 'added')
    }
    if (intent === 'thresholds' && kriId) {
      const validFrom = parseDate(typed.validFrom ?? '')
      const amber = parseDecimal(typed.amber)
      const red = parseDecimal(typed.red)
      if (!validFrom) errors.validFrom = typed.validFrom?.trim() ? 'validation.date' : M.required
      if (!amber) errors.amber = amber === null ? M.required : KRI_MESSAGES.bound
      if (!red) errors.red = red === null ? M.required : KRI_MESSAGES.bound
      if (Object.keys(errors).length || !validFrom || !amber || !red) return reply(400)
      await service.setThresholds(kriId, { validFrom, amber, red })
      return redirectWithToast('/app/risk/kri/appetite', 'saved')
    }
    return reply(400, M.invalid)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    if (error.code === 'not-found') notFound(request)
    if (error.code === 'forbidden') forbidden(request)
    const message = error.code === 'stale' ? M.staleVersion : (error.messageKey ?? M.invalid)
    if (error.field && error.field !== 'catalogIds') errors[error.field] = message
    return reply(error.code === 'invalid' ? 400 : 409, error.field && error.field !== 'catalogIds' ? null : message)
  }
}

export default function Appetite({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { kris, appetite, catalogue, rights, today } = loaderData
  const reply = actionData as Reply | undefined
  const { approval } = appetite
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/risk/kri">{t('kri:list.title')}</AppLink> › {t('kri:appetite.title')}
      </p>
      <div className={css.head}>
        <h1>{t('kri:appetite.title')}</h1>
        {rights.appetite ? (
          <LinkButton to="/app/risk/kri/appetite/approve" variant="primary" data-testid="appetite-approve">
            {t('kri:approval.record')}
          </LinkButton>
        ) : null}
      </div>
      <KriNav />
      <p className={css.muted}>{t('kri:appetite.intro')}</p>

      <Card title={t('kri:approval.latest')}>
        <div data-testid="appetite-approval">
          {approval ? (
            <dl>
              <dt>{t('kri:approval.approvedOn')}</dt>
              <dd data-testid="approval-date">{formatDate(approval.approvedOn)}</dd>
              <dt>{t('decisions:approval.decision')}</dt>
              <dd data-testid="approval-decision">
                <DecisionLink decision={approval.decision} /> {approval.decisionReference}
              </dd>
              <dt>{t('kri:approval.approvedBy')}</dt>
              <dd>{approval.approvedBy}</dd>
              <dt>{t('kri:approval.scoreLimit')}</dt>
              <dd>{approval.scoreLimit}</dd>
              {approval.remark ? (
                <>
                  <dt>{t('kri:approval.remark')}</dt>
                  <dd>{approval.remark}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p>{t('kri:approval.none', { limit: appetite.scoreLimit })}</p>
          )}
          {appetite.changedSince ? (
            <Alert tone="warning">
              <span data-testid="appetite-changed">{approval ? t('kri:approval.changedSince') : t('kri:approval.notApproved')}</span>
            </Alert>
          ) : approval ? (
            <Badge tone="success">{t('kri:approval.unchanged')}</Badge>
          ) : null}
        </div>
      </Card>

      <Card title={t('kri:appetite.chosen')}>
        {kris.length === 0 ? <p>{t('kri:appetite.noneChosen')}</p> : null}
        {kris.map((k) => {
          const mine = reply?.intent === 'thresholds' && reply.kriId === k.id
          const err = (f: string) => (mine && reply?.errors[f] ? [reply.errors[f]] : undefined)
          const typed = (f: string) => (mine ? (reply?.typed[f] ?? '') : undefined)
          return (
            <section key={k.id} data-testid={`appetite-kri-${k.key}`} className={kriCss.kriSection}>
              <h3>
                <AppLink to={`/app/risk/kri/${k.id}`}>{k.name}</AppLink>
              </h3>
              <p className={css.muted}>
                {t(`kri:direction.${k.direction}`)} · {t(`kri:frequency.${k.frequency}`)}
                {k.active ? '' : ` · ${t('kri:list.inactive')}`}
              </p>
              <p data-testid="appetite-thresholds">
                {k.amber === null
                  ? t('kri:appetite.noThresholds')
                  : t('kri:appetite.inForce', {
                      amber: formatKriValue(k.amber, k.unit),
                      red: formatKriValue(k.red, k.unit),
                      date: formatDate(k.thresholdsFrom),
                    })}
              </p>
              {rights.appetite ? (
                <Form method="post" data-testid="thresholds-form" noValidate>
                  <FormErrors errors={mine && reply?.formError ? [reply.formError] : undefined} />
                  <input type="hidden" name="intent" value="thresholds" />
                  <input type="hidden" name="kriId" value={k.id} />
                  <div className={listCss.grid2}>
                    <TextField
                      label={t('kri:field.validFrom')}
                      name="validFrom"
                      type="date"
                      defaultValue={typed('validFrom') ?? today}
                      errors={err('validFrom')}
                    />
                    <TextField
                      label={t('kri:field.amber')}
                      name="amber"
                      defaultValue={typed('amber') ?? (k.amber === null ? '' : formatDecimal(k.amber))}
                      errors={err('amber')}
                    />
                    <TextField
                      label={t('kri:field.red')}
                      name="red"
                      defaultValue={typed('red') ?? (k.red === null ? '' : formatDecimal(k.red))}
                      errors={err('red')}
                      description={t(`kri:appetite.hint.${k.direction}`)}
                    />
                  </div>
                  <FormActions>
                    <Button type="submit" variant="secondary">
                      {t('kri:appetite.setThresholds')}
                    </Button>
                  </FormActions>
                </Form>
              ) : null}
            </section>
          )
        })}
      </Card>

      {rights.appetite ? (
        <Card title={t('kri:appetite.choose')}>
          {catalogue.length === 0 ? (
            <p>{t('kri:appetite.catalogueEmpty')}</p>
          ) : (
            <Form method="post" data-testid="choose-form">
              <FormErrors errors={reply?.intent === 'choose' && reply.formError ? [reply.formError] : undefined} />
              <input type="hidden" name="intent" value="choose" />
              <fieldset>
                <legend>{t('kri:appetite.catalogue')}</legend>
                {catalogue.map((c) => (
                  <div key={c.id}>
                    <label>
                      <input type="checkbox" name="catalogIds" value={c.id} data-testid={`choose-${c.key}`} /> {c.name} ({t(`kri:unit.${c.unit}`)},{' '}
                      {t(`kri:direction.${c.direction}`)})
                    </label>
                    <div className={css.muted}>
                      {[
                        c.legalBasis,
                        c.computed ? t('kri:source.computed') : '',
                        c.defaultAmber !== null && c.defaultRed !== null
                          ? t('kri:appetite.defaults', { amber: formatKriValue(c.defaultAmber, c.unit), red: formatKriValue(c.defaultRed, c.unit) })
                          : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  </div>
                ))}
              </fieldset>
              <FormActions>
                <Button type="submit">{t('kri:appetite.chooseSubmit')}</Button>
              </FormActions>
            </Form>
          )}
        </Card>
      ) : null}
    </>
  )
}
