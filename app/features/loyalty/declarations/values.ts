/*
 * The declaration form's values as typed, without zod (the pages' components use these in the
 * browser; schema.ts holds the checks, which only the server runs).
 */

/** A declaration's number as people cite it: "LE-12" (decision 0043). */
export { declarationNumber } from '#models/core/record-number.ts'

/** At most this many rows of interests, and of advantages. */
export const MAX_ROWS = 50

/** The intents that add a row (the form posts them without JavaScript; the page answers with one row more). */
export const ROW_INTENTS = ['addInterest', 'addAdvantage'] as const
export type RowIntent = (typeof ROW_INTENTS)[number]
export const isRowIntent = (v: unknown): v is RowIntent => (ROW_INTENTS as readonly unknown[]).includes(v)

/** The form's values as typed (strings and ticks), for showing the form again. */
export type DeclarationValues = {
  interests: { kind: string; organisation: string; description: string }[]
  advantages: { description: string; amount: string; handedOverTo: string }[]
  noInterests: boolean
  advantagesConfirmed: boolean
  ownAccountConfirmed: boolean
  remarks: string
  signedName: string
  signedOn: string
}

const str = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v.slice(0, 5000) : '')
const ticked = (v: FormDataEntryValue | null) => v === 'on' || v === 'true'

/** The rows a form posted (as many as it had, empty ones kept), without checking anything. */
export function draftOf(form: FormData): DeclarationValues {
  const count = (prefix: string) => {
    let n = 0
    for (const name of form.keys()) {
      const m = new RegExp(`^${prefix}\\[(\\d{1,3})\\]\\.`).exec(name)
      if (m) n = Math.max(n, Number(m[1]) + 1)
    }
    return Math.min(n, MAX_ROWS)
  }
  return {
    interests: Array.from({ length: count('interests') }, (_, i) => ({
      kind: str(form.get(`interests[${i}].kind`)),
      organisation: str(form.get(`interests[${i}].organisation`)),
      description: str(form.get(`interests[${i}].description`)),
    })),
    advantages: Array.from({ length: count('advantages') }, (_, i) => ({
      description: str(form.get(`advantages[${i}].description`)),
      amount: str(form.get(`advantages[${i}].amount`)),
      handedOverTo: str(form.get(`advantages[${i}].handedOverTo`)),
    })),
    noInterests: ticked(form.get('noInterests')),
    advantagesConfirmed: ticked(form.get('advantagesConfirmed')),
    ownAccountConfirmed: ticked(form.get('ownAccountConfirmed')),
    remarks: str(form.get('remarks')),
    signedName: str(form.get('signedName')).slice(0, 200),
    signedOn: str(form.get('signedOn')).slice(0, 20),
  }
}

/** The posted form with one row more where its intent asks for it. */
export function withRowAdded(values: DeclarationValues, intent: RowIntent): DeclarationValues {
  if (intent === 'addInterest' && values.interests.length < MAX_ROWS)
    return { ...values, interests: [...values.interests, { kind: '', organisation: '', description: '' }] }
  if (intent === 'addAdvantage' && values.advantages.length < MAX_ROWS)
    return { ...values, advantages: [...values.advantages, { description: '', amount: '', handedOverTo: '' }] }
  return values
}

/** A saved declaration as the form's values. */
export function valuesOf(d: {
  interests: { kind: string; organisation: string; description: string }[]
  advantages: { description: string; amount: string; handedOverTo: string }[]
  noInterests: boolean
  advantagesConfirmed: boolean
  ownAccountConfirmed: boolean
  remarks: string
  signedName: string
}): DeclarationValues {
  return {
    interests: d.interests.map((r) => ({ kind: r.kind, organisation: r.organisation, description: r.description })),
    advantages: d.advantages.map((r) => ({ description: r.description, amount: r.amount, handedOverTo: r.handedOverTo })),
    noInterests: d.noInterests,
    advantagesConfirmed: d.advantagesConfirmed,
    ownAccountConfirmed: d.ownAccountConfirmed,
    remarks: d.remarks,
    signedName: d.signedName,
    signedOn: '',
  }
}
