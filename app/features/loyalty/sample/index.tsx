import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDateTime } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { Alert, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import type { Route } from './+types/index'
import { SAMPLE_MAX } from './rules.ts'
import { type DrawnDeclaration, Sample } from './sample.server.ts'

/**
 * The auditor's sample (Art. 35 para. 2 BVV 2, issue 26): a reader of the loyalty area chooses a year
 * and n; the server draws n of the year's signed declarations at random and records the draw; the page
 * shows the drawn list with the PDF of the declarations and the council's review, and the ZIP of their
 * paper scans. A plain form: it works without JavaScript.
 */

const whole = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, ctx) => {
      const n = /^\d{1,6}$/.test(v) ? Number(v) : Number.NaN
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return n
    })

const drawSchema = z.object({
  year: whole('loyalty:sample.error.year', 2000, 2100),
  n: whole('loyalty:sample.error.n', 1, SAMPLE_MAX),
})

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const years = await Sample.for(access).years()
  return { years }
}

export const handle: TitleHandle = { title: 'loyalty:sample.title' }

type Drawn = { year: number; n: number; available: number; drawn: DrawnDeclaration[] }
type ActionData = { result?: SubmissionResult<string[]> | null; sample?: Drawn } | undefined

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: drawSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { year, n } = submission.value
  try {
    const { drawn, available } = await Sample.for(access).draw(year, n)
    return data({ result: submission.reply(), sample: { year, n, available, drawn } satisfies Drawn })
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
}

export default function SamplePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { years } = loaderData
  const result = (actionData as ActionData)?.result ?? null
  const sample = (actionData as ActionData)?.sample
  const [form, fields] = useForm({
    id: `loyalty-sample-${sample ? sample.drawn.map((d) => d.id).join('') : 'new'}`,
    lastResult: result,
    defaultValue: { year: String(sample?.year ?? years.find((y) => y.signed > 0)?.year ?? years[0]?.year ?? ''), n: String(sample?.n ?? 5) },
  })
  const value = (name: string) => (fields[name]?.initialValue as string | undefined) ?? ''
  const ids = sample?.drawn.map((d) => d.id).join(',') ?? ''
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/loyalty">{t('loyalty:sample.area')}</AppLink> › {t('loyalty:sample.title')}
      </p>
      <div className={css.head}>
        <h1>{t('loyalty:sample.title')}</h1>
      </div>
      <p>{t('loyalty:sample.intro')}</p>
      {years.length === 0 ? (
        <Alert>{t('loyalty:sample.noCampaign')}</Alert>
      ) : (
        <Card title={t('loyalty:sample.draw')}>
          <Form method="post" {...getFormProps(form)} data-testid="sample-form">
            <FormErrors errors={form.errors} />
            <SelectField
              label={t('loyalty:sample.field.year')}
              name="year"
              defaultValue={value('year')}
              errors={fields.year?.errors}
              options={years.map((y) => ({ value: String(y.year), label: t('loyalty:sample.yearOption', { year: y.year, count: y.signed }) }))}
            />
            <TextField
              label={t('loyalty:sample.field.n')}
              name="n"
              inputMode="numeric"
              defaultValue={value('n')}
              errors={fields.n?.errors}
              description={t('loyalty:sample.nHint', { max: SAMPLE_MAX })}
            />
            <FormActions>
              <Button type="submit" variant="primary">
                {t('loyalty:sample.submit')}
              </Button>
            </FormActions>
          </Form>
        </Card>
      )}
      {sample ? (
        <Card title={t('loyalty:sample.drawnTitle', { year: sample.year })}>
          <p data-testid="sample-summary">{t('loyalty:sample.summary', { count: sample.drawn.length, n: sample.n, available: sample.available })}</p>
          {sample.drawn.length ? (
            <>
              <table className={css.levelsTable} data-testid="sample-drawn">
                <thead>
                  <tr>
                    <th scope="col">{t('loyalty:sample.field.number')}</th>
                    <th scope="col">{t('loyalty:sample.field.person')}</th>
                    <th scope="col">{t('loyalty:sample.field.function')}</th>
                    <th scope="col">{t('loyalty:sample.field.state')}</th>
                    <th scope="col">{t('loyalty:sample.field.channel')}</th>
                    <th scope="col">{t('loyalty:sample.field.signedAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sample.drawn.map((d) => (
                    <tr key={d.id}>
                      <td className={css.nowrap}>
                        <AppLink to={`/app/loyalty/declarations/${d.id}`}>{d.number}</AppLink>
                      </td>
                      <td>{d.personName}</td>
                      <td>{t(`loyalty:sample.function.${d.personFunction}`)}</td>
                      <td>{t(`loyalty:sample.state.${d.state}`)}</td>
                      <td>{d.channel ? t(`loyalty:sample.channel.${d.channel}`) : '—'}</td>
                      <td className={css.nowrap}>{d.signedAt ? formatDateTime(d.signedAt, i18n.language as 'de') : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className={css.actions}>
                <a href={`/app/loyalty/sample/${sample.year}/sample.pdf?ids=${ids}`} download data-testid="sample-pdf">
                  {t('loyalty:sample.pdfLink')}
                </a>
                <a href={`/app/loyalty/sample/${sample.year}/scans.zip?ids=${ids}`} download data-testid="sample-zip">
                  {t('loyalty:sample.zipLink')}
                </a>
              </p>
              <p className={css.muted}>{t('loyalty:sample.recorded')}</p>
            </>
          ) : (
            <Alert>{t('loyalty:sample.none')}</Alert>
          )}
        </Card>
      ) : null}
    </>
  )
}
