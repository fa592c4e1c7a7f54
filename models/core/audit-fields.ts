/*
 * How the fields of audit entries read in a history (decision 0034): each feature states the fields of
 * its own audit components beside its code (its `audit-fields.ts`), in the shape below; the readable
 * history (app/accountability) joins them.
 */

/** How a field's values read: as they are, an enum's label, yes/no, a date, an id resolved to a name, or a record's number (decision 0043). */
export type FieldKind = 'text' | 'bool' | 'date' | 'ref' | 'list' | 'categories' | { enum: string } | ((idkey: number | string) => string)
export type FieldSpec = { label: string; kind?: FieldKind; dsg?: boolean }
/** One component's fields; null: kept by the audit for the machine, not shown. */
export type FieldTable = Record<string, FieldSpec | null>
/** The field tables of the components a feature writes (the `component` of writeAudit). */
export type AuditFields = Record<string, FieldTable>

/** A key prefix of common's enum labels (a prefix, not a key: the key test reads whole quoted keys). */
export const prefix = (...parts: string[]) => parts.join('.')

/** The data protection block of a risk or ICS process. */
export const dsgBlock: FieldTable = {
  dsgRelevant: { label: 'risk:field.dsgRelevant', kind: 'bool', dsg: true },
  hasPersonalData: { label: 'risk:field.hasPersonalData', kind: 'bool', dsg: true },
  hasProtectableData: { label: 'risk:field.hasProtectableData', kind: 'bool', dsg: true },
  dsgMeasureNeeded: { label: 'risk:field.dsgMeasureNeeded', kind: 'bool', dsg: true },
}

/** Kept by the audit for the machine, not shown. */
export const technical: FieldTable = {
  id: null,
  customerId: null,
  catalogId: null,
  version: null,
  block: null,
  createdAt: null,
  updatedAt: null,
  previousId: null,
  templateId: null,
}
