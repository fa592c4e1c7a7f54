import { History, historyRequested, trailLink } from '#app/accountability/history.server.ts'
import { HistoryPanel } from '#app/accountability/history-panel.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { useLazyValidate } from '#app/utils/lazy-validate.ts'
import { schema } from './work-process-schema.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form, useLocation } from 'react-router'
import { DraftKeeper } from '#app/ui/draft-keeper.tsx'
import { RouteDialog } from '#app/ui/route-dialog.tsx'
import { Button } from '#app/ui/button.tsx'
import { FormActions } from '#app/ui/card.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { forbidden, notFound, requireCustomer, type GuardArgs } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { WORK_PROCESS_STATES } from '#models/core/constants.ts'
import { listMainThemes, listSubThemes } from '#app/features/inventory/face.server.ts'
import { WorkProcesses } from '#app/features/work-processes/work-processes.server.ts'
import type { Route } from './+types/edit'
/** The page and its form share one check: what the page refuses, the form refuses with the same status. */
async function requireWorkProcessForm({ request, context }: GuardArgs, params: { id?: string }) {
  const { access } = await requireCustomer({ request, context })
  const workProcesses = WorkProcesses.for(access)
  if (!workProcesses.mayWrite) forbidden(request)
  const item = params.id ? await workProcesses.get(params.id) : null
  if (params.id && !item) notFound(request)
  return { access, workProcesses, item }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access, item, workProcesses } = await requireWorkProcessForm({ request, context }, params)
  const locale = await getLocale(request)
  const [mains, subs, members, history] = await Promise.all([
    listMainThemes(locale),
    listSubThemes(locale),
    workProcesses.owners(item?.ownerUserId),
    // The history panel (decision 0034): one statement.
    item && historyRequested(request) ? History.for(access).of('workProcess', item.id, locale) : null,
  ])
  return { item, mains, subs, members, history, trail: item ? trailLink(access, 'workProcess', item.id) : null }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { workProcesses } = await requireWorkProcessForm({ request, context }, params)
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, link, ...rest } = submission.value
  try {
    await workProcesses.save(params.id ?? null, { ...rest, link: link || null }, version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/work-process${new URL(request.url).search}`, params.id ? 'saved' : 'created')
}

export default function EditWorkProcess({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { item, mains, subs, members } = loaderData
  const onValidate = useLazyValidate(() => import('./work-process-schema.ts').then((m) => m.schema))
  const [form, fields] = useForm({
    id: item ? `wp-${item.id}-${item.version}` : 'wp-new',
    lastResult: actionData?.result,
    defaultValue: item
      ? {
          title: item.title,
          state: item.state,
          link: item.link ?? '',
          enforcementDate: item.enforcementDate ?? '',
          businessCase: item.businessCase,
          processRef: item.processRef,
          ownerUserId: item.ownerUserId ?? '',
          mainThemeId: item.mainThemeId ?? '',
          subThemeId: item.subThemeId ?? '',
        }
      : { state: 'draft' },
    onValidate,
    shouldRevalidate: 'onInput',
  })
  const value = (name: keyof typeof fields) => fields[name].initialValue as string | undefined
  return (
    <RouteDialog title={item ? item.title : t('work:add')} closeTo={`/app/work-process${search}`}>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormErrors errors={form.errors} />
        <DraftKeeper />
        {item ? <input type="hidden" name="version" value={item.version} /> : null}
        <TextField label={t('work:field.title')} name="title" defaultValue={value('title')} errors={fields.title.errors} isRequired />
        <SelectField
          label={t('work:field.state')}
          name="state"
          defaultValue={value('state')}
          options={WORK_PROCESS_STATES.map((s) => ({ value: s, label: t(`work:state.${s}`) }))}
        />
        <TextField
          label={t('documents.field.link')}
          name="link"
          type="url"
          defaultValue={value('link')}
          errors={fields.link.errors}
          description={t('documents.linkHint')}
        />
        <TextField
          label={t('work:field.enforcementDate')}
          name="enforcementDate"
          type="date"
          defaultValue={value('enforcementDate')}
          errors={fields.enforcementDate.errors}
        />
        <TextField label={t('work:field.businessCase')} name="businessCase" defaultValue={value('businessCase')} errors={fields.businessCase.errors} />
        <TextField label={t('work:field.processRef')} name="processRef" defaultValue={value('processRef')} errors={fields.processRef.errors} />
        <SelectField
          label={t('work:field.owner')}
          name="ownerUserId"
          defaultValue={value('ownerUserId')}
          errors={fields.ownerUserId.errors}
          options={[{ value: '', label: '—' }, ...members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
        />
        <SelectField
          label={t('iks:field.main')}
          name="mainThemeId"
          defaultValue={value('mainThemeId')}
          options={[{ value: '', label: '—' }, ...mains.map((m) => ({ value: m.id, label: `${m.leadingNumber} ${m.name}` }))]}
        />
        <SelectField
          label={t('iks:field.sub')}
          name="subThemeId"
          defaultValue={value('subThemeId')}
          errors={fields.subThemeId.errors}
          options={[{ value: '', label: '—' }, ...subs.map((s) => ({ value: s.id, label: `${s.key} ${s.name}` }))]}
        />
        <FormActions>
          <Button type="submit">{item ? t('action.save') : t('action.create')}</Button>
        </FormActions>
      </Form>
      <HistoryPanel history={loaderData.history} trail={loaderData.trail} />
    </RouteDialog>
  )
}
