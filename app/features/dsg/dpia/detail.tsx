import { data, Outlet } from 'react-router'
import { forbidden } from '#app/auth/guards.server.ts'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { useTranslation } from '#app/i18n/use-translation.ts'
import { AppLink } from '#app/ui/app-link.tsx'
import { LinkButton } from '#app/ui/button.tsx'
import { useDialogOutlet } from '#app/ui/dialog-outlet.ts'
import { Alert } from '#app/ui/fields.tsx'
import type { TitleHandle } from '#app/ui/page-title.tsx'
import * as css from '#app/ui/register.css.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { activityNumber } from '#models/core/record-number.ts'
import type { Route } from './+types/detail'
import { ApprovalCard } from './cards/approval.tsx'
import { approve } from './cards/approval.server.ts'
import { AssessmentCard } from './cards/assessment.tsx'
import { saveAssessment } from './cards/assessment.server.ts'
import type { IntentContext, IntentReply } from './cards/intent.server.ts'
import { MeasuresCard } from './cards/measures.tsx'
import { linkMeasure, unlinkMeasure } from './cards/measures.server.ts'
import { RisksCard } from './cards/risks.tsx'
import { removeRisk, saveRisk } from './cards/risks.server.ts'
import { ScreeningCard } from './cards/screening.tsx'
import { screen } from './cards/screening.server.ts'
import { type Intent, INTENTS, type Results } from './cards/shared.tsx'
import { DsgDpias } from './dpias.server.ts'
import { DpiaStateBadge } from './state-badge.tsx'

const dpia = recordRoute({
  service: (access) => DsgDpias.for(access),
  get: (dpias, id) => dpias.get(id),
  mayAny: (dpias) => dpias.mayRead,
})

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { service: dpias, record: found } = await requireRecord({ request, context }, params.id, dpia)
  const choices = await dpias.choices(params.id)
  return { ...found, choices, canWrite: dpias.mayWrite, today: todayInZurich() }
}

export const handle: TitleHandle = { title: (d: Route.ComponentProps['loaderData']) => d.activity.name }

/** Which card's handler runs for each intent; the handlers live beside their cards in `cards/*.server.ts`. */
const HANDLERS: Record<Intent, (ctx: IntentContext) => IntentReply> = {
  screen,
  assessment: saveAssessment,
  saveRisk,
  removeRisk,
  approve,
  link: linkMeasure,
  unlink: unlinkMeasure,
}

/** Each part of the page is a form of its own; the reply is keyed by the form, so a refused save keeps its input there. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { service: dpias, record: found } = await requireRecord({ request, context }, params.id, dpia)
  if (!dpias.mayWrite) forbidden(request)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '') as Intent
  if (!INTENTS.includes(intent)) return data({ error: 'intent' }, { status: 400 })
  return HANDLERS[intent]({ request, formData, id: params.id, dpias, found })
}

export default function DpiaDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { outlet, standalone } = useDialogOutlet()
  if (standalone) return outlet
  const d = loaderData
  const results = (actionData ?? {}) as Results
  const required = d.dpia.state === 'open' || d.dpia.state === 'approved'
  return (
    <>
      <div className={css.head}>
        <h1>{d.activity.name}</h1>
        {d.canWrite ? (
          <LinkButton to={`/app/dsg/dpia/${d.dpia.id}/delete`} variant="secondary" preventScrollReset>
            {t('action.delete')}
          </LinkButton>
        ) : null}
      </div>
      <p className={css.flags}>
        <DpiaStateBadge state={d.dpia.state} />
        <span>
          {t('dsg:dpia.field.activity')}:{' '}
          <AppLink to={`/app/dsg/processing/${d.activity.id}`}>{`${activityNumber(d.activity.idkey)} ${d.activity.name}`}</AppLink>
        </span>
        <AppLink to="/app/dsg/dpia">{t('dsg:dpia.backToList')}</AppLink>
      </p>
      {d.canWrite && d.dpia.state === 'approved' ? (
        <div data-testid="dpia-approved-warning">
          <Alert tone="warning">{t('dsg:dpia.approval.editWithdraws')}</Alert>
        </div>
      ) : null}
      <ScreeningCard d={d} result={results.screen} />
      {required ? (
        <>
          <AssessmentCard d={d} result={results.assessment} />
          <RisksCard d={d} results={results} />
          <MeasuresCard d={d} result={results.link} />
          <ApprovalCard d={d} result={results.approve} />
        </>
      ) : null}
      <Outlet />
    </>
  )
}
