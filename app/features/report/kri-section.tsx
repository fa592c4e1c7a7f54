import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card } from '#app/ui/card.tsx'
import * as dash from '#app/ui/page.css.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import { KRI_TREND_YEARS } from '#models/core/constants.ts'
import { formatKriValue } from '#models/core/kri-format.ts'
import { kriYearEnds, type SnapshotContent } from './content.ts'

/**
 * The report page's "Risikoappetit und Kennzahlen (KRI)" (issue 27), as the PDF draws it: each KRI at the
 * reporting date with its thresholds and status, its year ends, the appetite's approval, the accepted
 * risks and the underfunding duties when there was a case. Nothing for a snapshot before format 5.
 */
export function KriSection({ content: c }: { content: SnapshotContent }) {
  const { t, i18n } = useTranslation()
  const k = c.kri
  if (!k) return null
  const lang = (['de', 'fr', 'en'].includes(i18n.language) ? i18n.language : 'de') as 'de' | 'fr' | 'en'
  const col = (key: string) => t(`report:kri.column.${key}`)
  const status = (s: string | null) => t(`kri:status.${s ?? 'none'}`)
  const years = kriYearEnds(c.reportingDate, [], KRI_TREND_YEARS).map((y) => y.yearEnd)
  return (
    <Card title={t('report:kri.title')}>
      <div data-testid="report-kri">
        <p>{t('report:kri.intro', { years: KRI_TREND_YEARS })}</p>
        {k.indicators.length === 0 ? (
          <p>{t('report:kri.none')}</p>
        ) : (
          <ScrollArea label={t('report:kri.title')}>
            <table className={dash.table} data-testid="report-kri-values">
              <thead>
                <tr>
                  <th scope="col">{col('kri')}</th>
                  <th scope="col">{col('date')}</th>
                  <th scope="col">{col('value')}</th>
                  <th scope="col">{col('amber')}</th>
                  <th scope="col">{col('red')}</th>
                  <th scope="col">{col('status')}</th>
                  {years.map((y) => (
                    <th scope="col" key={y}>
                      {formatDate(y)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {k.indicators.map((i) => (
                  <tr key={i.key}>
                    <th scope="row">{i.names[lang] ?? i.names.de}</th>
                    <td>{i.latest ? formatDate(i.latest.periodEnd) : t('report:kri.noValue')}</td>
                    <td>{i.latest ? formatKriValue(i.latest.value, i.unit) : '—'}</td>
                    <td>{i.thresholds ? formatKriValue(i.thresholds.amber, i.unit) : '—'}</td>
                    <td>{i.thresholds ? formatKriValue(i.thresholds.red, i.unit) : '—'}</td>
                    <td>{i.latest ? status(i.latest.status) : '—'}</td>
                    {kriYearEnds(c.reportingDate, i.trend, KRI_TREND_YEARS).map((y) => (
                      <td
                        key={y.yearEnd}
                        title={y.point ? t('report:kri.trendPoint', { date: formatDate(y.point.periodEnd), status: status(y.point.status) }) : undefined}
                      >
                        {y.point ? formatKriValue(y.point.value, i.unit) : '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        )}
        <h3>{t('report:kri.appetite.title')}</h3>
        <p data-testid="report-kri-appetite">
          {k.appetite
            ? t('report:kri.appetite.approved', {
                date: formatDate(k.appetite.approvedOn),
                reference: k.appetite.decisionReference,
                by: k.appetite.approvedBy,
                limit: k.appetite.scoreLimit,
              })
            : t('report:kri.appetite.none', { limit: k.scoreLimit })}
        </p>
        <h3>{t('report:kri.acceptances.title')}</h3>
        {k.acceptances.length === 0 ? (
          <p>{t('report:kri.acceptances.none')}</p>
        ) : (
          <table className={dash.table} data-testid="report-kri-acceptances">
            <thead>
              <tr>
                {['risk', 'acceptedBy', 'acceptedOn', 'validUntil', 'netScore', 'justification'].map((key) => (
                  <th scope="col" key={key}>
                    {t(`report:kri.acceptances.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {k.acceptances.map((a) => (
                <tr key={`${a.risk}-${a.acceptedOn}`}>
                  <th scope="row">
                    {a.risk} {a.title}
                  </th>
                  <td>{a.acceptedBy}</td>
                  <td>{formatDate(a.acceptedOn)}</td>
                  <td>{formatDate(a.validUntil)}</td>
                  <td>{a.netScore}</td>
                  <td>
                    {a.decisionReference ? `${a.justification} (${a.decisionReference})` : a.justification}
                    {a.reassess ? (
                      <>
                        {' '}
                        <strong data-testid="report-acceptance-reassess">{t('report:kri.acceptances.reassess')}</strong>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {k.underfunding.length ? (
          <div data-testid="report-kri-underfunding">
            <h3>{t('report:kri.underfunding.title')}</h3>
            {k.underfunding.map((u) => (
              <div key={u.periodEnd}>
                <p>
                  {t('report:kri.underfunding.case', { date: formatDate(u.periodEnd), ratio: formatKriValue(u.coverageRatio, 'count') })}{' '}
                  {u.closedOn ? t('report:kri.underfunding.closed', { date: formatDate(u.closedOn) }) : t('report:kri.underfunding.open')}
                </p>
                <table className={dash.table}>
                  <thead>
                    <tr>
                      {['duty', 'dueOn', 'doneOn', 'evidence'].map((key) => (
                        <th scope="col" key={key}>
                          {t(`report:kri.underfunding.${key}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {u.duties.map((d) => (
                      <tr key={d.duty}>
                        <th scope="row">{t(`kri:duty.${d.duty}`)}</th>
                        <td>{formatDate(d.dueOn)}</td>
                        <td>{d.doneOn ? formatDate(d.doneOn) : t('report:kri.underfunding.notDone')}</td>
                        <td>{[d.evidence, d.document].filter(Boolean).join(' · ') || '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </Card>
  )
}
