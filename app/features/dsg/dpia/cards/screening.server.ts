import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import { screenSchema } from '../schema.ts'
import { type IntentContext, runForm } from './intent.server.ts'

/** A screening without a reason but required by law gets the law as its reason, in the user's language. */
export async function screen(ctx: IntentContext) {
  const t = getFixedT(await getLocale(ctx.request))
  return runForm(ctx, 'screen', screenSchema, ({ activityId: _a, version, withdrawApproval, ...answers }) =>
    ctx.dpias.screen(
      ctx.found.activity.id,
      { ...answers, notRequiredReason: answers.notRequiredReason || (answers.requiredByLaw ? t('dsg:dpia.screening.lawReason') : '') },
      version,
      withdrawApproval,
    ),
  )
}
