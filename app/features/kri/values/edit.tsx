import { data, Form } from 'react-router'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors, TextField } from '#app/ui/fields.tsx'
import * as listCss from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { M } from '#app/utils/validation.ts'
import { parseDate, todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import type { Route } from './+types/edit'
import { formatDecimal, formatKriValue, parseDecimal } from '../decimal.ts'
import { Kris } from '../kris.server.ts'
import { KRI_MESSAGES } from '../messages.ts'
import { KriNav } from '../nav.tsx'
import { isPeriodEnd, lastPeriodEnds, periodEndOn } from '../periods.ts'
import type { KriValueRow } from '../values.server.ts'

/**
 * One reporting date's values of all the fund's active KRIs that are entered (not computed): `?date=`
 * picks the date (the period end on or before it), by default the last period end; beside each field
 * the value before.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.enter)
  const service = Kris.for(access)
  const locale = await getLocale(request)
  const today = todayInZurich()
  const asked = parseDate(new URL(request.url).searchParams.get('date') ?? '')
  let periodEnd: string
  let rows: Awaited<ReturnType<typeof service.valuesForm>>
  if (asked) {
    periodEnd = periodEndOn(asked > today ? today : asked, 'monthly')
    rows = await service.valuesForm(periodEnd, locale)
  } else {
    // The last period end: a month's when the fund reports a KRI monthly, else the quarter's.
    periodEnd = periodEndOn(today, 'monthly')
    rows = await service.valuesForm(periodEnd, locale)
    if (!rows.some((r) => r.frequency === 'monthly') && !isPeriodEnd(periodEnd, 'quarterly')) {
      periodEnd = periodEndOn(today, 'quarterly')
      rows = await service.valuesForm(periodEnd, locale)
    }
  }
  const monthly = rows.some((r) => r.frequency === 'monthly')
  return {
    periodEnd,
    rows: rows.filter((r) => isPeriodEnd(periodEnd, r.frequency)),
    choices: lastPeriodEnds(monthly ? 'monthly' : 'quarterly', today, monthly ? 12 : 8),
  }
}

export const handle: TitleHandle = { title: 'kri:values.title' }

type Reply = { errors: Record<string, string>; formError: string | null; typed: Record<string, string> }

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.enter)
  const form = await request.formData()
  const typed: Record<string, string> = {}
  for (const [k, v] of form.entries()) if (typeof v === 'string') typed[k] = v
  const errors: Record<string, string> = {}
  const reply = (status: number, formError: string | null = null) => data<Reply>({ errors, formError, typed }, { status })
  const periodEnd = parseDate(typed.periodEnd ?? '')
  if (!periodEnd) return reply(400, KRI_MESSAGES.periodEnd)
  const rows: KriValueRow[] = []
  for (const [key, raw] of Object.entries(typed)) {
    if (!key.startsWith('value-')) continue
    const kriId = key.slice('value-'.length)
    // An empty field leaves the value (or its absence) as it is.
    if (!raw.trim()) continue
    const value = parseDecimal(raw)
    if (value === undefined || value === null) {
      errors[key] = KRI_MESSAGES.value
      continue
    }
    rows.push({ kriId, periodEnd, value, comment: typed[`comment-${kriId}`] ?? '' })
  }
  if (Object.keys(errors).length) return reply(400)
  if (!rows.length) return reply(400, KRI_MESSAGES.nothingEntered)
  try {
    await Kris.for(access).enter(rows)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    if (error.code === 'not-found') notFound(request)
    if (error.code === 'forbidden') forbidden(request)
    const message = error.code === 'stale' ? M.staleVersion : (error.messageKey ?? M.invalid)
    if (error.field && error.field !== 'periodEnd') errors[error.field] = message
    return reply(error.code === 'invalid' ? 400 : 409, error.field && error.field !== 'periodEnd' ? null : message)
  }
  return redirectWithToast('/app/risk/kri', 'saved')
}

export default function EnterValues({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { periodEnd, rows, choices } = loaderData
  const reply = actionData as Reply | undefined
  const typed = reply?.typed
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/risk/kri">{t('kri:list.title')}</AppLink> › {t('kri:values.title')}
      </p>
      <h1>{t('kri:values.title')}</h1>
      <KriNav />
      <Form method="get" className={listCss.actions} data-testid="kri-period-form">
        <TextField label={t('kri:values.period')} name="date" type="date" defaultValue={periodEnd} description={t('kri:values.periodHint')} />
        <Button type="submit" variant="secondary">
          {t('kri:values.show')}
        </Button>
      </Form>
      <p className={listCss.actions}>
        {choices.map((d) => (
          <AppLink key={d} to={`/app/risk/kri/values?date=${d}`} aria-current={d === periodEnd ? 'page' : undefined}>
            {formatDate(d)}
          </AppLink>
        ))}
      </p>
      <Card title={t('kri:values.heading', { date: formatDate(periodEnd) })}>
        {rows.length === 0 ? (
          <p data-testid="kri-values-none">{t('kri:values.none')}</p>
        ) : (
          <Form method="post" data-testid="kri-values-form" noValidate>
            <FormErrors errors={reply?.formError ? [reply.formError] : undefined} />
            <input type="hidden" name="periodEnd" value={periodEnd} />
            <p className={css.muted}>{t('kri:values.intro')}</p>
            {rows.map((r) => {
              const key = `value-${r.id}`
              const error = reply?.errors[key]
              const current = r.value === null ? '' : formatDecimal(r.value)
              return (
                <fieldset key={r.id} data-testid={`kri-values-${r.id}`}>
                  <legend>
                    {r.name} ({t(`kri:unit.${r.unit}`)})
                  </legend>
                  <div className={listCss.grid2}>
                    <TextField
                      label={t('kri:values.value')}
                      name={key}
                      defaultValue={typed ? (typed[key] ?? '') : current}
                      errors={error ? [error] : undefined}
                      description={
                        r.previous === null
                          ? t('kri:values.noPrevious')
                          : t('kri:values.previous', { value: formatKriValue(r.previous, r.unit), date: formatDate(r.previousEnd) })
                      }
                    />
                    <TextField
                      label={t('kri:values.comment')}
                      name={`comment-${r.id}`}
                      defaultValue={typed ? (typed[`comment-${r.id}`] ?? '') : (r.comment ?? '')}
                      errors={reply?.errors[`comment-${r.id}`] ? [reply.errors[`comment-${r.id}`]] : undefined}
                    />
                  </div>
                </fieldset>
              )
            })}
            <FormActions>
              <Button type="submit">{t('action.save')}</Button>
              <AppLink to="/app/risk/kri">{t('action.cancel')}</AppLink>
            </FormActions>
          </Form>
        )}
      </Card>
    </>
  )
}
