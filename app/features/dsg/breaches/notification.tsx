import { logRead, viaOf } from '#models/core/read-log.server.ts'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { formatDate, formatDateTime, formatNumber } from '#app/i18n/config.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import { todayInZurich } from '#models/core/dates.ts'
import { DsgBreaches } from './breaches.server.ts'
import * as css from './notification.css.ts'
import type { Route } from './+types/notification'
import { breachNumber } from '#models/core/record-number.ts'

/**
 * The content of a notification to the FDPIC under DSV Art. 15 para. 1, prefilled from the breach
 * and the fund, in the user's language, as a page that prints cleanly (the browser's print; no script).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { access } = await requireCustomer({ request, context })
  const breaches = DsgBreaches.for(access)
  // A breach the user may not see does not exist for them (404), as one of another fund.
  const item = await breaches.get(params.id)
  if (!item) notFound(request)
  await logRead(access, { kind: 'dsgBreach', id: item.id, via: viaOf(request) })
  return { item, fund: await breaches.fund(), today: todayInZurich() }
}

export const handle: TitleHandle = { title: 'dsg:breaches.notification.title' }

function Section({ letter, title, children }: { letter: string; title: string; children: ReactNode }) {
  return (
    <section className={css.section}>
      <h2>
        {letter}. {title}
      </h2>
      {children}
    </section>
  )
}

export default function Notification({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { item, fund, today } = loaderData
  const n = (v: number | null) => (v === null ? t('dsg:breaches.unknown') : t('dsg:breaches.notification.approx', { n: formatNumber(v, i18n.language) }))
  const text = (v: string) => v || t('dsg:breaches.notification.none')
  const contact = fund.contact
  return (
    <article className={css.sheet} data-testid="breach-notification">
      <p className={css.noPrint}>
        <AppLink to={`/app/dsg/breaches/${item.id}`}>{t('dsg:breaches.notification.back')}</AppLink> · {t('dsg:breaches.notification.printHint')}
      </p>
      <h1>{t('dsg:breaches.notification.title')}</h1>
      <p className={css.meta}>
        {t('dsg:breaches.notification.basis')} · {t('dsg:breaches.notification.date', { date: formatDate(today) })}
      </p>
      <section className={css.section}>
        <h2>{t('dsg:breaches.notification.controller')}</h2>
        <p>
          {fund.name}
          {fund.address ? `\n${fund.address}` : ''}
        </p>
        <p>
          {t('dsg:breaches.notification.reference', { idkey: breachNumber(item.idkey) })}
          {item.fdpicReference ? ` · ${t('dsg:breaches.referenceLine', { reference: item.fdpicReference })}` : ''}
        </p>
      </section>
      <Section letter="a" title={t('dsg:breaches.notification.kind')}>
        <p>
          <strong>{item.title}</strong>
          {`\n${text(item.description)}`}
        </p>
      </Section>
      <Section letter="b" title={t('dsg:breaches.notification.when')}>
        <p>
          {t('dsg:breaches.notification.discovered', { at: formatDateTime(item.discoveredAt) })}
          {item.period ? `\n${item.period}` : ''}
          {'\n'}
          {item.closedOn ? t('dsg:breaches.notification.closed', { on: formatDate(item.closedOn) }) : t('dsg:breaches.notification.ongoing')}
        </p>
      </Section>
      <Section letter="c" title={t('dsg:breaches.notification.records')}>
        <p>
          {text(item.dataCategories)}
          {`\n${n(item.recordsCount)}`}
        </p>
      </Section>
      <Section letter="d" title={t('dsg:breaches.notification.subjects')}>
        <p>
          {text(item.subjectCategories)}
          {`\n${n(item.subjectsCount)}`}
        </p>
      </Section>
      <Section letter="e" title={t('dsg:breaches.notification.consequences')}>
        <p>
          {text(item.consequences)}
          {'\n'}
          {item.highRisk === true
            ? t('dsg:breaches.notification.highRisk')
            : item.highRisk === false
              ? t('dsg:breaches.notification.noHighRisk')
              : t('dsg:breaches.notification.riskUnassessed')}
        </p>
      </Section>
      <Section letter="f" title={t('dsg:breaches.notification.measures')}>
        <p>{text(item.measuresTaken)}</p>
        {item.measures.length ? (
          <ul>
            {item.measures.map((m) => (
              <li key={m.id}>
                {m.title} ({t('dsg:breaches.notification.dueOn', { date: formatDate(m.dueDate) })})
              </li>
            ))}
          </ul>
        ) : null}
        <p>
          {item.informSubjects === true
            ? item.subjectsInformedOn
              ? t('dsg:breaches.notification.subjectsInformed', { on: formatDate(item.subjectsInformedOn) })
              : t('dsg:breaches.notification.subjectsToInform')
            : item.informSubjects === false
              ? t('dsg:breaches.notification.subjectsNotInformed')
              : t('dsg:breaches.notification.subjectsUndecided')}
        </p>
      </Section>
      <Section letter="g" title={t('dsg:breaches.notification.contact')}>
        <p>
          {contact
            ? [`${contact.firstName} ${contact.lastName}`.trim(), contact.functional, contact.email, contact.phone].filter(Boolean).join('\n')
            : t('dsg:breaches.notification.noContact')}
        </p>
        {fund.contactSource === 'dsg' ? null : (
          <p className={css.noPrint} data-testid="breach-contact-unset">
            {t('dsg:breaches.notification.contactUnset')}
          </p>
        )}
      </Section>
    </article>
  )
}
