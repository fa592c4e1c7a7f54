import { useTranslation } from 'react-i18next'
import { Alert } from '#app/components/ui/fields.tsx'
import { requireTool } from '#app/auth/guards.server.ts'
import type { Route } from './+types/area'

/** Areas whose screens are still to come; their guards already hold. */
export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/$/, '')
  switch (path) {
    case '/app/iks':
      await requireTool(request, 'iks', 'dsg')
      return { area: 'iks' }
  }
  throw new Response(null, { status: 404 })
}

export default function Area({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <h1>{t(`area.${loaderData.area}`)}</h1>
      <Alert tone="info">{t('area.coming')}</Alert>
    </>
  )
}
