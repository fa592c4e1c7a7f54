import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { BREACH_CLOCK_SOON_HOURS } from './breaches/clock.ts'
import * as css from './head-row.css.ts'
import { HEAD_LINKS } from './links.ts'

/** The head row's figures (dsg.server.ts reads them); breaches and requests null without `dsg.sensitive`. */
export type DsgHead = {
  activitiesDue: number
  dpiasOpen: number
  /**
   * Open breaches; `nextLeftHours`: whole hours left to the nearest notice target still ahead (null:
   * none counting down; overdue ones are counted in `overdue`); `noticeHours`: the fund's target.
   */
  breaches: { open: number; overdue: number; nextLeftHours: number | null; noticeHours: number } | null
  requests: { dueSoon: number; overdue: number } | null
}

function Figure(props: { to: string; value: number; label: string; testId: string; alert?: boolean; children?: ReactNode }) {
  const { to, value, label, testId, alert, children } = props
  return (
    <li className={css.figure} data-testid={testId}>
      <AppLink to={to} className={css.link}>
        <span className={alert && value > 0 ? css.numberAlert : css.number}>{value}</span>
        <span className={css.label}>{label}</span>
      </AppLink>
      {children}
    </li>
  )
}

/**
 * The data protection area's head row (the overview and the dashboard): each figure links to the
 * list it counts. Breaches and requests only where the server gave them (`dsg.sensitive`).
 */
export function DsgHeadRow({ head, headingLevel = 2 }: { head: DsgHead; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const { breaches, requests } = head
  return (
    <section aria-labelledby="dsg-head-title" data-testid="dsg-head">
      <Heading id="dsg-head-title">{t('dsg:overview.head')}</Heading>
      <ul className={css.row}>
        <Figure to={HEAD_LINKS.activitiesDue} value={head.activitiesDue} label={t('dsg:overview.activitiesDue')} testId="dsg-head-activities" />
        <Figure to={HEAD_LINKS.dpiasOpen} value={head.dpiasOpen} label={t('dsg:overview.dpiasOpen')} testId="dsg-head-dpias" />
        {breaches ? (
          <Figure to={HEAD_LINKS.breachesOpen} value={breaches.open} label={t('dsg:overview.breachesOpen')} testId="dsg-head-breaches">
            {breaches.overdue > 0 ? (
              <span>
                <Badge tone="danger">{t('dsg:overview.breachesOverdue', { count: breaches.overdue })}</Badge>
              </span>
            ) : null}
            {breaches.nextLeftHours !== null ? (
              <p className={breaches.nextLeftHours < BREACH_CLOCK_SOON_HOURS ? css.noteSoon : css.note} data-testid="dsg-head-breach-clock">
                {t('dsg:overview.breachClock', { hours: breaches.nextLeftHours, target: breaches.noticeHours })}
              </p>
            ) : null}
          </Figure>
        ) : null}
        {requests ? (
          <>
            <Figure to={HEAD_LINKS.requestsDueSoon} value={requests.dueSoon} label={t('dsg:overview.requestsDueSoon')} testId="dsg-head-requests-soon" />
            <Figure
              to={HEAD_LINKS.requestsOverdue}
              value={requests.overdue}
              label={t('dsg:overview.requestsOverdue')}
              testId="dsg-head-requests-overdue"
              alert
            />
          </>
        ) : null}
      </ul>
    </section>
  )
}
