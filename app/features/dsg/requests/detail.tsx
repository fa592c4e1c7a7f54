import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { data, Form, Outlet } from 'react-router'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { logRead, viaOf } from '#models/core/read-log.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { Alert, FormErrors } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as detailCss from '#app/ui/stepper.css.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import * as css from '#app/ui/register.css.ts'
import { deleteSchema } from '#app/utils/validation.ts'
import { requestDeadline } from '../rules.ts'
import type { Route } from './+types/detail'
import { DeadlineBadge } from './deadline-badge.tsx'
import { requireRequestChange } from './guard.server.ts'
import { DsgRequests } from './requests.server.ts'
import { requestNumber } from '#models/core/record-number.ts'

/** A request is visible only to the dsg role and admins; to everyone else it does not exist (404). */
const dsgRequest = recordRoute({
  service: (access) => DsgRequests.for(access),
  get: (requests, id) => requests.get(id),
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, service: requests, record: item } = await requireRecord({ request, context }, params.id, dsgRequest)
  await logRead(access, { kind: 'dsgRequest', id: item.id, via: viaOf(request) })
  return { item, today: todayInZurich(), canWrite: requests.mayWrite }
}

/** Reopening a closed request (the one change made from the page itself). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { requests } = await requireRequestChange({ request, context }, params.id)
  const submission = parseWithZod(await request.formData(), { schema: deleteSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await requests.reopen(params.id, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/dsg/requests/${params.id}`, 'saved')
}

export const handle: TitleHandle = { title: (d: { item: { idkey: number } }, t) => t('dsg:requests.detailTitle', { idkey: requestNumber(d.item.idkey) }) }

export default function DsgRequestDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const { item, today, canWrite } = loaderData
  const base = `/app/dsg/requests/${item.id}`
  const open = item.state === 'open'
  const row = (label: string, value: ReactNode) => (
    <div className={detailCss.field}>
      <dt>{label}</dt>
      <dd className={detailCss.pre}>{value === '' || value === null ? '—' : value}</dd>
    </div>
  )
  const errors = (actionData as { result?: { error?: Record<string, string[]> } } | undefined)?.result?.error?.['']
  return (
    <>
      <div className={css.head}>
        <h1>{t('dsg:requests.detailTitle', { idkey: requestNumber(item.idkey) })}</h1>
        <DeadlineBadge request={item} today={today} />
      </div>
      <p>
        <LinkButton to="/app/dsg/requests" variant="ghost">
          {t('action.backToList')}
        </LinkButton>
      </p>
      <FormErrors errors={errors} />
      {canWrite ? (
        <div className={css.actions}>
          <LinkButton to={`${base}/edit`} preventScrollReset>
            {t('action.edit')}
          </LinkButton>
          {open ? (
            <>
              <LinkButton to={`${base}/extend`} preventScrollReset>
                {t('dsg:requests.extend')}
              </LinkButton>
              <LinkButton to={`${base}/answer`} variant="primary" preventScrollReset>
                {t('dsg:requests.answer')}
              </LinkButton>
              <LinkButton to={`${base}/close`} preventScrollReset>
                {t('dsg:requests.close')}
              </LinkButton>
            </>
          ) : (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="version" value={item.version} />
              <Button type="submit" variant="secondary">
                {t('dsg:requests.reopen')}
              </Button>
            </Form>
          )}
          <LinkButton to={`${base}/delete`} variant="danger" preventScrollReset>
            {t('action.delete')}
          </LinkButton>
        </div>
      ) : null}
      <Card title={t('dsg:requests.section.request')}>
        <dl className={detailCss.fields}>
          {row(t('dsg:requests.field.kind'), t(`dsg:requests.kind.${item.kind}`))}
          {row(t('dsg:requests.field.receivedOn'), formatDate(item.receivedOn))}
          {row(t('dsg:requests.field.requesterName'), item.requesterName)}
          {row(t('dsg:requests.field.requesterReference'), item.requesterReference)}
          {row(t('dsg:requests.field.identityChecked'), item.identityChecked ? t('common.yes') : t('common.no'))}
          {row(t('dsg:requests.field.note'), item.note)}
        </dl>
      </Card>
      <Card title={t('dsg:requests.section.deadline')}>
        <dl className={detailCss.fields}>
          {row(t('dsg:requests.field.dueOn'), formatDate(item.dueOn))}
          {item.extendedTo ? (
            <>
              {row(t('dsg:requests.field.extendedTo'), formatDate(item.extendedTo))}
              {row(t('dsg:requests.field.extensionReason'), item.extensionReason)}
              {row(t('dsg:requests.field.extensionToldOn'), formatDate(item.extensionToldOn))}
            </>
          ) : null}
          {row(t('dsg:requests.field.deadline'), formatDate(requestDeadline(item)))}
        </dl>
      </Card>
      {open ? null : (
        <Card title={t(`dsg:requests.section.${item.state}`)}>
          <dl className={detailCss.fields}>
            {row(t(item.state === 'answered' ? 'dsg:requests.field.answeredOn' : 'dsg:requests.field.closedOn'), formatDate(item.answeredOn))}
            {row(t(item.state === 'answered' ? 'dsg:requests.field.how' : 'dsg:requests.field.reason'), item.answerMethod)}
            {item.state === 'answered' && item.healthProfessional ? row(t('dsg:requests.field.healthProfessional'), item.healthProfessional) : null}
          </dl>
          {item.state === 'answered' && item.healthProfessional ? (
            <Alert>{t('dsg:requests.healthProfessionalNote', { name: item.healthProfessional })}</Alert>
          ) : null}
        </Card>
      )}
      <Outlet />
    </>
  )
}
