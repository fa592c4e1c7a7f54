import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Card } from '#app/ui/card.tsx'
import * as dash from '#app/ui/page.css.ts'
import { ScrollArea } from '#app/ui/scroll-area.tsx'
import type { SnapshotContent } from './content.ts'

/**
 * The report page's providers, findings and council decisions at the reporting date (issue 28), as the
 * PDF draws them: the providers by criticality with their assurance, the findings open at the date
 * (overdue ones marked), the decisions of the period. Nothing for a snapshot before format 6.
 */
export function GovernanceSection({ content: c }: { content: SnapshotContent }) {
  const { t } = useTranslation()
  const g = c.governance
  if (!g) return null
  const col = (key: string) => t(`report:governance.column.${key}`)
  return (
    <>
      <Card title={t('report:governance.providers.title')}>
        <div data-testid="report-providers">
          <p>{t('report:governance.providers.intro', { year: c.reportingDate.slice(0, 4) })}</p>
          {g.providers.length === 0 ? (
            <p>{t('report:governance.providers.none')}</p>
          ) : (
            <ScrollArea label={t('report:governance.providers.title')}>
              <table className={dash.table}>
                <thead>
                  <tr>
                    <th scope="col">{col('provider')}</th>
                    <th scope="col">{col('criticality')}</th>
                    <th scope="col">{col('service')}</th>
                    <th scope="col">{col('dsgRole')}</th>
                    <th scope="col">{col('countries')}</th>
                    <th scope="col">{col('contractEnd')}</th>
                    <th scope="col">{col('assurance')}</th>
                  </tr>
                </thead>
                <tbody>
                  {g.providers.map((p) => (
                    <tr key={p.number}>
                      <th scope="row">
                        {p.number} {p.name}
                      </th>
                      <td>{t(`providers:criticality.${p.criticality}`)}</td>
                      <td>{t(`providers:service.${p.service}`)}</td>
                      <td>{t(`providers:dsgRole.${p.dsgRole}`)}</td>
                      <td>
                        {p.countries.join(', ')}
                        {p.abroad && p.safeguard ? ` (${t(`providers:safeguard.${p.safeguard}`)})` : ''}
                      </td>
                      <td>{p.contractEnd ? formatDate(p.contractEnd) : t('report:governance.untilNotice')}</td>
                      <td>
                        {t(`providers:assurance.${p.assurance}`)}
                        {p.assuranceApprovedOn
                          ? ` (${formatDate(p.assuranceApprovedOn)})`
                          : p.assuranceDueOn && p.assurance !== 'notRequired'
                            ? ` (${t('report:governance.dueOn', { date: formatDate(p.assuranceDueOn) })})`
                            : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          )}
        </div>
      </Card>
      <Card title={t('report:governance.findings.title')}>
        <div data-testid="report-findings">
          <p>
            {t('report:governance.findings.intro', {
              count: g.findings.length,
              overdue: g.findings.filter((f) => f.overdue).length,
              date: formatDate(c.reportingDate),
            })}
          </p>
          {g.findings.length ? (
            <ScrollArea label={t('report:governance.findings.title')}>
              <table className={dash.table}>
                <thead>
                  <tr>
                    <th scope="col">{col('finding')}</th>
                    <th scope="col">{col('source')}</th>
                    <th scope="col">{col('severity')}</th>
                    <th scope="col">{col('deadline')}</th>
                    <th scope="col">{col('owner')}</th>
                    <th scope="col">{col('state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {g.findings.map((f) => (
                    <tr key={f.number}>
                      <th scope="row">
                        {f.number} {f.title}
                      </th>
                      <td>{t(`findings:source.${f.source}`)}</td>
                      <td>{t(`findings:severity.${f.severity}`)}</td>
                      <td>{f.deadline ? formatDate(f.deadline) : '—'}</td>
                      <td>{f.owner ?? '—'}</td>
                      <td>{f.overdue ? t('findings:state.escalated') : t(`findings:state.${f.state}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          ) : null}
        </div>
      </Card>
      <Card title={t('report:governance.decisions.title')}>
        <div data-testid="report-decisions">
          {g.decisions.length === 0 ? (
            <p>{t('report:governance.decisions.none')}</p>
          ) : (
            <ScrollArea label={t('report:governance.decisions.title')}>
              <table className={dash.table}>
                <thead>
                  <tr>
                    <th scope="col">{col('decision')}</th>
                    <th scope="col">{col('decidedOn')}</th>
                    <th scope="col">{col('subject')}</th>
                    <th scope="col">{col('reference')}</th>
                    <th scope="col">{col('title')}</th>
                  </tr>
                </thead>
                <tbody>
                  {g.decisions.map((d) => (
                    <tr key={d.number}>
                      <th scope="row">{d.number}</th>
                      <td>{formatDate(d.decidedOn)}</td>
                      <td>{t(`decisions:subject.${d.subject}`)}</td>
                      <td>{d.reference}</td>
                      <td>{d.title}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          )}
        </div>
      </Card>
    </>
  )
}
