import { Form } from 'react-router'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card, FormActions } from '#app/ui/card.tsx'
import { Alert, CheckboxField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import { ScoreBadge } from '#app/ui/score-badge.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as stepperCss from '#app/ui/stepper.css.ts'
import { ConfirmWithdrawal, type LoaderData, levelLabel, Submit, Version, yesNo } from './shared.tsx'

export function AssessmentCard({ d, result }: { d: LoaderData; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const { dpia, choices } = d
  const [form, fields] = useForm({ id: `dpia-assessment-${dpia.version}`, lastResult: result, defaultValue: dpia })
  const value = (n: string) => fields[n].initialValue as string | undefined
  const p = choices.probability.find((l) => l.id === dpia.residualProbabilityLevelId)
  const s = choices.severity.find((l) => l.id === dpia.residualSeverityLevelId)
  return (
    <Card title={t('dsg:dpia.assessment.title')}>
      <dl className={stepperCss.fields}>
        <Field label={t('dsg:dpia.field.residual')}>
          <ScoreBadge probability={p?.ref ?? null} severity={s?.ref ?? null} />
        </Field>
        <Field label={t('dsg:dpia.field.advisorConsulted')}>{yesNo(t, dpia.advisorConsulted)}</Field>
        <Field label={t('dsg:dpia.field.fdpicConsultedOn')}>
          {dpia.fdpicConsultedOn ? `${formatDate(dpia.fdpicConsultedOn)}${dpia.fdpicReference ? ` · ${dpia.fdpicReference}` : ''}` : '—'}
        </Field>
      </dl>
      {d.residualHigh ? <Alert tone="warning">{t('dsg:dpia.assessment.residualHigh')}</Alert> : null}
      {d.consultationRequired ? (
        <Alert tone={dpia.fdpicConsultedOn ? 'info' : 'error'}>{t('dsg:dpia.assessment.consultationRequired')}</Alert>
      ) : d.residualHigh ? (
        <Alert tone="info">{t('dsg:dpia.assessment.advisorExempts')}</Alert>
      ) : null}
      {d.canWrite ? (
        <Form method="post" {...getFormProps(form)} preventScrollReset>
          <FormErrors errors={form.errors} />
          <Version d={d} />
          <TextField
            label={t('dsg:dpia.field.description')}
            name="description"
            multiline
            rows={6}
            defaultValue={value('description')}
            errors={fields.description.errors}
            description={t('dsg:dpia.assessment.descriptionHint')}
          />
          <fieldset>
            <legend>{t('dsg:dpia.field.residual')}</legend>
            <SelectField
              label={t('dsg:dpia.field.probability')}
              name="residualProbabilityLevelId"
              defaultValue={value('residualProbabilityLevelId')}
              errors={fields.residualProbabilityLevelId.errors}
              options={[{ value: '', label: '—' }, ...choices.probability.map((l) => ({ value: l.id, label: levelLabel(l) }))]}
            />
            <SelectField
              label={t('dsg:dpia.field.severity')}
              name="residualSeverityLevelId"
              defaultValue={value('residualSeverityLevelId')}
              errors={fields.residualSeverityLevelId.errors}
              options={[{ value: '', label: '—' }, ...choices.severity.map((l) => ({ value: l.id, label: levelLabel(l) }))]}
            />
            <TextField
              label={t('dsg:dpia.field.residualNote')}
              name="residualNote"
              multiline
              rows={2}
              defaultValue={value('residualNote')}
              errors={fields.residualNote.errors}
            />
          </fieldset>
          <fieldset>
            <legend>{t('dsg:dpia.assessment.consultation')}</legend>
            <CheckboxField label={t('dsg:dpia.field.advisorConsulted')} name="advisorConsulted" defaultChecked={value('advisorConsulted') === 'on'} />
            <TextField
              label={t('dsg:dpia.field.fdpicConsultedOn')}
              name="fdpicConsultedOn"
              type="date"
              defaultValue={value('fdpicConsultedOn')}
              errors={fields.fdpicConsultedOn.errors}
            />
            <TextField
              label={t('dsg:dpia.field.fdpicReference')}
              name="fdpicReference"
              defaultValue={value('fdpicReference')}
              errors={fields.fdpicReference.errors}
            />
          </fieldset>
          <ConfirmWithdrawal d={d} errors={fields.withdrawApproval.errors} />
          <FormActions>
            <Submit intent="assessment">{t('dsg:dpia.assessment.submit')}</Submit>
          </FormActions>
        </Form>
      ) : (
        <>
          <h3>{t('dsg:dpia.field.description')}</h3>
          <p style={{ whiteSpace: 'pre-wrap' }}>{dpia.description || '—'}</p>
          {dpia.residualNote ? <p style={{ whiteSpace: 'pre-wrap' }}>{dpia.residualNote}</p> : null}
        </>
      )}
    </Card>
  )
}
