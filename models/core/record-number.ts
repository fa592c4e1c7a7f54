/**
 * How each kind of record is numbered wherever a person reads it: lists, selects, titles, the
 * history and audit trail, mails, PDFs and the CSV/XLSX exports (decision 0043). One formatter per
 * kind, the same prefix in every language, so an auditor finds "DB-4" in the breach log, the
 * trail and the mail alike. Risks and ICS processes keep their catalogue number ("02.07",
 * "01.1.02", "02.07_P") as it is: it has no prefix and no other kind looks like it.
 * Plain functions without imports: server and browser code use them.
 */

type Id = number | string

/** The prefix of each kind (SQL that must name a record, such as the history's, builds on these). */
export const RECORD_PREFIX = {
  measure: 'M',
  activity: 'V',
  breach: 'DB',
  request: 'DR',
  execution: 'KD',
  relatedTransaction: 'RG',
  declaration: 'LE',
  provider: 'DL',
  incident: 'VF',
  finding: 'FS',
  decision: 'SB',
} as const

/** A measure: "M-23", a later round of a recurring one "M-23/2". */
export function measureNumber(idkey: Id, iteration = 1): string {
  return `${RECORD_PREFIX.measure}-${idkey}${Number(iteration) > 1 ? `/${iteration}` : ''}`
}

/** A processing activity (Verarbeitungstätigkeit): "V-6". */
export function activityNumber(idkey: Id): string {
  return `${RECORD_PREFIX.activity}-${idkey}`
}

/** A data security breach: "DB-4" (data breach). */
export function breachNumber(idkey: Id): string {
  return `${RECORD_PREFIX.breach}-${idkey}`
}

/** A data subject's request: "DR-3" (data subject request). */
export function requestNumber(idkey: Id): string {
  return `${RECORD_PREFIX.request}-${idkey}`
}

/** A control execution (Kontrolldurchführung): "KD-17". */
export function executionNumber(idkey: Id): string {
  return `${RECORD_PREFIX.execution}-${idkey}`
}

/** A legal transaction with a related party (Rechtsgeschäft): "RG-4". */
export function relatedTransactionNumber(idkey: Id): string {
  return `${RECORD_PREFIX.relatedTransaction}-${idkey}`
}

/** A loyalty declaration (Loyalitätserklärung): "LE-12". */
export function declarationNumber(idkey: Id): string {
  return `${RECORD_PREFIX.declaration}-${idkey}`
}

/** The running number in a search text such as "M-12", "m12" or "12" for `prefix` "M"; undefined when it is none. */
export function numberFromSearch(q: string, prefix: string): number | undefined {
  const n = Number(q.trim().replace(new RegExp(`^${prefix}-?`, 'i'), ''))
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** A change of persons reported to the supervisor (Personenwechsel): "PW-2". */
export function personChangeNumber(idkey: Id): string {
  return `PW-${idkey}`
}

/** A provider (Dienstleister): "DL-3". */
export function providerNumber(idkey: Id): string {
  return `${RECORD_PREFIX.provider}-${idkey}`
}

/** An incident at a provider (Vorfall): "VF-2". */
export function incidentNumber(idkey: Id): string {
  return `${RECORD_PREFIX.incident}-${idkey}`
}

/** A finding of the auditor, the expert, the supervisor or the internal review (Feststellung): "FS-5". */
export function findingNumber(idkey: Id): string {
  return `${RECORD_PREFIX.finding}-${idkey}`
}

/** A decision of the foundation council (Stiftungsratsbeschluss): "SB-7". */
export function decisionNumber(idkey: Id): string {
  return `${RECORD_PREFIX.decision}-${idkey}`
}
