import { useLocation } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import { GovernanceNav } from '#app/ui/governance-nav.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { ASSURANCE_STATES, PROVIDER_CRITICALITIES, PROVIDER_DSG_ROLES, PROVIDER_SERVICES } from '#models/core/constants.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { providerNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/index'
import { assuranceStates } from './assurance/state.server.ts'
import { Providers } from './providers.server.ts'
import { parseProviderQuery } from './query.server.ts'
import { lastNoticeDay } from './rules.ts'

/** The fund's providers: not ended by default, with their contract's next notice day and their yearly assurance. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.providers.read)
  const { filter, table, values, filtered } = parseProviderQuery(new URL(request.url))
  const service = Providers.for(access)
  const today = todayInZurich()
  const { rows, total } = await service.list(filter, { limit: table.pageSize, offset: table.offset }, today)
  const states = await service.read((tx) =>
    assuranceStates(
      tx,
      rows.map((r) => r.id),
      today,
    ),
  )
  return {
    rows: rows.map((r) => ({ ...r, noticeDay: lastNoticeDay(r.contractEnd, r.noticeMonths), assurance: states.get(r.id)?.state ?? 'notRequired' })),
    total,
    table,
    values,
    filtered,
    mayWrite: service.mayWrite,
  }
}

export const handle: TitleHandle = { title: 'providers:register.title' }

const ASSURANCE_TONE = { notRequired: 'neutral', current: 'success', due: 'warning', overdue: 'danger', deficient: 'danger' } as const

export default function ProvidersList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { rows, total, table, values, filtered, mayWrite } = loaderData
  return (
    <>
      <GovernanceNav />
      <div className={css.head}>
        <h1>{t('providers:register.title')}</h1>
        {mayWrite ? (
          <LinkButton to="/app/providers/new" variant="primary">
            {t('providers:register.add')}
          </LinkButton>
        ) : null}
      </div>
      <p className={css.muted}>{t('providers:register.intro')}</p>
      <FilterForm
        exports={
          <>
            <a href={`/app/providers/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/providers/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
      >
        <TextField label={t('providers:filter.q')} name="q" defaultValue={values.q} />
        <SelectField
          label={t('providers:field.service')}
          name="service"
          defaultValue={values.service}
          options={[{ value: '', label: t('table.all') }, ...PROVIDER_SERVICES.map((s) => ({ value: s, label: t(`providers:service.${s}`) }))]}
        />
        <SelectField
          label={t('providers:field.criticality')}
          name="criticality"
          defaultValue={values.criticality}
          options={[{ value: '', label: t('table.all') }, ...PROVIDER_CRITICALITIES.map((s) => ({ value: s, label: t(`providers:criticality.${s}`) }))]}
        />
        <SelectField
          label={t('providers:field.dsgRole')}
          name="dsgRole"
          defaultValue={values.dsgRole}
          options={[{ value: '', label: t('table.all') }, ...PROVIDER_DSG_ROLES.map((s) => ({ value: s, label: t(`providers:dsgRole.${s}`) }))]}
        />
        <SelectField
          label={t('providers:filter.abroad')}
          name="abroad"
          defaultValue={values.abroad}
          options={[
            { value: '', label: t('table.all') },
            { value: 'yes', label: t('providers:filter.abroadYes') },
            { value: 'no', label: t('providers:filter.abroadNo') },
          ]}
        />
        <SelectField
          label={t('providers:filter.state')}
          name="state"
          defaultValue={values.state}
          options={[
            { value: '', label: t('providers:filter.active') },
            { value: 'ended', label: t('providers:filter.ended') },
            { value: 'all', label: t('table.all') },
          ]}
        />
        <SelectField
          label={t('providers:field.assurance')}
          name="assurance"
          defaultValue={values.assurance}
          options={[{ value: '', label: t('table.all') }, ...ASSURANCE_STATES.map((s) => ({ value: s, label: t(`providers:assurance.${s}`) }))]}
        />
        <SelectField
          label={t('providers:filter.notice')}
          name="notice"
          defaultValue={values.notice}
          options={[
            { value: '', label: t('table.all') },
            { value: 'due', label: t('providers:filter.noticeDue') },
          ]}
        />
      </FilterForm>
      <DataTable
        caption={t('providers:register.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          { key: 'number', header: t('providers:field.number'), sortable: true, render: (r) => providerNumber(r.number) },
          {
            key: 'name',
            header: t('providers:field.name'),
            sortable: true,
            render: (r) => (
              <AppLink to={`/app/providers/${r.id}`} data-testid="provider-link">
                {r.name}
              </AppLink>
            ),
          },
          { key: 'service', header: t('providers:field.service'), sortable: true, render: (r) => t(`providers:service.${r.service}`) },
          { key: 'criticality', header: t('providers:field.criticality'), sortable: true, render: (r) => t(`providers:criticality.${r.criticality}`) },
          { key: 'dsgRole', header: t('providers:field.dsgRole'), render: (r) => t(`providers:dsgRole.${r.dsgRole}`) },
          { key: 'countries', header: t('providers:field.dataCountries'), render: (r) => r.dataCountries.join(', ') },
          {
            key: 'contractEnd',
            header: t('providers:field.contractEnd'),
            sortable: true,
            render: (r) =>
              r.contractEnd ? (
                <>
                  {formatDate(r.contractEnd)}
                  {r.noticeDay && r.noticeDay !== r.contractEnd ? (
                    <>
                      <br />
                      <span className={css.muted}>{t('providers:register.noticeBy', { date: formatDate(r.noticeDay) })}</span>
                    </>
                  ) : null}
                </>
              ) : (
                t('providers:register.openEnded')
              ),
          },
          {
            key: 'assurance',
            header: t('providers:field.assurance'),
            render: (r) => <Badge tone={ASSURANCE_TONE[r.assurance]}>{t(`providers:assurance.${r.assurance}`)}</Badge>,
          },
          {
            key: 'endedOn',
            header: t('providers:field.endedOn'),
            render: (r) => (r.endedOn ? formatDate(r.endedOn) : '—'),
          },
        ]}
      />
    </>
  )
}
