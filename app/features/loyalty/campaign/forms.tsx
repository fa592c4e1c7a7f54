import { Form } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'

/** The form that opens a year's campaign (all persons active today, due 31 March unless given); posted to the campaign page. */
export function OpenCampaignForm({ defaultYear, lastResult }: { defaultYear: number; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation()
  const [form, fields] = useForm({ id: 'loyalty-open', lastResult, defaultValue: { year: String(defaultYear), dueDate: '' } })
  return (
    <Form method="post" action="/app/loyalty/campaign" {...getFormProps(form)} data-testid="loyalty-open-form">
      <input type="hidden" name="intent" value="open" />
      <FormErrors errors={form.errors} />
      <p>{t('loyalty:campaign.openIntro')}</p>
      <TextField
        label={t('loyalty:campaign.year')}
        name="year"
        inputMode="numeric"
        isRequired
        defaultValue={String(fields.year.initialValue ?? defaultYear)}
        errors={fields.year.errors}
      />
      <TextField
        label={t('loyalty:campaign.dueDate')}
        name="dueDate"
        type="date"
        description={t('loyalty:campaign.dueDateHint')}
        defaultValue={(fields.dueDate.initialValue as string | undefined) ?? ''}
        errors={fields.dueDate.errors}
      />
      <FormActions>
        <Button type="submit">{t('loyalty:campaign.open')}</Button>
      </FormActions>
    </Form>
  )
}
