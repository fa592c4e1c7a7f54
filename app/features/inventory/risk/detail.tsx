import { lazy, type ReactNode, Suspense } from 'react'
import { useTranslation } from '#app/i18n/use-translation.ts'

import { Badge } from '#app/ui/badges.tsx'
import { Field } from '#app/ui/read-field.tsx'
import { EDITABLE_RISK_BLOCKS as EDITABLE_BLOCKS, RISK_ANSWERS, RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'
import * as kit from '#app/features/inventory/detail-page.tsx'
import type { Route } from './+types/detail'
import { riskDetail } from './routes.server.ts'
import type { BlockName } from './blocks.ts'
import { ScoreBadge } from '#app/ui/score-badge.tsx'
import type { EvaluationData } from './routes.server.ts'
import { formatDate } from '#app/i18n/config.ts'
import * as css from '#app/ui/register.css.ts'
import * as detailCss from '#app/ui/stepper.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export const loader = riskDetail.loader

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => `${data.found.risk.idkey} ${data.found.risk.title}` }

export const action = riskDetail.action

/** Where a risk carries its measures, links and documents. */
const ATTACH: kit.AttachDeclaration = {
  step: 'steering',
  id: 'risk',
  links: { title: 'links.processesOfRisk', otherBase: '/app/iks', testId: 'linked-processes' },
}

type LoaderData = Route.ComponentProps['loaderData']

export default function RiskDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { found, mode, extra } = loaderData
  const { risk } = found
  const attach = kit.useAttachments('risk', ATTACH, risk.id, extra, mode === 'write', actionData)
  return (
    <kit.StepperPage
      ns="risk"
      base="/app/risk"
      record={risk}
      badges={
        <span className={css.flags}>
          <Badge>{t(`risk:state.${risk.state}`)}</Badge>
          <ScoreBadge probability={found.probability} severity={found.severity} />
          {found.acceptedUntil ? (
            <span data-testid="risk-accepted">
              <Badge tone="success">{t('risk:acceptance.badge', { date: formatDate(found.acceptedUntil) })}</Badge>
            </span>
          ) : null}
        </span>
      }
      data={loaderData}
      actionData={actionData}
      editableBlocks={EDITABLE_BLOCKS}
      view={<BlockView data={loaderData} />}
      form={(lastResult) => <BlockForm data={loaderData} lastResult={lastResult} />}
      attach={attach}
    />
  )
}

// The evaluation step's chunk, loaded by the browser when the step is shown. The server renders it whole
// before it sends the page (entry.server.tsx inlines every boundary), so it shows without JavaScript too.
const EvaluationView = lazy(() => import('./evaluation-view.tsx'))

function BlockView({ data: d }: { data: LoaderData }) {
  const { t } = useTranslation()
  const { risk } = d.found
  switch (d.step) {
    case 'intro':
      return (
        <kit.IntroView
          ns="risk"
          record={risk}
          ownerName={d.found.ownerName}
          theme={
            <Field label={t('risk:field.theme')}>
              {d.found.themeNumber} {d.found.themeName}
            </Field>
          }
        >
          <Field label={t('risk:field.source')}>{risk.catalogId ? t('risk:field.fromCatalog') : t('risk:inventory.individual')}</Field>
        </kit.IntroView>
      )
    case 'analysis':
      return (
        <kit.FieldsView>
          <kit.TextViews ns="risk" record={risk} names={['description']} />
          <Field label={t('risk:field.relevance')}>{risk.relevance ? t(`risk:relevance.${risk.relevance}`) : '—'}</Field>
          <Field label={t('risk:field.strategic')}>
            <kit.YesNo value={risk.strategic} />
          </Field>
        </kit.FieldsView>
      )
    case 'evaluation': {
      // Its own chunk, loaded when the step is shown: the gross and net rating, the controls, KRIs and
      // acceptance beside it, and the score's chart are not part of the other steps' first load.
      return (
        <Suspense fallback={null}>
          <EvaluationView risk={risk} data={d.extra as unknown as EvaluationData} />
        </Suspense>
      )
    }
    case 'steering':
      return (
        <kit.FieldsView>
          <kit.TextViews ns="risk" record={risk} names={['reaction']} />
          <Field label={t('risk:field.answer')}>{risk.answer ? t(`risk:answer.${risk.answer}`) : '—'}</Field>
          <Field label={t('risk:field.measureNeeded')}>
            <kit.YesNo value={risk.measureNeeded} />
          </Field>
        </kit.FieldsView>
      )
    case 'dsg':
      return <kit.DsgView record={risk} />
    case 'monitoring':
      return (
        <kit.FieldsView>
          <kit.TextViews ns="risk" record={risk} names={['controlling']} />
        </kit.FieldsView>
      )
    default:
      return null
  }
}

function BlockForm({ data: d, lastResult }: { data: LoaderData; lastResult: unknown }) {
  const { t } = useTranslation()
  const { risk } = d.found
  const block = d.step as BlockName
  const { form, ...f } = kit.useBlockForm(`block-${block}-${risk.version}`, () => import('./blocks.ts').then((m) => m.blockFormSchema(block)), lastResult)
  let body: ReactNode = null
  switch (block) {
    case 'intro': {
      const { members } = d.extra as { members: { id: string; firstName: string; lastName: string }[] }
      body = <kit.IntroFields ns="risk" record={risk} members={members} states={RISK_STATES} f={f} />
      break
    }
    case 'analysis':
      body = (
        <>
          <kit.TextAreas ns="risk" record={risk} rows={{ description: 5 }} f={f} />
          <kit.ChoiceField
            label={t('risk:field.relevance')}
            name="relevance"
            value={risk.relevance}
            f={f}
            options={RISK_RELEVANCES.map((r) => ({ value: r, label: t(`risk:relevance.${r}`) }))}
          />
          <kit.CheckField label={t('risk:field.strategic')} name="strategic" value={risk.strategic} f={f} />
        </>
      )
      break
    case 'evaluation': {
      const { levels } = d.extra as unknown as EvaluationData
      const probability = levels.probability.map((l) => ({ value: l.id, label: `${l.ref} – ${l.name} (${l.range})` }))
      const severity = levels.severity.map((l) => ({ value: l.id, label: `${l.ref} – ${l.size} (${l.effect})` }))
      body = (
        <>
          <fieldset className={detailCss.fields}>
            <legend>{t('risk:evaluation.gross')}</legend>
            <kit.ChoiceField
              label={t('risk:field.grossProbability')}
              name="grossProbabilityLevelId"
              value={risk.grossProbabilityLevelId}
              f={f}
              options={probability}
            />
            <kit.ChoiceField label={t('risk:field.grossSeverity')} name="grossSeverityLevelId" value={risk.grossSeverityLevelId} f={f} options={severity} />
          </fieldset>
          <fieldset className={detailCss.fields}>
            <legend>{t('risk:evaluation.net')}</legend>
            <kit.ChoiceField label={t('risk:field.netProbability')} name="probabilityLevelId" value={risk.probabilityLevelId} f={f} options={probability} />
            <kit.ChoiceField label={t('risk:field.netSeverity')} name="severityLevelId" value={risk.severityLevelId} f={f} options={severity} />
          </fieldset>
        </>
      )
      break
    }
    case 'steering':
      body = (
        <>
          <kit.TextAreas ns="risk" record={risk} rows={{ reaction: 4 }} f={f} />
          <kit.ChoiceField
            label={t('risk:field.answer')}
            name="answer"
            value={risk.answer}
            f={f}
            options={RISK_ANSWERS.map((a) => ({ value: a, label: t(`risk:answer.${a}`) }))}
          />
          <kit.CheckField label={t('risk:field.measureNeeded')} name="measureNeeded" value={risk.measureNeeded} f={f} />
        </>
      )
      break
    case 'dsg':
      body = <kit.DsgFields checked={f.checked} record={risk} />
      break
    case 'monitoring':
      body = <kit.TextAreas ns="risk" record={risk} rows={{ controlling: 4 }} f={f} />
      break
  }
  return (
    <kit.BlockFormShell form={form} block={block} version={risk.version}>
      {body}
    </kit.BlockFormShell>
  )
}
