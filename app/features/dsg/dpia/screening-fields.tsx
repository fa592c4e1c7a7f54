import { useTranslation } from '#app/i18n/use-translation.ts'
import type { FieldMetadata } from '#app/ui/form.ts'
import { CheckboxField, TextField } from '#app/ui/fields.tsx'
import { SCREENING_CRITERIA } from './assessment.ts'

/** The questions of Art. 22 para. 2, the exemption of para. 4 and the reason when none is required. */
export function ScreeningFields({ fields }: { fields: Record<string, FieldMetadata> }) {
  const { t } = useTranslation()
  const on = (name: string) => fields[name].initialValue === 'on'
  return (
    <>
      <fieldset>
        <legend>{t('dsg:dpia.screening.criteria')}</legend>
        {SCREENING_CRITERIA.map((c) => (
          <CheckboxField key={c} label={t(`dsg:dpia.screening.${c}`)} name={c} defaultChecked={on(c)} />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('dsg:dpia.screening.exemption')}</legend>
        <CheckboxField label={t('dsg:dpia.screening.requiredByLaw')} name="requiredByLaw" defaultChecked={on('requiredByLaw')} />
      </fieldset>
      <TextField
        label={t('dsg:dpia.field.notRequiredReason')}
        name="notRequiredReason"
        multiline
        rows={3}
        defaultValue={fields.notRequiredReason.initialValue as string | undefined}
        errors={fields.notRequiredReason.errors}
        description={t('dsg:dpia.screening.reasonHint')}
      />
    </>
  )
}
