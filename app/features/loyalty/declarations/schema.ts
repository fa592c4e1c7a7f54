import { z } from 'zod'
import { checkbox, dateField, M, optionalString } from '#app/utils/validation.ts'
import { parseAmount as parseSwissAmount } from '#models/core/amount.ts'
import { INTEREST_KINDS, type InterestKind } from '#models/core/constants.ts'
import { MAX_ROWS } from './values.ts'

/*
 * The declaration's form (issue 26): interests and advantages as repeatable rows, the two
 * confirmations, "no interests", remarks and the typed name. The same form in the app, on the personal
 * link's page and, with the day signed and the scan, for a paper declaration. The service checks the
 * same rules again (declarations.server.ts): it is the authority, this gives the form its messages.
 */

/** An amount in CHF as typed ("1'200.50", "1200", "1 200,50", "CHF 500.–") → "1200.50"; null when it is none (the house's one reading, models/core/amount.ts). */
export function parseAmount(value: string): string | null {
  return parseSwissAmount(value) ?? null
}

const rows = <T extends z.ZodType>(row: T) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((r) => r && typeof r === 'object' && Object.values(r).some((x) => typeof x === 'string' && x.trim())) : []),
    z.array(row).max(MAX_ROWS, M.tooLong),
  )

const interestRow = z.object({
  kind: z.enum(INTEREST_KINDS, { error: 'loyalty:declare.validation.kind' }),
  organisation: optionalString(300),
  description: optionalString(2000),
})

const advantageRow = z.object({
  description: optionalString(1000),
  amount: optionalString(30),
  handedOverTo: optionalString(300),
})

/** What the person declares (the same for every channel). */
const declarationFields = {
  interests: rows(interestRow),
  noInterests: checkbox(),
  advantagesConfirmed: checkbox(),
  advantages: rows(advantageRow),
  ownAccountConfirmed: checkbox(),
  remarks: optionalString(5000),
  signedName: optionalString(200),
}

type Values = {
  interests: { kind: InterestKind; organisation: string; description: string }[]
  noInterests: boolean
  advantagesConfirmed: boolean
  advantages: { description: string; amount: string; handedOverTo: string }[]
  ownAccountConfirmed: boolean
  signedName: string
}

/** The rules of a signature, as form messages (the service refuses the same). */
function refineDeclaration(v: Values, ctx: z.RefinementCtx, sign: boolean) {
  v.interests.forEach((r, i) => {
    if (!r.organisation && !r.description) ctx.addIssue({ code: 'custom', path: ['interests', i, 'description'], message: M.required })
  })
  v.advantages.forEach((r, i) => {
    if (!r.description) ctx.addIssue({ code: 'custom', path: ['advantages', i, 'description'], message: M.required })
    if (r.amount && parseAmount(r.amount) === null)
      ctx.addIssue({ code: 'custom', path: ['advantages', i, 'amount'], message: 'loyalty:declare.validation.amount' })
    if (sign && !r.amount) ctx.addIssue({ code: 'custom', path: ['advantages', i, 'amount'], message: M.required })
    if (sign && !r.handedOverTo) ctx.addIssue({ code: 'custom', path: ['advantages', i, 'handedOverTo'], message: M.required })
  })
  if (v.noInterests && v.interests.length) ctx.addIssue({ code: 'custom', path: ['noInterests'], message: 'loyalty:declare.validation.interestsAndNone' })
  if (!sign) return
  if (!v.noInterests && !v.interests.length) ctx.addIssue({ code: 'custom', path: ['noInterests'], message: 'loyalty:declare.validation.interestsOrNone' })
  if (!v.advantagesConfirmed) ctx.addIssue({ code: 'custom', path: ['advantagesConfirmed'], message: 'loyalty:declare.validation.confirm' })
  if (!v.ownAccountConfirmed) ctx.addIssue({ code: 'custom', path: ['ownAccountConfirmed'], message: 'loyalty:declare.validation.confirm' })
  if (!v.signedName) ctx.addIssue({ code: 'custom', path: ['signedName'], message: 'loyalty:declare.validation.signedName' })
}

/** The person's own form: a draft ('save') or signed ('sign'). */
export const declarationSchema = z
  .object({ intent: z.enum(['save', 'sign']), ...declarationFields })
  .superRefine((v, ctx) => refineDeclaration(v, ctx, v.intent === 'sign'))

/** A paper declaration recorded by an admin: signed on a day, with the scan (the file comes beside it). */
export const paperSchema = z
  .object({ intent: z.literal('paper'), ...declarationFields, signedOn: dateField() })
  .superRefine((v, ctx) => refineDeclaration(v, ctx, true))
