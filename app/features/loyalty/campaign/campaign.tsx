import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { optionalDateField } from '#app/utils/validation.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { LoyaltyNav } from '../nav.tsx'
import type { Route } from './+types/campaign'
import { Campaigns } from './campaign.server.ts'
import { OpenCampaignForm } from './forms.tsx'

/*
 * The year's campaign for admins (issue 26): open it (GET shows the form), add a person who joined later,
 * close it (every personal link revoked). Each form posts here and works without JavaScript.
 */

const yearField = () => z.coerce.number({ error: 'loyalty:campaign.errors.year' }).int('loyalty:campaign.errors.year')

const openSchema = z.object({ intent: z.literal('open'), year: yearField(), dueDate: optionalDateField() })
const closeSchema = z.object({ intent: z.literal('close'), year: yearField() })
const addSchema = z.object({
  intent: z.literal('addPerson'),
  year: yearField(),
  personId: z.string({ error: 'validation.required' }).uuid('loyalty:campaign.errors.person'),
})
const schema = z.discriminatedUnion('intent', [openSchema, closeSchema, addSchema])

function yearOf(request: Request) {
  const raw = new URL(request.url).searchParams.get('year')
  return raw && /^\d{4}$/.test(raw) ? Number(raw) : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.manage)
  const campaigns = Campaigns.for(access)
  const year = yearOf(request) ?? Number(todayInZurich().slice(0, 4))
  const overview = await campaigns.overview(year)
  const campaign = overview.campaign && overview.campaign.year === year ? overview.campaign : null
  const addable = campaign && !campaign.closedAt ? await campaigns.addable(year) : []
  return { year, campaign, addable, counts: overview.counts }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.manage)
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const input = submission.value
  const campaigns = Campaigns.for(access)
  try {
    if (input.intent === 'open') await campaigns.open({ year: input.year, dueDate: input.dueDate ?? undefined })
    else if (input.intent === 'close') await campaigns.close(input.year)
    else await campaigns.addPerson(input.year, input.personId)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/loyalty?year=${input.year}`, input.intent === 'open' ? 'created' : 'saved')
}

export const handle: TitleHandle = { title: 'loyalty:campaign.title' }

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { year, campaign, addable, counts } = loaderData
  const intent = (actionData?.result?.initialValue as { intent?: string } | undefined)?.intent
  const [closeForm] = useForm({ id: 'loyalty-close', lastResult: intent === 'close' ? actionData?.result : null })
  const [addForm, addFields] = useForm({ id: 'loyalty-add', lastResult: intent === 'addPerson' ? actionData?.result : null })
  return (
    <>
      <h1>{t('loyalty:campaign.title')}</h1>
      <LoyaltyNav />
      {!campaign || intent === 'open' ? (
        <Card title={t('loyalty:campaign.openTitle')}>
          <OpenCampaignForm defaultYear={year} lastResult={intent === 'open' || !intent ? actionData?.result : null} />
        </Card>
      ) : null}
      {campaign ? (
        <Card title={t('loyalty:overview.campaign', { year: campaign.year })}>
          <p>
            {t('loyalty:overview.dueOn', { date: formatDate(campaign.dueDate) })} · {t('loyalty:campaign.asked', { count: counts.due })}
          </p>
          {campaign.closedAt ? (
            <p data-testid="loyalty-closed">{t('loyalty:campaign.closedOn', { date: formatDate(campaign.closedAt) })}</p>
          ) : (
            <>
              <h3>{t('loyalty:campaign.addTitle')}</h3>
              {addable.length === 0 ? (
                <p>{t('loyalty:campaign.noneToAdd')}</p>
              ) : (
                <Form method="post" {...getFormProps(addForm)}>
                  <input type="hidden" name="intent" value="addPerson" />
                  <input type="hidden" name="year" value={campaign.year} />
                  <FormErrors errors={addForm.errors} />
                  <SelectField
                    label={t('loyalty:campaign.person')}
                    name="personId"
                    isRequired
                    errors={addFields.personId.errors}
                    options={[{ value: '', label: '—' }, ...addable.map((p) => ({ value: p.id, label: `${p.lastName} ${p.firstName}` }))]}
                  />
                  <FormActions>
                    <Button type="submit" variant="secondary">
                      {t('loyalty:campaign.add')}
                    </Button>
                  </FormActions>
                </Form>
              )}
              <h3>{t('loyalty:campaign.closeTitle')}</h3>
              <p>{t('loyalty:campaign.closeIntro')}</p>
              <Form method="post" {...getFormProps(closeForm)}>
                <input type="hidden" name="intent" value="close" />
                <input type="hidden" name="year" value={campaign.year} />
                <FormErrors errors={closeForm.errors} />
                <FormActions>
                  <Button type="submit" variant="secondary">
                    {t('loyalty:campaign.close')}
                  </Button>
                </FormActions>
              </Form>
            </>
          )}
          <p>
            <AppLink to={`/app/loyalty?year=${campaign.year}`}>{t('loyalty:campaign.back')}</AppLink>
          </p>
        </Card>
      ) : null}
    </>
  )
}
