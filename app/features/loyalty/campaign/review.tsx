import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { Alert, FormErrors, TextField } from '#app/ui/fields.tsx'
import { DecisionFields, DecisionLink } from '#app/ui/decision-fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as tableCss from '#app/ui/data-table.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { decisionShape, refineDecisionWithoutBy, withDecision } from '#app/utils/decision-schema.ts'
import { requiredString } from '#app/utils/validation.ts'
import { isUuid } from '#models/core/sql-helpers.ts'
import { LoyaltyNav } from '../nav.tsx'
import type { Route } from './+types/review'
import { Campaigns } from './campaign.server.ts'

/*
 * The supreme body's review of a year's declarations (issue 26): the date, the decision's reference, the
 * names of those who reviewed, and per declared declaration a remark and whether it is a finding. Posted
 * without JavaScript: each declaration's fields are named by its id (`remark.<id>`, `finding.<id>`).
 */

const schema = z
  .object({
    year: z.coerce.number({ error: 'loyalty:campaign.errors.year' }).int('loyalty:campaign.errors.year'),
    ...decisionShape,
    names: requiredString(1000),
  })
  .superRefine(refineDecisionWithoutBy)

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.manage)
  const raw = new URL(request.url).searchParams.get('year')
  const service = Campaigns.for(access)
  const overview = await service.overview(raw && /^\d{4}$/.test(raw) ? Number(raw) : undefined)
  return {
    decisions: await service.reviewDecisionOptions(),
    decision: await service.decision(overview.campaign?.reviewDecisionId),
    year: overview.year,
    campaign: overview.campaign,
    declared: overview.declared.map((d) => ({ id: d.id, personName: d.personName, personFunction: d.personFunction, signedAt: d.signedAt })),
    requested: overview.notDeclared.length,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.manage)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const remarks: Record<string, { remark: string; finding: boolean }> = {}
  for (const [name, value] of formData) {
    const m = name.match(/^(remark|finding)-(.+)$/)
    if (!m || !isUuid(m[2]) || typeof value !== 'string') continue
    remarks[m[2]] ??= { remark: '', finding: false }
    const entry = remarks[m[2]]
    if (m[1] === 'remark') entry.remark = value.slice(0, 2000)
    else entry.finding = value === 'on'
  }
  try {
    const { year, ...rest } = submission.value
    await Campaigns.for(access).recordReview(year, { ...withDecision(rest, 'loyaltyReview'), remarks })
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/loyalty?year=${submission.value.year}`, 'saved')
}

export const handle: TitleHandle = { title: 'loyalty:review.title' }

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { year, campaign, declared, requested } = loaderData
  const [form, fields] = useForm({ id: `loyalty-review-${year ?? 'none'}`, lastResult: actionData?.result })
  const posted = (actionData?.result?.initialValue ?? {}) as Record<string, string | undefined>
  return (
    <>
      <h1>{t('loyalty:review.title')}</h1>
      <LoyaltyNav />
      {!campaign ? (
        <Alert>{t('loyalty:overview.noCampaign')}</Alert>
      ) : (
        <Card title={t('loyalty:overview.campaign', { year: campaign.year })}>
          {campaign.reviewedOn ? (
            <p data-testid="loyalty-review-recorded">
              {t('loyalty:overview.reviewedOn', { date: formatDate(campaign.reviewedOn), reference: campaign.reviewReference })} ·{' '}
              <DecisionLink decision={loaderData.decision} /> · {campaign.reviewNames}
            </p>
          ) : null}
          {declared.length === 0 ? (
            <p>{t('loyalty:review.nothingDeclared')}</p>
          ) : (
            <Form method="post" {...getFormProps(form)} data-testid="loyalty-review-form">
              <p>{t('loyalty:review.intro', { count: declared.length })}</p>
              {requested ? <p>{t('loyalty:review.stillRequested', { count: requested })}</p> : null}
              <FormErrors errors={form.errors} />
              <input type="hidden" name="year" value={campaign.year} />
              <DecisionFields
                options={loaderData.decisions}
                fields={fields}
                withDecidedBy={false}
                defaults={{
                  decisionId: posted.decisionId,
                  decidedOn: posted.decidedOn,
                  decisionReference: posted.decisionReference,
                  decisionTitle: posted.decisionTitle,
                }}
              />
              <TextField
                label={t('loyalty:review.names')}
                name="names"
                isRequired
                multiline
                rows={2}
                defaultValue={posted.names ?? ''}
                errors={fields.names.errors}
              />
              <table className={tableCss.table} data-testid="loyalty-review-declarations">
                <thead>
                  <tr>
                    <th scope="col" className={tableCss.th}>
                      {t('loyalty:overview.person')}
                    </th>
                    <th scope="col" className={tableCss.th}>
                      {t('loyalty:review.remark')}
                    </th>
                    <th scope="col" className={tableCss.th}>
                      {t('loyalty:review.finding')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {declared.map((d) => (
                    <tr key={d.id}>
                      <td className={tableCss.td}>
                        <AppLink to={`/app/loyalty/declarations/${d.id}`}>{d.personName}</AppLink>
                        <br />
                        {t(`loyalty:overview.functions.${d.personFunction}`)}
                      </td>
                      <td className={tableCss.td}>
                        <label htmlFor={`remark-${d.id}`} className={tableCss.empty} style={{ padding: 0, textAlign: 'left' }}>
                          {t('loyalty:review.remarkFor', { name: d.personName })}
                        </label>
                        <textarea
                          id={`remark-${d.id}`}
                          name={`remark-${d.id}`}
                          rows={2}
                          defaultValue={posted[`remark-${d.id}`] ?? ''}
                          style={{ width: '100%' }}
                        />
                      </td>
                      <td className={tableCss.td}>
                        <input
                          type="checkbox"
                          id={`finding-${d.id}`}
                          name={`finding-${d.id}`}
                          value="on"
                          defaultChecked={posted[`finding-${d.id}`] === 'on'}
                          aria-label={t('loyalty:review.findingFor', { name: d.personName })}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <FormActions>
                <Button type="submit">{t('loyalty:review.submit')}</Button>
              </FormActions>
            </Form>
          )}
        </Card>
      )}
    </>
  )
}
