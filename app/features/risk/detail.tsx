import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '#app/ui/badges.tsx'
import { Field } from '#app/ui/stepper.tsx'
import { TagsField } from '#app/ui/tags-field.tsx'
import { Alert, CheckboxField, SelectField, TextField } from '#app/ui/fields.tsx'
import { EDITABLE_RISK_BLOCKS as EDITABLE_BLOCKS, RISK_ANSWERS, RISK_RELEVANCES, RISK_STATES } from '#models/core/constants.ts'
import {
  AttachedDocuments,
  AttachedLinks,
  AttachedMeasures,
  BlockFormShell,
  DsgFields,
  DsgView,
  StepperPage,
  useBlockForm,
} from '#app/features/inventory/detail-page.tsx'
import type { Route } from './+types/detail'
import { riskDetail } from './routes.server.ts'
import { type BlockName, blockFormSchema } from './blocks.ts'
import { RiskMap } from './risk-map.tsx'
import { isHighScore } from '#models/core/risk-score.ts'
import { ScoreBadge } from './score-badge.tsx'
import * as css from './risk.css.ts'
import * as detailCss from '#app/ui/stepper.css.ts'
import type { TitleHandle } from '#app/ui/page-title.tsx'

export async function loader(args: Route.LoaderArgs) {
  return riskDetail.loader(args)
}

export const handle: TitleHandle = { title: (data: Route.ComponentProps['loaderData']) => `${data.found.risk.idkey} ${data.found.risk.title}` }

export async function action(args: Route.ActionArgs) {
  return riskDetail.action(args)
}

type LoaderData = Route.ComponentProps['loaderData']

export default function RiskDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { found, mode, extra } = loaderData
  const { risk } = found
  return (
    <StepperPage
      ns="risk"
      base="/app/risk"
      record={risk}
      badges={
        <span className={css.flags}>
          <Badge>{t(`risk:state.${risk.state}`)}</Badge>
          <ScoreBadge probability={found.probability} severity={found.severity} />
        </span>
      }
      data={loaderData}
      actionData={actionData}
      editableBlocks={EDITABLE_BLOCKS}
      view={<BlockView data={loaderData} />}
      form={(lastResult) => <BlockForm data={loaderData} lastResult={lastResult} />}
      attach={{
        step: 'steering',
        measures: (
          <AttachedMeasures
            id="risk"
            heading={t('risk:steering.measures')}
            tab="risk"
            returnTo={`/app/risk/${risk.id}?step=steering`}
            measures={extra.measures ?? []}
            owners={extra.owners ?? null}
            today={extra.today ?? ''}
            canEdit={mode === 'write'}
            result={actionData && 'measureResult' in actionData ? actionData.measureResult : undefined}
          />
        ),
        links: (
          <AttachedLinks
            title={t('links.processesOfRisk')}
            items={extra.linked}
            candidates={extra.candidates}
            otherBase="/app/iks"
            canEdit={mode === 'write'}
            testId="linked-processes"
          />
        ),
        documents: (
          <AttachedDocuments
            id="risk-document"
            documents={extra.documents ?? []}
            canEdit={mode === 'write'}
            result={actionData && 'documentResult' in actionData ? actionData.documentResult : undefined}
          />
        ),
      }}
    />
  )
}

function yes(t: (k: string) => string, v: boolean) {
  return v ? t('common.yes') : t('common.no')
}

function BlockView({ data: d }: { data: LoaderData }) {
  const { t } = useTranslation()
  const { risk } = d.found
  const text = (v: string) => (v ? <span className={detailCss.pre}>{v}</span> : <span className={css.muted}>—</span>)
  switch (d.step) {
    case 'intro':
      return (
        <dl className={detailCss.fields}>
          <Field label={t('risk:field.idkey')}>{risk.idkey}</Field>
          <Field label={t('risk:field.theme')}>
            {d.found.themeNumber} {d.found.themeName}
          </Field>
          <Field label={t('risk:field.title')}>{risk.title}</Field>
          <Field label={t('risk:field.owner')}>{d.found.ownerName ?? '—'}</Field>
          <Field label={t('risk:field.state')}>{t(`risk:state.${risk.state}`)}</Field>
          <Field label={t('risk:field.tags')}>{risk.tags.length ? risk.tags.map((tag) => <Badge key={tag}>{tag}</Badge>) : '—'}</Field>
          <Field label={t('risk:field.source')}>{risk.catalogId ? t('risk:field.fromCatalog') : t('risk:inventory.individual')}</Field>
        </dl>
      )
    case 'analysis':
      return (
        <dl className={detailCss.fields}>
          <Field label={t('risk:field.description')}>{text(risk.description)}</Field>
          <Field label={t('risk:field.relevance')}>{risk.relevance ? t(`risk:relevance.${risk.relevance}`) : '—'}</Field>
          <Field label={t('risk:field.strategic')}>{yes(t, risk.strategic)}</Field>
        </dl>
      )
    case 'evaluation': {
      const levels = (
        d.extra as {
          levels: {
            probability: { id: string; ref: number; name: string; range: string }[]
            severity: { id: string; ref: number; size: string; effect: string }[]
          }
        }
      ).levels
      const p = levels.probability.find((l) => l.id === risk.probabilityLevelId)
      const s = levels.severity.find((l) => l.id === risk.severityLevelId)
      return (
        <div className={detailCss.evaluation}>
          <dl className={detailCss.fields}>
            <Field label={t('risk:field.probability')}>{p ? `${p.ref} – ${p.name} (${p.range})` : '—'}</Field>
            <Field label={t('risk:field.severity')}>{s ? `${s.ref} – ${s.size} (${s.effect})` : '—'}</Field>
            <Field label={t('risk:field.score')}>
              <ScoreBadge probability={p?.ref ?? null} severity={s?.ref ?? null} />
            </Field>
          </dl>
          <div className={css.smallMap}>
            <RiskMap
              caption={t('risk:evaluation.position')}
              probability={levels.probability.map((l) => ({ ref: l.ref, label: '' }))}
              severity={levels.severity.map((l) => ({ ref: l.ref, label: '' }))}
              counts={[]}
              current={{ probability: p?.ref ?? null, severity: s?.ref ?? null }}
              linkCells={false}
            />
          </div>
          {p && s && isHighScore(p.ref, s.ref) && !risk.measureNeeded ? (
            <Alert tone="warning">
              {t('risk:evaluation.highWithoutMeasure')} <Link to="?step=steering">{t('risk:block.steering')}</Link>
            </Alert>
          ) : null}
        </div>
      )
    }
    case 'steering':
      return (
        <dl className={detailCss.fields}>
          <Field label={t('risk:field.reaction')}>{text(risk.reaction)}</Field>
          <Field label={t('risk:field.answer')}>{risk.answer ? t(`risk:answer.${risk.answer}`) : '—'}</Field>
          <Field label={t('risk:field.measureNeeded')}>{yes(t, risk.measureNeeded)}</Field>
        </dl>
      )
    case 'dsg':
      return <DsgView record={risk} />
    case 'monitoring':
      return (
        <dl className={detailCss.fields}>
          <Field label={t('risk:field.controlling')}>{text(risk.controlling)}</Field>
        </dl>
      )
    default:
      return null
  }
}

function BlockForm({ data: d, lastResult }: { data: LoaderData; lastResult: unknown }) {
  const { t } = useTranslation()
  const { risk } = d.found
  const block = d.step as BlockName
  const { form, err, initial, checked } = useBlockForm(`block-${block}-${risk.version}`, blockFormSchema(block), lastResult)
  let body: ReactNode = null
  switch (block) {
    case 'intro': {
      const members = (d.extra as { members: { id: string; firstName: string; lastName: string }[] }).members
      body = (
        <>
          <TextField label={t('risk:field.title')} name="title" defaultValue={initial('title', risk.title)} errors={err('title')} isRequired />
          <SelectField
            label={t('risk:field.owner')}
            name="ownerUserId"
            defaultValue={initial('ownerUserId', risk.ownerUserId ?? '')}
            errors={err('ownerUserId')}
            options={[{ value: '', label: '—' }, ...members.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` }))]}
          />
          <SelectField
            label={t('risk:field.state')}
            name="state"
            defaultValue={initial('state', risk.state)}
            errors={err('state')}
            isRequired
            options={RISK_STATES.map((s) => ({ value: s, label: t(`risk:state.${s}`) }))}
          />
          <TagsField name="tags" label={t('risk:field.tags')} defaultValue={risk.tags} />
        </>
      )
      break
    }
    case 'analysis':
      body = (
        <>
          <TextField
            label={t('risk:field.description')}
            name="description"
            multiline
            rows={5}
            defaultValue={initial('description', risk.description)}
            errors={err('description')}
          />
          <SelectField
            label={t('risk:field.relevance')}
            name="relevance"
            defaultValue={initial('relevance', risk.relevance ?? '')}
            errors={err('relevance')}
            options={[{ value: '', label: '—' }, ...RISK_RELEVANCES.map((r) => ({ value: r, label: t(`risk:relevance.${r}`) }))]}
          />
          <CheckboxField label={t('risk:field.strategic')} name="strategic" defaultChecked={checked('strategic', risk.strategic)} />
        </>
      )
      break
    case 'evaluation': {
      const levels = (
        d.extra as {
          levels: {
            probability: { id: string; ref: number; name: string; range: string }[]
            severity: { id: string; ref: number; size: string; effect: string }[]
          }
        }
      ).levels
      body = (
        <>
          <SelectField
            label={t('risk:field.probability')}
            name="probabilityLevelId"
            defaultValue={initial('probabilityLevelId', risk.probabilityLevelId ?? '')}
            errors={err('probabilityLevelId')}
            options={[{ value: '', label: '—' }, ...levels.probability.map((l) => ({ value: l.id, label: `${l.ref} – ${l.name} (${l.range})` }))]}
          />
          <SelectField
            label={t('risk:field.severity')}
            name="severityLevelId"
            defaultValue={initial('severityLevelId', risk.severityLevelId ?? '')}
            errors={err('severityLevelId')}
            options={[{ value: '', label: '—' }, ...levels.severity.map((l) => ({ value: l.id, label: `${l.ref} – ${l.size} (${l.effect})` }))]}
          />
        </>
      )
      break
    }
    case 'steering':
      body = (
        <>
          <TextField
            label={t('risk:field.reaction')}
            name="reaction"
            multiline
            rows={4}
            defaultValue={initial('reaction', risk.reaction)}
            errors={err('reaction')}
          />
          <SelectField
            label={t('risk:field.answer')}
            name="answer"
            defaultValue={initial('answer', risk.answer ?? '')}
            errors={err('answer')}
            options={[{ value: '', label: '—' }, ...RISK_ANSWERS.map((a) => ({ value: a, label: t(`risk:answer.${a}`) }))]}
          />
          <CheckboxField label={t('risk:field.measureNeeded')} name="measureNeeded" defaultChecked={checked('measureNeeded', risk.measureNeeded)} />
        </>
      )
      break
    case 'dsg':
      body = <DsgFields checked={checked} record={risk} />
      break
    case 'monitoring':
      body = (
        <TextField
          label={t('risk:field.controlling')}
          name="controlling"
          multiline
          rows={4}
          defaultValue={initial('controlling', risk.controlling)}
          errors={err('controlling')}
        />
      )
      break
  }
  return (
    <BlockFormShell form={form} block={block} version={risk.version}>
      {body}
    </BlockFormShell>
  )
}
