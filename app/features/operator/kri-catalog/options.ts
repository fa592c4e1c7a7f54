/*
 * What the KRI catalogue pages show and offer, without any validation (zod is loaded only when a form is
 * touched, app/utils/lazy-validate.ts).
 */

export const LIST = '/app/sadmin/kris'

/** The texts kept once per language; the name is one line and required, the description longer. */
export const TEXTS = [
  { field: 'name', label: 'catalogs:kris.field.name', multiline: false, required: true },
  { field: 'description', label: 'catalogs:kris.field.description', multiline: true, required: false },
] as const
