import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from 'react-i18next'
import { data, Form, useLocation } from 'react-router'
import { RouteDialog } from '#app/components/route-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormActions } from '#app/components/ui/card.tsx'
import { FormErrors } from '#app/components/ui/fields.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getCatalogEntry, setCatalogEntryActive } from '#models/ics-catalog.server.ts'
import type { Route } from './+types/active'
import { activeSchema } from './schema.ts'

/** Catalogue entries are deactivated, never deleted: customers' process inventories may hold copies of them. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin(request)
  const entry = await getCatalogEntry(access, params.id)
  if (!entry) notFound(request)
  return { entry: { id: entry.id, idkey: entry.idkey, titleDe: entry.titleDe, titleFr: entry.titleFr, titleEn: entry.titleEn, active: entry.active, version: entry.version } }
}

export async function action({ request, params }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin(request)
  const submission = parseWithZod(await request.formData(), { schema: activeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await setCatalogEntryActive(access, params.id, submission.value.active, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/sadmin/ikss${new URL(request.url).search}`, 'saved')
}

export default function ToggleIcsCatalogEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { search } = useLocation()
  const { entry } = loaderData
  const errors = (actionData?.result as { error?: Record<string, string[]> } | undefined)?.error?.['']
  const title = i18n.language === 'fr' ? entry.titleFr : i18n.language === 'en' ? entry.titleEn : entry.titleDe
  const activate = !entry.active
  return (
    <RouteDialog
      title={activate ? t('sadmin:ikss.catalog.activateTitle', { idkey: entry.idkey }) : t('sadmin:ikss.catalog.deactivateTitle', { idkey: entry.idkey })}
      closeTo={`/app/sadmin/ikss${search}`}
    >
      <Form method="post" preventScrollReset>
        <FormErrors errors={errors} />
        <p>{activate ? t('sadmin:ikss.catalog.activateQuestion', { title }) : t('sadmin:ikss.catalog.deactivateQuestion', { title })}</p>
        <input type="hidden" name="version" value={entry.version} />
        <input type="hidden" name="active" value={activate ? 'true' : 'false'} />
        <FormActions>
          <Button type="submit" variant={activate ? 'primary' : 'danger'}>
            {activate ? t('sadmin:ikss.catalog.activate') : t('sadmin:ikss.catalog.deactivate')}
          </Button>
        </FormActions>
      </Form>
    </RouteDialog>
  )
}
