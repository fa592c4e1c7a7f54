import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Form, isRouteErrorResponse, useFetchers, useLocation, useNavigation } from 'react-router'
import { AppLink, isCurrent } from './app-link.tsx'
import { supportedLanguages } from '#app/i18n/config.ts'
import { APP_NAME } from './page-title.tsx'
import { forgetDrafts } from './draft-keeper.tsx'
import { useSubmissionInFlight } from './button.tsx'
import * as css from './shell.css.ts'
import { logoSrc } from '#models/core/customer-logo.ts'

/** Fast navigations show nothing: the bar appears only when loading takes longer than this. */
export const PROGRESS_DELAY_MS = 400

/** A thin bar at the top while a page loads or a form is sent (only with JavaScript; without it the browser shows its own). */
export function NavigationProgress() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const fetchers = useFetchers()
  useSubmissionInFlight()
  const loading = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle')
  const [visible, setVisible] = useState(false)
  // A layout effect: the delay's timer is set in the same commit that renders the pending mark below,
  // so whoever sees the mark (a test holding the page's clock) knows the delay has begun.
  useLayoutEffect(() => {
    if (!loading) {
      setVisible(false)
      return
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [loading])
  if (!visible) return loading ? <span hidden data-navigation="pending" /> : null
  return <div className={css.progress} role="progressbar" aria-label={t('shell.loading')} aria-busy="true" data-testid="navigation-progress" />
}

/** The statuses an error page explains; anything else is told as a 500. */
const ERROR_KINDS = [400, 401, 403, 404, 409, 413, 415, 500] as const

/** What went wrong, for the error boundaries of the root and of the signed-in area: one text per status. */
export function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const kind = (ERROR_KINDS as readonly number[]).includes(status) ? status : 500
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error)
  return (
    <>
      <title>{`${t(`error.${kind}.title`)} · ${APP_NAME}`}</title>
      <div className={css.errorPage} data-testid="error-page">
        <p className={css.errorCode}>{status}</p>
        <h1>{t(`error.${kind}.title`)}</h1>
        <p>{t(`error.${kind}.text`)}</p>
        <p>
          <AppLink to="/app">{t('error.backHome')}</AppLink>
        </p>
      </div>
    </>
  )
}

/** Three submit buttons: switching language needs no JavaScript. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  return (
    <Form method="post" action="/lang" className={css.langForm} aria-label={t('shell.language')}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {supportedLanguages.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          className={css.langButton}
          aria-pressed={i18n.language === lng}
          lang={lng}
          title={t(`language.${lng}`)}
        >
          {lng}
        </button>
      ))}
    </Form>
  )
}

export function Footer() {
  const { t } = useTranslation()
  return (
    <footer className={css.footer}>
      <AppLink to="/imprint">{t('footer.imprint')}</AppLink>
      <AppLink to="/privacy">{t('footer.privacy')}</AppLink>
      <AppLink to="/contact">{t('footer.contact')}</AppLink>
      <AppLink to="/help">{t('footer.help')}</AppLink>
      <span className={css.spacer} />
      <span>© Vorsorge RM</span>
    </footer>
  )
}

export function PublicShell({ children, wide }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <a href="#main" className={css.skipLink}>
        {t('shell.skip')}
      </a>
      <header className={css.header}>
        <AppLink to="/" className={css.brand}>
          Vorsorge RM
        </AppLink>
        <span className={css.spacer} />
        <LanguageSwitcher />
      </header>
      <main id="main" className={wide ? css.main : css.publicMain}>
        {children}
      </main>
      <Footer />
    </>
  )
}

export type ShellData = {
  user: { id: string; firstName: string; lastName: string; email: string; isSuperAdmin: boolean }
  actingFor: { firstName: string; lastName: string } | null
  customer: { name: string; logoVersion: string | null } | null
  nav: {
    risk: boolean
    iks: boolean
    dsg: boolean
    admin: boolean
    auditTrail: boolean
    measures: boolean
    report: boolean
    /** The loyalty area: the whole area for its readers, a member who only declares their own declarations. */
    loyalty?: 'area' | 'own' | null
    /** Providers, findings and the council's decisions (issue 28): one entry, the areas share a sub-navigation. */
    governance?: boolean
  }
  canSelectCustomer: boolean
}

/**
 * The user menu is a <details> element, so it opens without JavaScript. With
 * JavaScript it also closes after navigating, on Escape and on a click outside.
 */
function useMenuClosing() {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on every navigation
  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [location.key])
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current
      if (!menu?.open) return
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.contains(event.target as Node)) {
        menu.open = false
        if (event instanceof KeyboardEvent) menu.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('keydown', close)
    document.addEventListener('click', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('click', close)
    }
  }, [])
  return ref
}

export function AppHeader({ shell }: { shell: ShellData }) {
  const { t } = useTranslation()
  const { user, customer, nav } = shell
  const menuRef = useMenuClosing()
  const navRef = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  // On a phone the navigation scrolls sideways: keep the current page's entry in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on every navigation
  useEffect(() => {
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]')
    const bar = navRef.current
    if (current && bar && bar.scrollWidth > bar.clientWidth) bar.scrollLeft = current.offsetLeft - bar.offsetLeft - 16
  }, [pathname])
  return (
    <>
      <a href="#main" className={css.skipLink}>
        {t('shell.skip')}
      </a>
      <header className={css.appHeader}>
        <AppLink to="/app" className={css.brand}>
          Vorsorge RM
        </AppLink>
        <nav aria-label={t('shell.mainNav')} className={css.nav} ref={navRef}>
          {customer ? (
            <AppLink to="/app" className={css.navLink} aria-current={isCurrent(pathname, '/app', true) ? 'page' : undefined}>
              {t('nav.dashboard')}
            </AppLink>
          ) : null}
          {nav.risk ? (
            <AppLink to="/app/risk" className={css.navLink} aria-current={isCurrent(pathname, '/app/risk') ? 'page' : undefined}>
              {t('tool.risk')}
            </AppLink>
          ) : null}
          {nav.iks ? (
            <AppLink to="/app/iks" className={css.navLink} aria-current={isCurrent(pathname, '/app/iks') ? 'page' : undefined}>
              {t('tool.iks')}
            </AppLink>
          ) : null}
          {nav.dsg ? (
            <AppLink to="/app/dsg" className={css.navLink} aria-current={isCurrent(pathname, '/app/dsg') ? 'page' : undefined}>
              {t('tool.dsg')}
            </AppLink>
          ) : null}
          {nav.loyalty ? (
            <AppLink
              to="/app/loyalty"
              className={css.navLink}
              aria-current={isCurrent(pathname, '/app/loyalty') ? 'page' : undefined}
              data-testid="nav-loyalty"
            >
              {t(nav.loyalty === 'area' ? 'nav.loyalty' : 'nav.myDeclaration')}
            </AppLink>
          ) : null}
          {nav.governance ? (
            <AppLink
              to="/app/providers"
              className={css.navLink}
              aria-current={(['/app/providers', '/app/findings', '/app/decisions'] as const).some((p) => isCurrent(pathname, p)) ? 'page' : undefined}
              data-testid="nav-governance"
            >
              {t('nav.governance')}
            </AppLink>
          ) : null}
          {nav.measures ? (
            <AppLink to="/app/measures" className={css.navLink} aria-current={isCurrent(pathname, '/app/measures') ? 'page' : undefined}>
              {t('nav.measures')}
            </AppLink>
          ) : null}
          {nav.measures ? (
            <AppLink to="/app/docs" className={css.navLink} aria-current={isCurrent(pathname, '/app/docs') ? 'page' : undefined}>
              {t('nav.docs')}
            </AppLink>
          ) : null}
          {nav.measures ? (
            <AppLink to="/app/work-process" className={css.navLink} aria-current={isCurrent(pathname, '/app/work-process') ? 'page' : undefined}>
              {t('nav.workProcesses')}
            </AppLink>
          ) : null}
          {nav.report ? (
            <AppLink to="/app/report" className={css.navLink} aria-current={isCurrent(pathname, '/app/report') ? 'page' : undefined}>
              {t('nav.report')}
            </AppLink>
          ) : null}
          {user.isSuperAdmin ? (
            <AppLink to="/app/sadmin" className={css.navLink} aria-current={isCurrent(pathname, '/app/sadmin') ? 'page' : undefined}>
              {t('nav.sadmin')}
            </AppLink>
          ) : null}
        </nav>
        {customer ? (
          <span className={css.customer} data-testid="active-customer">
            {customer.logoVersion ? (
              <img src={logoSrc(customer.logoVersion)!} alt="" className={css.logo} width={300} height={40} style={{ width: 'auto', height: 'auto' }} />
            ) : null}
            <span className={css.customerName} title={customer.name}>
              {customer.name}
            </span>
          </span>
        ) : null}
        <LanguageSwitcher />
        <details className={css.menu} ref={menuRef}>
          <summary className={css.menuSummary} data-testid="user-menu">
            <span className="visually-hidden">{t('shell.userMenu')}: </span>
            {user.firstName} {user.lastName}
          </summary>
          <ul className={css.menuList}>
            <li>
              <AppLink className={css.menuItem} to="/app/user/profile">
                {t('menu.profile')}
              </AppLink>
            </li>
            <li>
              <AppLink className={css.menuItem} to="/app/user/pwd">
                {t('menu.password')}
              </AppLink>
            </li>
            <li>
              <AppLink className={css.menuItem} to="/app/user/security">
                {t('menu.security')}
              </AppLink>
            </li>
            {nav.admin ? (
              <li>
                <AppLink className={css.menuItem} to="/app/admin/users">
                  {t('menu.users')}
                </AppLink>
              </li>
            ) : null}
            {nav.auditTrail ? (
              <li>
                <AppLink className={css.menuItem} to="/app/admin/audit">
                  {t('menu.auditTrail')}
                </AppLink>
              </li>
            ) : null}
            {nav.admin ? (
              <li>
                <AppLink className={css.menuItem} to="/app/admin/read-log">
                  {t('menu.readLog')}
                </AppLink>
              </li>
            ) : null}
            {shell.canSelectCustomer ? (
              <li>
                <AppLink className={css.menuItem} to="/app/user/cselector">
                  {t('menu.selectCustomer')}
                </AppLink>
              </li>
            ) : null}
            {customer ? (
              <li>
                <AppLink className={css.menuItem} to="/app/user/customer">
                  {t('menu.company')}
                </AppLink>
              </li>
            ) : null}
            {customer && !user.isSuperAdmin ? (
              <li>
                <AppLink className={css.menuItem} to="/app/user/dselector">
                  {t('menu.deputies')}
                </AppLink>
              </li>
            ) : null}
            <li>
              <Form method="post" action="/logout" onSubmit={forgetDrafts}>
                <button type="submit" className={css.menuItem}>
                  {t('menu.logout')}
                </button>
              </Form>
            </li>
          </ul>
        </details>
      </header>
      {shell.actingFor ? (
        <div className={css.deputyBanner} role="note" data-testid="deputy-banner">
          {t('shell.actingFor', { name: `${shell.actingFor.firstName} ${shell.actingFor.lastName}` })}
        </div>
      ) : null}
    </>
  )
}

export function AppMain({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={css.main}>
      {children}
    </main>
  )
}
