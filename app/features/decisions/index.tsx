import { useLocation } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { SelectField, TextField } from '#app/ui/fields.tsx'
import { GovernanceNav } from '#app/ui/governance-nav.tsx'
import * as listCss from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { DECISION_SUBJECTS } from '#models/core/constants.ts'
import { decisionNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/index'
import { Decisions } from './decisions.server.ts'
import { parseDecisionQuery } from './query.server.ts'

/** The register of the council's decisions: filtered by subject and year, searched by title, reference or number, with its exports. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.decisions.read)
  const { filter, table, values, filtered } = parseDecisionQuery(new URL(request.url))
  const service = Decisions.for(access)
  const { rows, total } = await service.list(filter, { limit: table.pageSize, offset: table.offset })
  return { rows, total, table, values, filtered, mayWrite: service.rights.write }
}

export const handle: TitleHandle = { title: 'decisions:list.title' }

export default function DecisionsList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { rows, total, table, values, filtered } = loaderData
  return (
    <>
      <GovernanceNav />
      <div className={css.head}>
        <h1>{t('decisions:list.title')}</h1>
        {loaderData.mayWrite ? (
          <LinkButton to="/app/decisions/new" variant="primary" data-testid="decision-new">
            {t('decisions:list.new')}
          </LinkButton>
        ) : null}
      </div>
      <p className={css.muted}>{t('decisions:list.intro')}</p>
      <FilterForm
        exports={
          <>
            <a href={`/app/decisions/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/decisions/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
      >
        <TextField label={t('decisions:list.q')} name="q" type="search" defaultValue={values.q} />
        <SelectField
          label={t('decisions:field.subject')}
          name="subject"
          defaultValue={values.subject}
          options={[{ value: '', label: t('table.all') }, ...DECISION_SUBJECTS.map((s) => ({ value: s, label: t(`decisions:subject.${s}`) }))]}
        />
        <TextField label={t('decisions:list.year')} name="year" inputMode="numeric" defaultValue={values.year} />
      </FilterForm>
      <DataTable
        caption={t('decisions:list.title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'number',
            header: t('decisions:field.number'),
            sortable: true,
            className: listCss.nowrap,
            render: (r) => (
              <AppLink to={`/app/decisions/${r.id}`} data-testid="decision-row-link">
                {decisionNumber(r.number)}
              </AppLink>
            ),
          },
          { key: 'decidedOn', header: t('decisions:field.decidedOn'), sortable: true, className: listCss.nowrap, render: (r) => formatDate(r.decidedOn) },
          { key: 'subject', header: t('decisions:field.subject'), sortable: true, render: (r) => t(`decisions:subject.${r.subject}`) },
          {
            key: 'title',
            header: t('decisions:field.title'),
            sortable: true,
            render: (r) => (
              <>
                {r.title}
                <div className={css.muted}>{[r.reference, r.decidedBy].filter(Boolean).join(' · ')}</div>
              </>
            ),
          },
          { key: 'documents', header: t('decisions:field.documents'), render: (r) => r.documents || '—' },
        ]}
      />
    </>
  )
}
