import { AppLink } from '#app/ui/app-link.tsx'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { data, Form } from 'react-router'
import { z } from 'zod'
import { Button } from '#app/ui/button.tsx'
import { Card } from '#app/ui/card.tsx'
import { Alert } from '#app/ui/fields.tsx'
import { notFound, requireSuperAdmin } from '#app/auth/guards.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DomainError } from '#models/core/errors.ts'
import { getUserAccount, removeMembership, setMembership, userMap } from '#app/features/operator/operator.server.ts'
import type { Route } from './+types/map'
import { TOOLS } from '#models/core/constants.ts'
import { formatDate } from '#models/core/dates.ts'
import { RightsFields } from '#app/features/admin/face.tsx'
import { rightsFields, toRights } from '#app/features/admin/face.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

const schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('set'), customerId: z.string(), ...rightsFields }),
  z.object({ intent: z.literal('remove'), customerId: z.string() }),
])

/** The user mapper: which customers a user belongs to, with which rights. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  const user = await getUserAccount(access, params.id)
  if (!user) notFound(request)
  return { user: { id: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email }, map: await userMap(access, user.id) }
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData'], t) => t('sadmin:users.mapTitle', { name: data.user.name }) }

export async function action({ request, params, context }: Route.ActionArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!(await getUserAccount(access, params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ error: 'validation.invalid' }, { status: 400 })
  const v = submission.value
  try {
    if (v.intent === 'set') await setMembership(access, params.id, v.customerId, toRights(v))
    else await removeMembership(access, params.id, v.customerId)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not-found') notFound(request)
    // An auditor's rights are fixed: the refusal is said on the page, in the reader's language.
    if (error instanceof DomainError && error.code === 'conflict') {
      return data({ error: error.messageKey ?? 'validation.invalid', customerId: v.customerId }, { status: 409 })
    }
    throw error
  }
  return redirectWithToast(`/app/sadmin/users/${params.id}/map`, v.intent === 'remove' ? 'deleted' : 'saved')
}

export default function UserMap({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { user, map } = loaderData
  return (
    <>
      <p>
        <AppLink to="/app/sadmin/users">{t('sadmin:users.title')}</AppLink>
      </p>
      <h1>{t('sadmin:users.mapTitle', { name: user.name })}</h1>
      <p>{user.email}</p>
      {actionData?.error ? <Alert tone="error">{t(actionData.error)}</Alert> : null}
      {map.map((row) => (
        <Card key={row.customerId} title={row.customer}>
          <Form method="post">
            <input type="hidden" name="customerId" value={row.customerId} />
            {row.membership?.kind === 'auditor' ? (
              // An auditor reads everything, writes nothing (decision 0035): no roles to choose here.
              <p data-testid="auditor-membership">{t('sadmin:users.auditorUntil', { date: formatDate(row.membership.endsOn) })}</p>
            ) : (
              <RightsFields
                editable={TOOLS}
                defaults={row.membership?.rights ?? { risk: { enabled: false, role: 'none' }, iks: { enabled: false, role: 'none' } }}
              />
            )}
            <div style={{ display: 'flex', gap: 8 }}>
              {row.membership?.kind === 'auditor' ? null : (
                <Button type="submit" name="intent" value="set" aria-label={`${row.membership ? t('action.save') : t('sadmin:users.assign')}: ${row.customer}`}>
                  {row.membership ? t('action.save') : t('sadmin:users.assign')}
                </Button>
              )}
              {row.membership ? (
                <Button type="submit" name="intent" value="remove" variant="secondary" aria-label={`${t('action.remove')}: ${row.customer}`}>
                  {t('action.remove')}
                </Button>
              ) : null}
            </div>
          </Form>
        </Card>
      ))}
    </>
  )
}
