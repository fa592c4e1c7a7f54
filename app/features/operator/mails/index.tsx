import { AppLink } from '#app/ui/app-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Outlet } from 'react-router'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { Card } from '#app/ui/card.tsx'
import { requireSuperAdmin } from '#app/auth/guards.server.ts'
import { supportedLanguages } from '#app/i18n/config.ts'
import { listTemplates } from '#app/features/operator/mail-templates.server.ts'
import type { Route } from './+types/index'
import * as dash from '#app/ui/page.css.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requireSuperAdmin({ request, context })
  return { templates: await listTemplates(access) }
}

export const handle: TitleHandle = { title: 'sadmin:mails.title' }

export default function MailTemplates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  return (
    <>
      <h1>{t('sadmin:mails.title')}</h1>
      <p>{t('sadmin:mails.intro')}</p>
      <Card>
        <ScrollArea label={t('sadmin:mails.title')}>
          <table className={dash.table} data-testid="mail-templates">
            <thead>
              <tr>
                <th scope="col">{t('sadmin:mails.key')}</th>
                <th scope="col">{t('sadmin:mails.subject')}</th>
                {supportedLanguages.map((l) => (
                  <th key={l} scope="col">
                    {t(`language.${l}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loaderData.templates.map((tpl) => (
                <tr key={tpl.key}>
                  <td>
                    <code>{tpl.key}</code>
                  </td>
                  <td>{tpl.subject}</td>
                  {supportedLanguages.map((l) => (
                    <td key={l}>
                      <AppLink to={`/app/sadmin/mails/${tpl.key}/${l}`} preventScrollReset aria-label={`${t('action.edit')}: ${tpl.key} (${l})`}>
                        {tpl.languages.includes(l) ? t('action.edit') : t('sadmin:mails.missing')}
                      </AppLink>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </Card>
      <Outlet />
    </>
  )
}
