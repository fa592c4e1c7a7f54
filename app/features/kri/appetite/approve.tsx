import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { DecisionFields } from '#app/ui/decision-fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { withDecision } from '#app/utils/decision-schema.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { Route } from './+types/approve'
import { Kris } from '../kris.server.ts'
import { KriNav } from '../nav.tsx'
import { approvalSchema } from '../schema.ts'

/** The council's approval of the risk appetite (the KRIs' thresholds in force and the score limit): RM admins record it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.appetite)
  const service = Kris.for(access)
  const { scoreLimit } = await service.appetite()
  return { today: todayInZurich(), scoreLimit, decisions: await service.decisionOptions() }
}

export const handle: TitleHandle = { title: 'kri:approval.title' }

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.appetite)
  const submission = parseWithZod(await request.formData(), { schema: approvalSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await Kris.for(access).approve(withDecision(submission.value, 'riskAppetite'))
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast('/app/risk/kri/appetite', 'saved')
}

export default function Approve({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const onValidate = useLazyValidate(() => import('../schema.ts').then((m) => m.approvalSchema))
  const [form, fields] = useForm({
    id: 'appetite-approval',
    lastResult: actionData?.result,
    defaultValue: { decidedOn: loaderData.today, scoreLimit: String(loaderData.scoreLimit) },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/risk/kri">{t('kri:list.title')}</AppLink> › <AppLink to="/app/risk/kri/appetite">{t('kri:appetite.title')}</AppLink> ›{' '}
        {t('kri:approval.title')}
      </p>
      <h1>{t('kri:approval.title')}</h1>
      <KriNav />
      <p className={css.muted}>{t('kri:approval.intro')}</p>
      <Card>
        <Form method="post" {...getFormProps(form)} data-testid="approval-form">
          <FormErrors errors={form.errors} />
          <DecisionFields
            options={loaderData.decisions}
            fields={fields}
            defaults={{
              decidedOn: value('decidedOn'),
              decisionReference: value('decisionReference'),
              decisionTitle: value('decisionTitle'),
              decidedBy: value('decidedBy'),
              decisionId: value('decisionId'),
            }}
          />
          <TextField
            label={t('kri:approval.scoreLimit')}
            name="scoreLimit"
            inputMode="numeric"
            defaultValue={value('scoreLimit')}
            errors={fields.scoreLimit.errors}
            description={t('kri:approval.scoreLimitHint')}
            isRequired
          />
          <TextField label={t('kri:approval.remark')} name="remark" multiline rows={3} defaultValue={value('remark')} errors={fields.remark.errors} />
          <FormActions>
            <Button type="submit">{t('kri:approval.submit')}</Button>
            <AppLink to="/app/risk/kri/appetite">{t('action.cancel')}</AppLink>
          </FormActions>
        </Form>
      </Card>
    </>
  )
}
