import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { forbidden, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { Files } from '#app/files/files.server.ts'
import { formatDate, formatDateTime } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert } from '#app/ui/fields.tsx'
import { FileList } from '#app/ui/file-list.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { Field } from '#app/ui/read-field.tsx'
import * as css from '#app/ui/register.css.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { fileRefusalOf, isMultipart, readMultipart, uploadLimitMb } from '#app/utils/upload.server.ts'
import { deleteSchema, M } from '#app/utils/validation.ts'
import { DomainError } from '#models/core/errors.ts'
import { FILE_ACCEPT } from '#models/core/file-types.ts'
import { relatedTransactionNumber } from '#models/core/record-number.ts'
import { withCustomer } from '#models/core/scope.server.ts'
import type { Route } from './+types/detail'
import { formatAmount } from '#models/core/amount.ts'
import { RelatedTransactions, TRANSACTION_COMPONENT } from './transactions.server.ts'

/** One related-party transaction: its facts, its offers (files), its history; admins add and remove offers or delete it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.read)
  const service = RelatedTransactions.for(access)
  const found = await service.get(params.id)
  if (!found) notFound(request)
  const id = found.transaction.id
  const history = historyRequested(request) ? await History.for(access).of(TRANSACTION_COMPONENT, id, await getLocale(request)) : null
  return {
    found,
    files: await service.files(id),
    mayManage: service.rights.manage,
    uploadLimitMb: uploadLimitMb(),
    history,
    trail: trailLink(access, TRANSACTION_COMPONENT, id),
  }
}

export const handle: TitleHandle = {
  title: (d: Route.ComponentProps['loaderData']) => `${relatedTransactionNumber(d.found.transaction.number)} ${d.found.transaction.counterparty}`,
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.loyalty.manage)
  const service = RelatedTransactions.for(access)
  // A foreign or unknown transaction is 404 whatever the intent, before anything else.
  if (!(await service.get(params.id))) notFound(request)
  const here = `/app/loyalty/transactions/${params.id}`
  try {
    if (isMultipart(request)) {
      // Offers as files, read as a stream (decision 0063): all kept, or none.
      let kept = 0
      await withCustomer(access, () =>
        readMultipart(request, async (file) => {
          if (file.field !== 'offers') return
          await Files.for(access).attach({ kind: 'transaction', id: params.id }, file)
          kept++
        }),
      )
      if (!kept) return data({ files: { error: 'files:missing' } }, { status: 400 })
      return redirectWithToast(here, 'saved')
    }
    const form = await request.formData()
    const intent = String(form.get('intent') ?? '')
    if (intent === 'removeFile') {
      await service.removeFile(params.id, String(form.get('fileId') ?? ''))
      return redirectWithToast(here, 'deleted')
    }
    if (intent === 'delete') {
      const submission = parseWithZod(form, { schema: deleteSchema })
      if (submission.status !== 'success') return data({ files: { error: M.invalid } }, { status: 400 })
      await service.delete(params.id, submission.value.version)
      return redirectWithToast('/app/loyalty/transactions', 'deleted')
    }
    return data({ files: { error: M.invalid } }, { status: 400 })
  } catch (error) {
    const refusal = fileRefusalOf(error)
    if (refusal) return data({ files: { error: refusal.message } }, { status: refusal.status })
    if (!(error instanceof DomainError)) throw error
    if (error.code === 'not-found') notFound(request)
    if (error.code === 'forbidden') forbidden(request)
    const message = error.code === 'stale' ? M.staleVersion : (error.messageKey ?? M.invalid)
    return data({ files: { error: message } }, { status: error.code === 'invalid' ? 400 : 409 })
  }
}

export default function TransactionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { found, mayManage } = loaderData
  const tr = found.transaction
  const number = relatedTransactionNumber(tr.number)
  const refusal = (actionData as { files?: { error: string } } | undefined)?.files?.error ?? null
  return (
    <>
      <p className={css.muted}>
        <AppLink to="/app/loyalty">{t('loyalty:transactions.area')}</AppLink> ›{' '}
        <AppLink to="/app/loyalty/transactions">{t('loyalty:transactions.title')}</AppLink> › {number}
      </p>
      <div className={css.head}>
        <h1>
          {number} {tr.counterparty}
        </h1>
        {tr.significant ? <Badge tone="warning">{t('loyalty:transactions.significantBadge')}</Badge> : null}
        {tr.approvedOn ? <Badge tone="success">{t('loyalty:transactions.approvedBadge')}</Badge> : null}
        {tr.disclosedToAuditorOn ? (
          <Badge tone="success">{t('loyalty:transactions.disclosedBadge', { date: formatDate(tr.disclosedToAuditorOn) })}</Badge>
        ) : (
          <Badge tone="neutral">{t('loyalty:transactions.notDisclosed')}</Badge>
        )}
        {mayManage ? (
          <LinkButton to={`/app/loyalty/transactions/${tr.id}/edit`} variant="primary">
            {t('action.edit')}
          </LinkButton>
        ) : null}
      </div>
      {refusal ? (
        <div data-testid="transaction-error">
          <Alert tone="error">{t(refusal, { limit: loaderData.uploadLimitMb })}</Alert>
        </div>
      ) : null}
      <Card title={t('loyalty:transactions.section.facts')}>
        <dl data-testid="transaction-facts">
          <Field label={t('loyalty:transactions.field.counterparty')}>{tr.counterparty}</Field>
          <Field label={t('loyalty:transactions.field.person')}>
            {found.personName ? `${found.personName}${found.personFunction ? ` (${t(`loyalty:functions.${found.personFunction}`)})` : ''}` : '—'}
          </Field>
          <Field label={t('loyalty:transactions.field.relation')}>{tr.relation || '—'}</Field>
          <Field label={t('loyalty:transactions.field.subject')}>{tr.subject}</Field>
          <Field label={t('loyalty:transactions.field.amount')}>{tr.amount === null ? '—' : `CHF ${formatAmount(tr.amount)}`}</Field>
          <Field label={t('loyalty:transactions.field.transactionDate')}>{formatDate(tr.transactionDate)}</Field>
          <Field label={t('loyalty:transactions.field.significant')}>{tr.significant ? t('common.yes') : t('common.no')}</Field>
          <Field label={t('loyalty:transactions.field.offersComparison')}>{tr.offersComparison || '—'}</Field>
          <Field label={t('loyalty:transactions.field.approver')}>{tr.approver || '—'}</Field>
          <Field label={t('loyalty:transactions.field.approvedOn')}>{formatDate(tr.approvedOn) || '—'}</Field>
          <Field label={t('loyalty:transactions.field.disclosedToAuditorOn')}>{formatDate(tr.disclosedToAuditorOn) || '—'}</Field>
        </dl>
      </Card>
      <section data-testid="transaction-offers" aria-labelledby="transaction-offers-title">
        <Card title={<span id="transaction-offers-title">{t('loyalty:transactions.field.offers')}</span>}>
          {loaderData.files.length ? (
            <FileList
              testId="offer-list"
              files={loaderData.files}
              more={(f) => (
                <>
                  <span className={css.muted}>
                    {' '}
                    · {formatDateTime(f.createdAt)}
                    {f.uploadedBy ? ` · ${f.uploadedBy}` : ''}
                  </span>
                  {mayManage ? (
                    <Form method="post" style={{ display: 'inline' }}>
                      <input type="hidden" name="intent" value="removeFile" />
                      <input type="hidden" name="fileId" value={f.id} />{' '}
                      <Button type="submit" variant="secondary" aria-label={t('files:removeNamed', { name: f.name })}>
                        {t('files:remove')}
                      </Button>
                    </Form>
                  ) : null}
                </>
              )}
            />
          ) : (
            <p className={css.muted}>{t('loyalty:transactions.noOffers')}</p>
          )}
          {mayManage ? (
            <Form method="post" encType="multipart/form-data" data-testid="offer-upload">
              <p>
                <label htmlFor="offer-files">{t('files:choose')}</label>{' '}
                <input id="offer-files" type="file" name="offers" multiple required accept={FILE_ACCEPT} />
              </p>
              <p className={css.muted}>{t('files:allowed', { limit: loaderData.uploadLimitMb })}</p>
              <Button type="submit">{t('files:upload')}</Button>
            </Form>
          ) : null}
        </Card>
      </section>
      {mayManage ? (
        <Card title={t('loyalty:transactions.section.delete')}>
          {tr.disclosedToAuditorOn ? (
            <p className={css.muted}>{t(`loyalty:transactions.validation.disclosedNoDelete`)}</p>
          ) : (
            // A native disclosure: opened first, then confirmed, with JavaScript off too.
            <details data-testid="transaction-delete">
              <summary>{t('action.delete')}</summary>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="version" value={tr.version} />
                <p className={css.muted}>{t('loyalty:transactions.deleteQuestion', { number })}</p>
                <Button type="submit" variant="danger">
                  {t('loyalty:transactions.deleteConfirm', { number })}
                </Button>
              </Form>
            </details>
          )}
        </Card>
      ) : null}
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </>
  )
}
