import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { Badge } from '#app/ui/badges.tsx'
import { Field } from '#app/ui/read-field.tsx'
import { EDITABLE_ICS_BLOCKS, ICS_RATINGS, ICS_STATES } from '#models/core/constants.ts'
import * as kit from '#app/features/inventory/detail-page.tsx'
import type { Route } from './+types/detail'
import { icsDetail } from './routes.server.ts'
import type { IcsBlockName } from './blocks.ts'
import * as css from '#app/ui/register.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

/**
 * The kit's stepper data; a process's page has always carried its step data at the top level
 * (the risk's under `extra`), and its tests read it there.
 */
export async function loader(args: Route.LoaderArgs) {
  const { extra, ...data } = await icsDetail.loader(args)
  return {
    ...data,
    members: extra.members ?? [],
    measures: extra.measures ?? [],
    owners: extra.owners ?? null,
    documents: extra.documents ?? [],
    linked: extra.linked ?? null,
    candidates: extra.candidates ?? [],
    today: extra.today ?? '',
  }
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => `${data.found.process.idkey} ${data.found.process.title}` }

export const action = icsDetail.action

/** Where a process carries its measures, links and documents. */
const ATTACH: kit.AttachDeclaration = {
  step: 'objectives',
  id: 'process',
  links: { title: 'links.risksOfProcess', otherBase: '/app/risk', testId: 'linked-risks' },
}

type LoaderData = Route.ComponentProps['loaderData']

export default function ProcessDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { found, mode } = loaderData
  const p = found.process
  const attach = kit.useAttachments('iks', ATTACH, p.id, loaderData, mode === 'write', actionData)
  return (
    <kit.StepperPage
      ns="iks"
      base="/app/iks"
      record={p}
      badges={<Badge>{t(`iks:state.${p.state}`)}</Badge>}
      subtitle={
        <p className={css.muted}>
          {found.mainNumber} {found.mainName}
          {found.subName ? ` · ${found.subKey} ${found.subName}` : ''}
        </p>
      }
      data={loaderData}
      actionData={actionData}
      editableBlocks={EDITABLE_ICS_BLOCKS}
      view={<BlockView data={loaderData} />}
      form={(lastResult) => <BlockForm data={loaderData} lastResult={lastResult} />}
      attach={attach}
    />
  )
}

function BlockView({ data: d }: { data: LoaderData }) {
  const { t } = useTranslation()
  const p = d.found.process
  const rating = (v: string | null) => (v ? t(`iks:rating.${v}`) : '—')
  switch (d.step) {
    case 'intro':
      return <kit.IntroView ns="iks" record={p} ownerName={d.found.ownerName} />
    case 'control':
      return (
        <kit.FieldsView>
          <kit.TextViews ns="iks" record={p} names={['description', 'controlTarget', 'controlActivity']} />
        </kit.FieldsView>
      )
    case 'assessment':
      return (
        <>
          <kit.FieldsView>
            <kit.TextViews ns="iks" record={p} names={['assessmentCurrentState']} />
            {RATED.map((k) => (
              <Field key={k} label={t(`iks:field.${k}`)}>
                {rating(p[k])}
              </Field>
            ))}
          </kit.FieldsView>
          {/* The year's execution results beside the rating (issue 25), from the executions feature's index route. */}
          <Outlet />
        </>
      )
    case 'objectives':
      return (
        <kit.FieldsView>
          <kit.TextViews ns="iks" record={p} names={['furtherObjectives']} />
          <Field label={t('risk:field.measureNeeded')}>
            <kit.YesNo value={p.measureNeeded} />
          </Field>
        </kit.FieldsView>
      )
    case 'dsg':
      return <kit.DsgView record={p} />
    case 'execution':
      // The plan and the executions (issue 25): the executions feature's index route below this one (app/routes.ts).
      return <Outlet />
    default:
      return null
  }
}

const RATED = ['effectiveness', 'traceability', 'efficiency'] as const

function BlockForm({ data: d, lastResult }: { data: LoaderData; lastResult: unknown }) {
  const { t } = useTranslation()
  const p = d.found.process
  const block = d.step as IcsBlockName
  const { form, ...f } = kit.useBlockForm(`ics-${block}-${p.version}`, () => import('./blocks.ts').then((m) => m.icsBlockFormSchema(block)), lastResult)
  const ratingOptions = ICS_RATINGS.map((r) => ({ value: r, label: t(`iks:rating.${r}`) }))
  let body: ReactNode = null
  switch (block) {
    case 'intro':
      body = <kit.IntroFields ns="iks" record={p} members={d.members} states={ICS_STATES} f={f} />
      break
    case 'control':
      body = <kit.TextAreas ns="iks" record={p} rows={{ description: 4, controlTarget: 3, controlActivity: 4 }} f={f} />
      break
    case 'assessment':
      body = (
        <>
          <kit.TextAreas ns="iks" record={p} rows={{ assessmentCurrentState: 4 }} f={f} />
          {RATED.map((k) => (
            <kit.ChoiceField key={k} label={t(`iks:field.${k}`)} name={k} value={p[k]} f={f} options={ratingOptions} />
          ))}
        </>
      )
      break
    case 'objectives':
      body = (
        <>
          <kit.TextAreas ns="iks" record={p} rows={{ furtherObjectives: 4 }} f={f} />
          <kit.CheckField label={t('risk:field.measureNeeded')} name="measureNeeded" value={p.measureNeeded} f={f} />
        </>
      )
      break
    case 'dsg':
      body = <kit.DsgFields checked={f.checked} record={p} />
      break
  }
  return (
    <kit.BlockFormShell form={form} block={block} version={p.version}>
      {body}
    </kit.BlockFormShell>
  )
}
