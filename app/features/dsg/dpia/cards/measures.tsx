import { Form } from 'react-router'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Badge } from '#app/ui/badges.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import * as css from '#app/ui/register.css.ts'
import { measureNumber } from '#models/core/record-number.ts'
import { ConfirmWithdrawal, type LoaderData, Submit, Version } from './shared.tsx'

export function MeasuresCard({ d, result }: { d: LoaderData; result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const [form, fields] = useForm({ id: `dpia-link-${d.dpia.version}`, lastResult: result })
  const measureState = (m: { state: string; dueDate: string }) =>
    m.state === 'confirmed' ? (
      <Badge tone="success">{t('dsg:dpia.measures.confirmed')}</Badge>
    ) : m.dueDate < d.today ? (
      <Badge tone="danger">{t('dsg:dpia.measures.overdue')}</Badge>
    ) : (
      <Badge tone="warning">{t('dsg:dpia.measures.pending')}</Badge>
    )
  return (
    <Card title={t('dsg:dpia.measures.title')}>
      <FormErrors errors={form.errors ?? fields.measureId.errors ?? fields.withdrawApproval.errors} />
      {d.measures.length === 0 ? <p>{t('dsg:dpia.measures.none')}</p> : null}
      <ul data-testid="dpia-measures">
        {d.measures.map((m) => (
          <li key={m.id} className={css.flags}>
            <span>
              {measureNumber(m.idkey, m.iteration)} {m.title}
            </span>
            {measureState(m)}
            <span>
              {t('dsg:dpia.measures.due')}: {formatDate(m.dueDate)}
            </span>
            {d.canWrite ? (
              <Form method="post" preventScrollReset>
                <Version d={d} />
                <input type="hidden" name="measureId" value={m.id} />
                <ConfirmWithdrawal d={d} />
                <Button type="submit" name="intent" value="unlink" variant="secondary" aria-label={`${t('dsg:dpia.measures.unlink')}: ${m.title}`}>
                  {t('dsg:dpia.measures.unlink')}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {d.canWrite ? (
        d.choices.measures.length === 0 ? (
          <p className={css.muted}>{t('dsg:dpia.measures.noneToLink')}</p>
        ) : (
          <Form method="post" {...getFormProps(form)} preventScrollReset>
            <Version d={d} />
            <SelectField
              label={t('dsg:dpia.measures.choose')}
              name="measureId"
              defaultValue={fields.measureId.initialValue as string | undefined}
              options={[
                { value: '', label: '—' },
                ...d.choices.measures.map((m) => ({ value: m.id, label: `${measureNumber(m.idkey, m.iteration)} ${m.title} (${formatDate(m.dueDate)})` })),
              ]}
            />
            <ConfirmWithdrawal d={d} />
            <FormActions>
              <Submit intent="link" variant="secondary">
                {t('dsg:dpia.measures.link')}
              </Submit>
            </FormActions>
          </Form>
        )
      ) : null}
    </Card>
  )
}
