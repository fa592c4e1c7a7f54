import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Card } from '#app/components/ui/card.tsx'
import { requireCustomer } from '#app/auth/guards.server.ts'
import { canUseTool } from '#models/access.ts'
import type { Route } from './+types/_index'

export async function loader({ request }: Route.LoaderArgs) {
  const { access } = await requireCustomer(request)
  return {
    customer: access.customer.name,
    firstName: (access.actingFor ?? access.user).firstName,
    tools: { risk: canUseTool(access.rights, 'risk'), iks: canUseTool(access.rights, 'iks') },
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Vorsorge RM' }]

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { tools } = loaderData
  return (
    <>
      <h1>{t('dashboard.title')}</h1>
      <p>{t('dashboard.welcome', { name: loaderData.firstName, customer: loaderData.customer })}</p>
      {!tools.risk && !tools.iks ? <Card title={t('dashboard.noTools.title')}>{t('dashboard.noTools.text')}</Card> : null}
      {tools.risk ? (
        <Card title={t('tool.risk')}>
          <p>{t('dashboard.riskText')}</p>
          <Link to="/app/risk">{t('dashboard.open', { tool: t('tool.risk') })}</Link>
        </Card>
      ) : null}
      {tools.iks ? (
        <Card title={t('tool.iks')}>
          <p>{t('dashboard.iksText')}</p>
          <Link to="/app/iks">{t('dashboard.open', { tool: t('tool.iks') })}</Link>
        </Card>
      ) : null}
    </>
  )
}
