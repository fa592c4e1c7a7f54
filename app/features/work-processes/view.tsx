import { useLocation } from 'react-router'
import { forbidden, notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { DocumentLink } from '#app/ui/document-link.tsx'
import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { formatDate } from '#app/i18n/config.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Field } from '#app/ui/read-field.tsx'
import type { Route } from './+types/view'
import { WorkProcesses } from './work-processes.server.ts'

/**
 * A work process read-only, with its history (issue 12): for readers and auditors, who have no edit
 * page. Without read on work processes 403; an id of another fund (row-level security) or none 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const workProcesses = WorkProcesses.for(access)
  if (!workProcesses.mayRead) forbidden(request)
  const locale = await getLocale(request)
  const item = await workProcesses.view(params.id, locale)
  if (!item) notFound(request)
  const history = historyRequested(request) ? await History.for(access).of('workProcess', item.id, locale) : null
  return { item, history, trail: trailLink(access, 'workProcess', item.id) }
}

export default function ViewWorkProcess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { item } = loaderData
  return (
    <RouteDialog title={item.title} closeTo={`/app/work-process${search}`}>
      <dl>
        <Field label={t('work:field.state')}>{t(`work:state.${item.state}`)}</Field>
        <Field label={t('iks:field.main')}>
          {item.mainNumber ? `${item.mainNumber} ${item.mainName ?? ''}${item.subName ? ` · ${item.subName}` : ''}` : '—'}
        </Field>
        <Field label={t('work:field.enforcementDate')}>{formatDate(item.enforcementDate) || '—'}</Field>
        <Field label={t('work:field.businessCase')}>{item.businessCase || '—'}</Field>
        <Field label={t('work:field.processRef')}>{item.processRef || '—'}</Field>
        <Field label={t('work:field.owner')}>{item.ownerName ?? '—'}</Field>
        <Field label={t('documents.field.link')}>
          <DocumentLink link={item.link} linkText="" name={t('work:open')} context={item.title} optional />
        </Field>
      </dl>
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </RouteDialog>
  )
}
