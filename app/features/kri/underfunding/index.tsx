import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, type SubmissionResult, useForm } from '#app/ui/form.ts'
import * as page from '#app/ui/page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { formatKriValue } from '#models/core/kri-format.ts'
import type { Route } from './+types/index'
import { doneSchema, dueSchema } from './schema.ts'
import { type DutyRow, Underfunding } from './underfunding.server.ts'

/** The underfunding duties (Art. 65c–65d BVG, Art. 44 BVV 2): the open case as a checklist, the past cases below. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.read)
  const service = Underfunding.for(access)
  const today = todayInZurich()
  const cases = await service.cases(today)
  // The documents to link as evidence only where a form asks for one: a duty of the open case not yet done.
  const asks = service.mayEnter && cases.some((c) => !c.closedOn && c.duties.some((d) => !d.doneOn))
  const documents = asks ? await service.documents() : []
  return { cases, documents, today, mayEnter: service.mayEnter, mayMoveDue: service.mayMoveDue }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.kri.enter)
  const service = Underfunding.for(access)
  const formData = await request.formData()
  const dutyId = String(formData.get('dutyId') ?? '')
  if (formData.get('intent') === 'due') {
    const submission = parseWithZod(formData, { schema: dueSchema })
    if (submission.status !== 'success') return data({ dutyId, result: submission.reply() }, { status: 400 })
    try {
      await service.moveDue(submission.value.dutyId, submission.value.dueOn, submission.value.version)
    } catch (error) {
      return withDuty(dutyId, replyToDomainError(error, submission, request))
    }
    return redirectWithToast('/app/risk/kri/underfunding', 'saved')
  }
  const submission = parseWithZod(formData, { schema: doneSchema })
  if (submission.status !== 'success') return data({ dutyId, result: submission.reply() }, { status: 400 })
  const { doneOn, evidence, documentId, version } = submission.value
  try {
    await service.recordDone(submission.value.dutyId, { doneOn, evidence, documentId }, version)
  } catch (error) {
    return withDuty(dutyId, replyToDomainError(error, submission, request))
  }
  return redirectWithToast('/app/risk/kri/underfunding', 'saved')
}

/** The domain error's reply, told which duty's form it belongs to. */
function withDuty(dutyId: string, reply: ReturnType<typeof replyToDomainError>) {
  return data({ dutyId, result: reply.data.result }, reply.init ?? undefined)
}

export const handle: TitleHandle = { title: 'kri:underfunding.title' }

type ActionData = { dutyId: string; result: SubmissionResult } | undefined

export default function UnderfundingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { cases, documents, today, mayEnter, mayMoveDue } = loaderData
  const open = cases.find((c) => !c.closedOn) ?? null
  const past = cases.filter((c) => c.closedOn)
  const percent = (v: string) => formatKriValue(v, 'percent')
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/risk/kri">{t('kri:underfunding.area')}</AppLink> › {t('kri:underfunding.title')}
      </p>
      <h1>{t('kri:underfunding.title')}</h1>
      <p className={css.muted}>{t('kri:underfunding.intro')}</p>
      {open ? (
        <Card title={t('kri:underfunding.openCase', { date: formatDate(open.periodEnd), ratio: percent(open.coverageRatio) })}>
          <ul className={page.news} data-testid="underfunding-duties">
            {open.duties.map((d) => (
              <li key={d.id} data-testid={`duty-${d.duty}`} data-overdue={d.overdue || undefined} className={d.overdue ? css.note : undefined}>
                <DutyItem
                  duty={d}
                  documents={documents}
                  today={today}
                  mayEnter={mayEnter}
                  mayMoveDue={mayMoveDue}
                  lastResult={(actionData as ActionData)?.dutyId === d.id ? (actionData as ActionData)?.result : undefined}
                />
              </li>
            ))}
          </ul>
        </Card>
      ) : (
        <p data-testid="underfunding-none">{t('kri:underfunding.none')}</p>
      )}
      {past.length ? (
        <Card title={t('kri:underfunding.past')}>
          <table className={page.table} data-testid="underfunding-past">
            <thead>
              <tr>
                <th scope="col">{t('kri:underfunding.periodEnd')}</th>
                <th scope="col">{t('kri:underfunding.coverageRatio')}</th>
                <th scope="col">{t('kri:underfunding.closedOn')}</th>
                <th scope="col">{t('kri:underfunding.duties')}</th>
              </tr>
            </thead>
            <tbody>
              {past.map((c) => (
                <tr key={c.id}>
                  <td>{formatDate(c.periodEnd)}</td>
                  <td>{percent(c.coverageRatio)}</td>
                  <td>{formatDate(c.closedOn)}</td>
                  <td>
                    <details>
                      <summary>{t('kri:underfunding.doneCount', { done: c.duties.filter((d) => d.doneOn).length, count: c.duties.length })}</summary>
                      <ul>
                        {c.duties.map((d) => (
                          <li key={d.id}>
                            {t('kri:underfunding.dutyLine', {
                              duty: t(`kri:duty.${d.duty}`),
                              done: d.doneOn ? `${formatDate(d.doneOn)} · ${d.evidence}` : '—',
                            })}
                          </li>
                        ))}
                      </ul>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}
    </>
  )
}

function DutyItem({
  duty: d,
  documents,
  today,
  mayEnter,
  mayMoveDue,
  lastResult,
}: {
  duty: DutyRow
  documents: { id: string; name: string }[]
  today: string
  mayEnter: boolean
  mayMoveDue: boolean
  lastResult: SubmissionResult | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm({
    id: `duty-${d.id}-${d.version}`,
    lastResult,
    defaultValue: { doneOn: today, evidence: '', documentId: '', dueOn: d.dueOn },
  })
  const errors = (name: string) => (fields as Record<string, { errors?: string[] } | undefined>)[name]?.errors
  const initial = (name: string) => {
    const v = (fields as Record<string, { initialValue?: unknown } | undefined>)[name]?.initialValue
    return v === undefined || v === null ? undefined : String(v)
  }
  return (
    <>
      <strong>{t(`kri:duty.${d.duty}`)}</strong>{' '}
      <span className={css.muted}>
        {t('kri:underfunding.dueOn', { date: formatDate(d.dueOn) })}
        {d.overdue ? <strong data-testid="duty-overdue"> · {t('kri:underfunding.overdue')}</strong> : null}
      </span>
      {d.doneOn ? (
        <p data-testid="duty-done">
          {t('kri:underfunding.doneLine', { date: formatDate(d.doneOn), who: d.doneBy ?? '—' })}
          <br />
          {d.evidence}
          {d.documentName ? (
            <>
              {' · '}
              <AppLink to={`/app/docs/${d.documentId}`}>{d.documentName}</AppLink>
            </>
          ) : null}
        </p>
      ) : null}
      {!d.doneOn && mayEnter ? (
        <Form method="post" {...getFormProps(form)} data-testid="duty-form">
          <FormErrors errors={form.errors} />
          <input type="hidden" name="intent" value="done" />
          <input type="hidden" name="dutyId" value={d.id} />
          <input type="hidden" name="version" value={d.version} />
          <TextField label={t('kri:underfunding.doneOn')} name="doneOn" type="date" defaultValue={initial('doneOn')} errors={errors('doneOn')} isRequired />
          <TextField
            label={t('kri:underfunding.evidence')}
            name="evidence"
            multiline
            rows={2}
            defaultValue={initial('evidence')}
            errors={errors('evidence')}
            description={t('kri:underfunding.evidenceHint')}
            isRequired
          />
          <SelectField
            label={t('kri:underfunding.document')}
            name="documentId"
            defaultValue={initial('documentId')}
            errors={errors('documentId')}
            options={[{ value: '', label: t('kri:underfunding.noDocument') }, ...documents.map((doc) => ({ value: doc.id, label: doc.name }))]}
          />
          <Button type="submit">{t('kri:underfunding.recordDone')}</Button>
        </Form>
      ) : null}
      {!d.doneOn && mayMoveDue ? (
        <Form method="post" data-testid="duty-due-form">
          <input type="hidden" name="intent" value="due" />
          <input type="hidden" name="dutyId" value={d.id} />
          <input type="hidden" name="version" value={d.version} />
          <TextField label={t('kri:underfunding.moveDue')} name="dueOn" type="date" defaultValue={d.dueOn} errors={errors('dueOn')} />
          <Button type="submit" variant="secondary">
            {t('kri:underfunding.moveDueButton')}
          </Button>
        </Form>
      ) : null}
    </>
  )
}
