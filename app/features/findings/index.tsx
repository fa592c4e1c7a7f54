import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useLocation } from 'react-router'
import { requirePermission } from '#app/auth/guards.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { Badge } from '#app/ui/badges.tsx'
import { Button, LinkButton } from '#app/ui/button.tsx'
import { Card, FormActions } from '#app/ui/card.tsx'
import { DataTable, FilterForm } from '#app/ui/data-table.tsx'
import { FormErrors, SelectField, TextField } from '#app/ui/fields.tsx'
import { getFormProps, useForm } from '#app/ui/form.ts'
import { GovernanceNav } from '#app/ui/governance-nav.tsx'
import * as listCss from '#app/ui/list-page.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { forbidden, replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { FINDING_SEVERITIES, FINDING_SOURCES } from '#models/core/constants.ts'
import { findingNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/index'
import { Findings } from './findings.server.ts'
import { FINDING_STATE_FILTERS } from './states.ts'
import { parseFindingQuery } from './query.server.ts'
import { settingsSchema } from './schema.ts'
import { FindingStateBadges } from './state-badge.tsx'

/** The register of findings: filtered, sorted, paged, with its exports; admins set the council's contact for escalations. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.findings.read)
  const { filter, table, values, filtered } = parseFindingQuery(new URL(request.url))
  const service = Findings.for(access)
  const { rows, total, escalated } = await service.page(filter, { limit: table.pageSize, offset: table.offset })
  return {
    rows,
    total,
    escalated,
    table,
    values,
    filtered,
    owners: await service.owners(filter.owner),
    mayWrite: service.rights.write,
    mayAccept: service.rights.accept,
    settings: service.rights.accept ? await service.settings() : null,
  }
}

export const handle: TitleHandle = { title: 'findings:title' }

/** The council's contact (admins who accept findings). */
export async function action({ request, context }: Route.ActionArgs) {
  const { access } = await requirePermission({ request, context }, (p) => p.findings.read)
  const service = Findings.for(access)
  if (!service.rights.accept) forbidden(request)
  const submission = parseWithZod(await request.formData(), { schema: settingsSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await service.saveSettings(submission.value, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(`/app/findings${new URL(request.url).search}`, 'saved')
}

export default function FindingsList({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { rows, total, escalated, table, values, filtered, owners, settings } = loaderData
  const all = { value: '', label: t('table.all') }
  const [form, fields] = useForm({
    id: `finding-settings-${settings?.version ?? 0}`,
    lastResult: actionData?.result,
    defaultValue: settings ? { councilContactName: settings.councilContactName, councilContactEmail: settings.councilContactEmail } : {},
  })
  return (
    <>
      <GovernanceNav />
      <div className={css.head}>
        <h1>{t('findings:title')}</h1>
        {loaderData.mayWrite ? (
          <LinkButton to={`/app/findings/new${search}`} variant="primary">
            {t('findings:new')}
          </LinkButton>
        ) : null}
      </div>
      <p className={css.muted}>{t('findings:intro')}</p>
      <FilterForm
        exports={
          <>
            <a href={`/app/findings/export.csv${search}`} download>
              {t('measures.exportView')}
            </a>
            <a href={`/app/findings/export.xlsx${search}`} download>
              {t('measures.exportViewXlsx')}
            </a>
          </>
        }
      >
        <TextField label={t('findings:filter.q')} name="q" type="search" defaultValue={values.q} />
        <SelectField
          label={t('findings:field.source')}
          name="source"
          defaultValue={values.source}
          options={[all, ...FINDING_SOURCES.map((s) => ({ value: s, label: t(`findings:source.${s}`) }))]}
        />
        <SelectField
          label={t('findings:field.severity')}
          name="severity"
          defaultValue={values.severity}
          options={[all, ...FINDING_SEVERITIES.map((s) => ({ value: s, label: t(`findings:severity.${s}`) }))]}
        />
        <SelectField
          label={t('findings:field.state')}
          name="state"
          defaultValue={values.state}
          options={[
            all,
            ...FINDING_STATE_FILTERS.map((s) => ({ value: s, label: s === 'unresolved' ? t('findings:filter.unresolved') : t(`findings:state.${s}`) })),
          ]}
        />
        <SelectField
          label={t('findings:field.owner')}
          name="owner"
          defaultValue={values.owner}
          options={[all, ...owners.map((o) => ({ value: o.id, label: `${o.firstName} ${o.lastName}`.trim() }))]}
        />
        <TextField label={t('findings:filter.year')} name="year" inputMode="numeric" defaultValue={values.year} />
      </FilterForm>
      <p className={listCss.summary} data-testid="findings-summary">
        {t('findings:summary', { count: total })}
        {escalated ? ` · ${t('findings:escalatedCount', { count: escalated })}` : ''}
      </p>
      <DataTable
        caption={t('findings:title')}
        rows={rows}
        total={total}
        table={table}
        filtered={filtered}
        columns={[
          {
            key: 'number',
            header: t('findings:field.number'),
            sortable: true,
            className: listCss.nowrap,
            render: (r) => (
              <AppLink to={`/app/findings/${r.id}`} data-testid="finding-link">
                {findingNumber(r.number)}
              </AppLink>
            ),
          },
          {
            key: 'issuedOn',
            header: t('findings:field.source'),
            sortable: true,
            render: (r) => (
              <>
                {t(`findings:source.${r.source}`)}
                <div className={css.muted}>{[formatDate(r.issuedOn), r.reference].filter(Boolean).join(' · ')}</div>
              </>
            ),
          },
          { key: 'title', header: t('findings:field.title'), sortable: true, render: (r) => r.title },
          {
            key: 'severity',
            header: t('findings:field.severity'),
            sortable: true,
            render: (r) => (
              <Badge tone={r.severity === 'high' ? 'danger' : r.severity === 'medium' ? 'warning' : 'neutral'}>{t(`findings:severity.${r.severity}`)}</Badge>
            ),
          },
          { key: 'deadline', header: t('findings:field.deadline'), sortable: true, className: listCss.nowrap, render: (r) => formatDate(r.deadline) || '—' },
          { key: 'owner', header: t('findings:field.owner'), render: (r) => r.ownerName ?? '—' },
          { key: 'state', header: t('findings:field.state'), render: (r) => <FindingStateBadges state={r.state} escalated={r.escalated} /> },
        ]}
      />
      {settings ? (
        <Card title={t('findings:settings.title')}>
          <p className={css.muted}>{t('findings:settings.intro')}</p>
          <Form method="post" {...getFormProps(form)} data-testid="finding-settings">
            <FormErrors errors={form.errors} />
            <input type="hidden" name="version" value={settings.version} />
            <div className={listCss.grid2}>
              <TextField
                label={t('findings:settings.name')}
                name="councilContactName"
                defaultValue={fields.councilContactName.initialValue as string | undefined}
                errors={fields.councilContactName.errors}
              />
              <TextField
                label={t('findings:settings.email')}
                name="councilContactEmail"
                type="email"
                defaultValue={fields.councilContactEmail.initialValue as string | undefined}
                errors={fields.councilContactEmail.errors}
              />
            </div>
            <FormActions>
              <Button type="submit">{t('action.save')}</Button>
            </FormActions>
          </Form>
        </Card>
      ) : null}
    </>
  )
}
