import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { notFound, requirePermission } from '#app/auth/guards.server.ts'
import { Files } from '#app/files/files.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { CheckboxField, FileField, FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import * as listCss from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { isMultipart, readMultipart, replyToFileRefusal, uploadLimitMb } from '#app/utils/upload.server.ts'
import { FILE_ACCEPT } from '#models/core/file-types.ts'
import { relatedTransactionNumber } from '#models/core/record-number.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import type { Route } from './+types/edit'
import { formatAmount } from '#models/core/amount.ts'
import { transactionSchema } from './schema.ts'
import { RelatedTransactions } from './transactions.server.ts'

/** The form of a related-party transaction, new or changed; offers may come along as files (without JavaScript too). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.manage)
  const service = RelatedTransactions.for(access)
  const found = params.id ? await service.get(params.id) : null
  if (params.id && !found) notFound(request)
  return { transaction: found?.transaction ?? null, persons: await service.persons(), uploadLimitMb: uploadLimitMb() }
}

export const handle: TitleHandle = { title: 'loyalty:transactions.title' }

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.manage)
  const service = RelatedTransactions.for(access)
  if (params.id && !(await service.get(params.id))) notFound(request)
  let submission: Submission | undefined
  const save = async (form: FormData, offerAdded: boolean) => {
    submission = parseTransaction(form)
    if (submission.status !== 'success') throw new InvalidForm()
    const { version, ...input } = submission.value
    if (!params.id) return (await service.create(input, { offerAdded })).id
    if (!version) throw new InvalidForm('validation.invalid')
    await service.update(params.id, input, version, { offerAdded })
    return params.id
  }
  let id: string | undefined
  try {
    if (!isMultipart(request)) id = await save(await request.formData(), false)
    else {
      // Offers as files (decision 0063): the fields first, then each file kept in the same transaction,
      // so the transaction and its offers are kept together, or neither (an invalid form or a refused file).
      await withCustomer(access, async () => {
        const fields = await readMultipart(request, async (file, soFar) => {
          if (file.field !== 'offers') return
          id ??= await save(soFar, true)
          await Files.for(access).attach({ kind: 'transaction', id }, file)
        })
        id ??= await save(fields, false)
      })
    }
  } catch (error) {
    const reply = submission ?? parseTransaction(new FormData())
    if (error instanceof InvalidForm) return data({ result: error.message ? reply.reply({ formErrors: [error.message] }) : reply.reply() }, { status: 400 })
    return replyToFileRefusal(error, reply, 'offers') ?? replyToDomainError(error, reply, request)
  }
  return redirectWithToast(`/app/loyalty/transactions/${id}`, params.id ? 'saved' : 'added')
}

const parseTransaction = (form: FormData) => parseWithZod(form, { schema: transactionSchema })
type Submission = ReturnType<typeof parseTransaction>

/** The fields were invalid: the transaction rolls back and the form answers with its messages. */
class InvalidForm extends Error {}

export default function EditTransaction({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { transaction: tr, persons } = loaderData
  const onValidate = useLazyValidate(() => import('./schema.ts').then((m) => m.transactionSchema))
  const [form, fields] = useForm({
    id: tr ? `transaction-${tr.id}-${tr.version}` : 'transaction-new',
    lastResult: actionData?.result,
    defaultValue: tr
      ? {
          counterparty: tr.counterparty,
          personId: tr.personId ?? '',
          relation: tr.relation,
          subject: tr.subject,
          amount: tr.amount === null ? '' : formatAmount(tr.amount),
          transactionDate: tr.transactionDate,
          significant: tr.significant ? 'on' : undefined,
          offersComparison: tr.offersComparison,
          approver: tr.approver,
          approvedOn: tr.approvedOn ?? '',
          disclosedToAuditorOn: tr.disclosedToAuditorOn ?? '',
        }
      : {},
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  const title = tr ? `${relatedTransactionNumber(tr.number)} ${tr.counterparty}` : t('loyalty:transactions.new')
  const back = tr ? `/app/loyalty/transactions/${tr.id}` : '/app/loyalty/transactions'
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/loyalty">{t('loyalty:transactions.area')}</AppLink> ›{' '}
        <AppLink to="/app/loyalty/transactions">{t('loyalty:transactions.title')}</AppLink> › {title}
      </p>
      <h1>{tr ? t('loyalty:transactions.editTitle', { number: relatedTransactionNumber(tr.number) }) : t('loyalty:transactions.new')}</h1>
      <Card>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="transaction-form">
          <FormErrors errors={form.errors} />
          {tr ? <input type="hidden" name="version" value={tr.version} /> : null}
          <TextField
            label={t('loyalty:transactions.field.counterparty')}
            name="counterparty"
            defaultValue={value('counterparty')}
            errors={fields.counterparty.errors}
            isRequired
          />
          <div className={listCss.grid2}>
            <SelectField
              label={t('loyalty:transactions.field.person')}
              name="personId"
              defaultValue={value('personId')}
              errors={fields.personId.errors}
              options={[
                { value: '', label: t('loyalty:transactions.noPerson') },
                ...persons.map((p) => ({ value: p.id, label: `${p.name} (${t(`loyalty:functions.${p.function}`)})` })),
              ]}
            />
            <TextField
              label={t('loyalty:transactions.field.relation')}
              name="relation"
              defaultValue={value('relation')}
              errors={fields.relation.errors}
              description={t('loyalty:transactions.hint.relation')}
            />
          </div>
          <TextField
            label={t('loyalty:transactions.field.subject')}
            name="subject"
            multiline
            rows={3}
            defaultValue={value('subject')}
            errors={fields.subject.errors}
            isRequired
          />
          <div className={listCss.grid2}>
            <TextField
              label={t('loyalty:transactions.field.amount')}
              name="amount"
              defaultValue={value('amount')}
              errors={fields.amount.errors}
              description={t('loyalty:transactions.hint.amount')}
            />
            <TextField
              label={t('loyalty:transactions.field.transactionDate')}
              name="transactionDate"
              type="date"
              defaultValue={value('transactionDate')}
              errors={fields.transactionDate.errors}
              isRequired
            />
          </div>
          <CheckboxField
            label={t('loyalty:transactions.field.significant')}
            name="significant"
            defaultChecked={value('significant') === 'on'}
            errors={fields.significant.errors}
          />
          <p className={css.muted}>{t('loyalty:transactions.hint.significant')}</p>
          <TextField
            label={t('loyalty:transactions.field.offersComparison')}
            name="offersComparison"
            multiline
            rows={4}
            defaultValue={value('offersComparison')}
            errors={fields.offersComparison.errors}
            description={t('loyalty:transactions.hint.offersComparison')}
          />
          <div className={listCss.grid2}>
            <TextField label={t('loyalty:transactions.field.approver')} name="approver" defaultValue={value('approver')} errors={fields.approver.errors} />
            <TextField
              label={t('loyalty:transactions.field.approvedOn')}
              name="approvedOn"
              type="date"
              defaultValue={value('approvedOn')}
              errors={fields.approvedOn.errors}
            />
          </div>
          <TextField
            label={t('loyalty:transactions.field.disclosedToAuditorOn')}
            name="disclosedToAuditorOn"
            type="date"
            defaultValue={value('disclosedToAuditorOn')}
            errors={fields.disclosedToAuditorOn.errors}
            description={t('loyalty:transactions.hint.disclosed')}
          />
          {/* Last in the form: the server reads the fields before the files. */}
          <FileField
            label={t('loyalty:transactions.field.offers')}
            name="offers"
            multiple
            accept={FILE_ACCEPT}
            errors={(fields as unknown as Record<string, { errors?: string[] }>).offers?.errors}
            description={t('files:allowed', { limit: loaderData.uploadLimitMb })}
            values={{ limit: loaderData.uploadLimitMb }}
          />
          <FormActions>
            <Button type="submit">{tr ? t('action.save') : t('action.add')}</Button>
            <AppLink to={back}>{t('action.cancel')}</AppLink>
          </FormActions>
        </Form>
      </Card>
    </>
  )
}
