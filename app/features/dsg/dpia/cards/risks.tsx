import { Form } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import * as css from '#app/ui/register.css.ts'
import { ScoreBadge } from '#app/ui/score-badge.tsx'
import { ConfirmWithdrawal, type LoaderData, levelLabel, type Results, Submit, Version } from './shared.tsx'

type RiskRow = LoaderData['risks'][number]

export function RisksCard({ d, results }: { d: LoaderData; results: Results }) {
  const { t } = useTranslation()
  return (
    <Card title={t('dsg:dpia.risks.title')}>
      <p>{t('dsg:dpia.risks.intro')}</p>
      {d.risks.length === 0 ? <p>{t('dsg:dpia.risks.none')}</p> : null}
      <ol data-testid="dpia-risks">
        {d.risks.map((r, i) => (
          <li key={r.id}>{d.canWrite ? <RiskForm d={d} risk={r} n={i + 1} result={results[`risk-${r.id}`]} /> : <RiskView risk={r} />}</li>
        ))}
      </ol>
      {d.canWrite ? (
        <>
          <h3>{t('dsg:dpia.risks.add')}</h3>
          <RiskForm d={d} risk={null} n={d.risks.length + 1} result={results['risk-new']} />
        </>
      ) : null}
    </Card>
  )
}

function RiskView({ risk }: { risk: RiskRow }) {
  return (
    <p>
      {risk.description} <ScoreBadge probability={risk.probabilityRef} severity={risk.severityRef} />
    </p>
  )
}

function RiskForm({ d, risk, n, result }: { d: LoaderData; risk: RiskRow | null; n: number; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const key = risk ? risk.id : 'new'
  const [form, fields] = useForm({ id: `dpia-risk-${key}-${d.dpia.version}`, lastResult: result, defaultValue: risk ?? {} })
  const value = (name: string) => fields[name].initialValue as string | undefined
  const label = (text: string) => (risk ? `${text} (${t('dsg:dpia.risks.number', { n })})` : text)
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset aria-label={risk ? t('dsg:dpia.risks.number', { n }) : t('dsg:dpia.risks.add')}>
      <FormErrors errors={form.errors} />
      <Version d={d} />
      {risk ? <input type="hidden" name="riskId" value={risk.id} /> : null}
      <TextField
        label={label(t('dsg:dpia.field.riskDescription'))}
        name="description"
        multiline
        rows={2}
        isRequired
        defaultValue={value('description')}
        errors={fields.description.errors}
      />
      <div className={css.flags}>
        <SelectField
          label={label(t('dsg:dpia.field.probability'))}
          name="probabilityLevelId"
          isRequired
          defaultValue={value('probabilityLevelId')}
          errors={fields.probabilityLevelId.errors}
          options={[{ value: '', label: '—' }, ...d.choices.probability.map((l) => ({ value: l.id, label: levelLabel(l) }))]}
        />
        <SelectField
          label={label(t('dsg:dpia.field.severity'))}
          name="severityLevelId"
          isRequired
          defaultValue={value('severityLevelId')}
          errors={fields.severityLevelId.errors}
          options={[{ value: '', label: '—' }, ...d.choices.severity.map((l) => ({ value: l.id, label: levelLabel(l) }))]}
        />
        {risk ? <ScoreBadge probability={risk.probabilityRef} severity={risk.severityRef} /> : null}
      </div>
      <ConfirmWithdrawal d={d} errors={fields.withdrawApproval.errors} />
      <FormActions>
        <Submit intent="saveRisk" variant={risk ? 'secondary' : 'primary'}>
          {risk ? t('action.save') : t('dsg:dpia.risks.addSubmit')}
        </Submit>
        {risk ? (
          <Submit intent="removeRisk" variant="danger">
            {t('dsg:dpia.risks.remove')}
          </Submit>
        ) : null}
      </FormActions>
    </Form>
  )
}
