import { parseWithZod } from '@conform-to/zod/v4'
import { data, useLocation } from 'react-router'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { ToggleEntryDialog } from '../catalog-shared.tsx'
import type { Route } from './+types/active'
import { LIST } from './options.ts'
import { activeSchema } from './schema.ts'
import { getTemplate, setTemplateActive } from './templates.server.ts'

/** Templates are deactivated, never deleted: funds' records may hold copies of them. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const template = await getTemplate(access, params.id)
  if (!template) notFound(request)
  const { id, position, nameDe, nameFr, nameEn, active, version } = template
  return { template: { id, position, nameDe, nameFr, nameEn, active, version } }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!(await getTemplate(access, params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema: activeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await setTemplateActive(access, params.id, submission.value.active, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`${LIST}${new URL(request.url).search}`, 'saved')
}

export default function ToggleTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { template } = loaderData
  const name = i18n.language === 'fr' ? template.nameFr : i18n.language === 'en' ? template.nameEn : template.nameDe
  const verb = template.active ? 'deactivate' : 'activate'
  return (
    <ToggleEntryDialog
      entry={template}
      lastResult={actionData?.result}
      closeTo={`${LIST}${search}`}
      texts={{
        title: t(`dsg:templates.${verb}Title`, { number: template.position }),
        question: t(`dsg:templates.${verb}Question`, { name }),
        confirm: t(`dsg:templates.${verb}`),
      }}
    />
  )
}
