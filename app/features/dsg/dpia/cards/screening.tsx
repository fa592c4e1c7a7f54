import { Form } from 'react-router'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import { Field } from '#app/ui/read-field.tsx'
import * as stepperCss from '#app/ui/stepper.css.ts'
import { SCREENING_CRITERIA } from '../assessment.ts'
import { ScreeningFields } from '../screening-fields.tsx'
import { ConfirmWithdrawal, type LoaderData, Submit, Version, yesNo } from './shared.tsx'

export function ScreeningCard({ d, result }: { d: LoaderData; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const { dpia } = d
  const [form, fields] = useForm({ id: `dpia-screen-${dpia.version}`, lastResult: result, defaultValue: dpia })
  const required = dpia.state === 'open' || dpia.state === 'approved'
  return (
    <Card title={t('dsg:dpia.screening.title')}>
      <dl className={stepperCss.fields}>
        <Field label={t('dsg:dpia.screening.result')}>{required ? t('dsg:dpia.screening.required') : t('dsg:dpia.screening.notRequired')}</Field>
        {!required && dpia.notRequiredReason ? <Field label={t('dsg:dpia.field.notRequiredReason')}>{dpia.notRequiredReason}</Field> : null}
        <Field label={t('dsg:dpia.field.screenedOn')}>{`${formatDate(dpia.screenedOn) || '—'}${d.screenerName ? ` · ${d.screenerName}` : ''}`}</Field>
      </dl>
      {d.canWrite ? (
        <Form method="post" {...getFormProps(form)} preventScrollReset>
          <FormErrors errors={form.errors} />
          <Version d={d} />
          <ScreeningFields fields={fields} />
          <ConfirmWithdrawal d={d} errors={fields.withdrawApproval.errors} screening />
          <FormActions>
            <Submit intent="screen">{t('dsg:dpia.screening.submit')}</Submit>
          </FormActions>
        </Form>
      ) : (
        <ul>
          {[...SCREENING_CRITERIA, 'requiredByLaw' as const].map((c) => (
            <li key={c}>
              {t(`dsg:dpia.screening.${c}`)}: {yesNo(t, dpia[c])}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
