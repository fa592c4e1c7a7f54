import { requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { type Cell, csvResponse, day } from '#app/utils/csv.server.ts'
import { xlsxResponse } from '#app/utils/xlsx.server.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { providerNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/export'
import { assuranceStates } from './assurance/state.server.ts'
import { Providers } from './providers.server.ts'
import { parseProviderQuery } from './query.server.ts'
import { lastNoticeDay } from './rules.ts'

type Row = Awaited<ReturnType<ReturnType<typeof Providers.for>['all']>>[number] & { assurance: string }

/** The providers register as CSV or XLSX (the path's ending), with the current filters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.providers.read)
  const url = new URL(request.url)
  const { filter } = parseProviderQuery(url)
  const t = getFixedT(await getLocale(request))
  const today = todayInZurich()
  const service = Providers.for(access)
  const found = await service.all(filter, today)
  const states = await service.read((tx) =>
    assuranceStates(
      tx,
      found.map((r) => r.id),
      today,
    ),
  )
  const rows: Row[] = found.map((r) => ({ ...r, assurance: states.get(r.id)?.state ?? 'notRequired' }))
  const columns: [string, (r: Row) => Cell][] = [
    [t('providers:field.number'), (r) => providerNumber(r.number)],
    [t('providers:field.name'), (r) => r.name],
    [t('providers:field.service'), (r) => t(`providers:service.${r.service}`)],
    [t('providers:field.criticality'), (r) => t(`providers:criticality.${r.criticality}`)],
    [t('providers:field.owner'), (r) => r.ownerName ?? ''],
    [t('providers:field.contactName'), (r) => r.contactName],
    [t('providers:field.contactEmail'), (r) => r.contactEmail],
    [t('providers:field.contractStart'), (r) => day(r.contractStart)],
    [t('providers:field.contractEnd'), (r) => day(r.contractEnd)],
    [t('providers:field.noticeMonths'), (r) => r.noticeMonths],
    [t('providers:field.noticeDay'), (r) => day(lastNoticeDay(r.contractEnd, r.noticeMonths))],
    [t('providers:field.dpaSignedOn'), (r) => day(r.dpaSignedOn)],
    [t('providers:field.dsgRole'), (r) => t(`providers:dsgRole.${r.dsgRole}`)],
    [t('providers:field.dataCountries'), (r) => r.dataCountries.join(', ')],
    [t('providers:field.abroadSafeguard'), (r) => (r.abroadSafeguard ? t(`providers:safeguard.${r.abroadSafeguard}`) : '')],
    [t('providers:field.assuranceRequired'), (r) => (r.assuranceRequired ? t('common.yes') : t('common.no'))],
    [t('providers:field.assurance'), (r) => t(`providers:assurance.${r.assurance}`)],
    [t('providers:field.endedOn'), (r) => day(r.endedOn)],
  ]
  async function* batches() {
    yield rows.map((r) => columns.map(([, value]) => value(r)))
  }
  const name = `${t('providers:register.file')}-${today}`
  const header = columns.map(([h]) => h)
  return url.pathname.endsWith('.xlsx')
    ? xlsxResponse(`${name}.xlsx`, t('providers:register.title'), header, batches())
    : csvResponse(`${name}.csv`, header, batches())
}
