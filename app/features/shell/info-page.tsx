import { useTranslation } from '#app/i18n/use-translation.ts'
import { PublicShell } from '#app/ui/shell.tsx'
import { Card } from '#app/ui/card.tsx'
import { pages, type PageKey } from '#app/features/shell/pages.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import type { Route } from './+types/info-page'
import type { TitleHandle } from '#app/ui/page-title.tsx'

const KEYS: PageKey[] = ['imprint', 'privacy', 'contact', 'help']

export async function loader({ request }: Route.LoaderArgs) {
  const key = new URL(request.url).pathname.slice(1) as PageKey
  if (!KEYS.includes(key)) throw new Response(null, { status: 404 })
  const locale = await getLocale(request)
  return { page: pages[locale][key], key }
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => data.page.title }

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  const { t } = useTranslation()
  return (
    <PublicShell wide>
      <Card>
        <h1>{page.title}</h1>
        <p>{page.intro}</p>
        {page.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
        <p>
          <a href="/">{t('error.backHome')}</a>
        </p>
      </Card>
    </PublicShell>
  )
}
