import { Form } from 'react-router'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card, FormActions } from '#app/ui/card.tsx'
import { Alert, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import { type LoaderData, Submit, Version } from './shared.tsx'

export function ApprovalCard({ d, result }: { d: LoaderData; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const { dpia } = d
  const [form, fields] = useForm({
    id: `dpia-approve-${dpia.version}`,
    lastResult: result,
    defaultValue: { approvedByUserId: dpia.approvedByUserId ?? '', approvedOn: dpia.approvedOn ?? d.today },
  })
  return (
    <Card title={t('dsg:dpia.approval.title')}>
      {dpia.state === 'approved' ? (
        <p data-testid="dpia-approval">{t('dsg:dpia.approval.approvedBy', { name: d.approverName ?? '—', date: formatDate(dpia.approvedOn) })}</p>
      ) : (
        <p data-testid="dpia-approval">{t('dsg:dpia.approval.notYet')}</p>
      )}
      {d.gaps.length > 0 ? (
        <Alert tone="warning">
          {t('dsg:dpia.approval.missing')}
          <ul>
            {d.gaps.map((g) => (
              <li key={g}>{t(`dsg:dpia.gap.${g}`)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {d.canWrite ? (
        <Form method="post" {...getFormProps(form)} preventScrollReset>
          <FormErrors errors={form.errors} />
          <Version d={d} />
          <SelectField
            label={t('dsg:dpia.field.approvedBy')}
            name="approvedByUserId"
            isRequired
            defaultValue={fields.approvedByUserId.initialValue as string | undefined}
            errors={fields.approvedByUserId.errors}
            options={[{ value: '', label: '—' }, ...d.choices.approvers.map((a) => ({ value: a.id, label: `${a.firstName} ${a.lastName}` }))]}
          />
          <TextField
            label={t('dsg:dpia.field.approvedOn')}
            name="approvedOn"
            type="date"
            isRequired
            defaultValue={fields.approvedOn.initialValue as string | undefined}
            errors={fields.approvedOn.errors}
          />
          <FormActions>
            <Submit intent="approve">{t('dsg:dpia.approval.submit')}</Submit>
          </FormActions>
        </Form>
      ) : null}
    </Card>
  )
}
