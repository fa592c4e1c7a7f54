/*
 * What the template pages show and offer, without any validation (zod is loaded only when a form is
 * touched, app/utils/lazy-validate.ts).
 */

export const LIST = '/app/sadmin/dsg'

/** The texts kept once per language; the name is one line and required, the others are longer. */
export const TEXTS = [
  { field: 'name', label: 'dsg:templates.field.name', multiline: false, required: true },
  { field: 'purpose', label: 'dsg:templates.field.purpose', multiline: true, required: false },
  { field: 'dataSubjects', label: 'dsg:templates.field.dataSubjects', multiline: true, required: false },
  { field: 'recipients', label: 'dsg:templates.field.recipients', multiline: true, required: false },
  { field: 'retention', label: 'dsg:templates.field.retention', multiline: true, required: false },
  { field: 'security', label: 'dsg:templates.field.security', multiline: true, required: false },
  { field: 'legalBasis', label: 'dsg:templates.field.legalBasis', multiline: true, required: false },
] as const

/** Blank category lines a form offers at least (one more than it holds otherwise). */
export const MIN_CATEGORY_LINES = 3
/** The button that adds a category line: in the browser at once, without JavaScript through the server. */
export const ADD_CATEGORY = 'addCategory'
