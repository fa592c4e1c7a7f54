import type { TFunction } from '#app/i18n/translate.ts'
import { type Cell, day } from '#app/utils/csv.server.ts'
import { formatDate } from '#models/core/dates.ts'
import type { DsgActivities } from './activities.server.ts'
import { activityNumber } from '#models/core/record-number.ts'

export type RecordActivity = Awaited<ReturnType<ReturnType<typeof DsgActivities.for>['all']>>[number]

/**
 * Every field of an activity as label and text, in the reader's language, in the order of Art. 12
 * para. 2 DSG: the CSV's and the XLSX's columns and the PDF's lines are these, so the exports hold
 * the same. A field with a typed value for the XLSX (a date) gives it as a third element.
 */
export function recordFields(t: TFunction) {
  const yes = t('common.yes')
  const no = t('common.no')
  const sensitive = t('dsg:processing.sensitiveMark')
  const fields: [label: string, value: (a: RecordActivity) => string, cell?: (a: RecordActivity) => Cell][] = [
    [t('dsg:processing.field.number'), (a) => activityNumber(a.idkey)],
    [t('dsg:processing.field.name'), (a) => a.name],
    [t('dsg:processing.field.purpose'), (a) => a.purpose],
    [t('dsg:processing.field.role'), (a) => t(`dsg:processing.role.${a.role}`)],
    [t('dsg:processing.field.responsible'), (a) => a.responsibleName ?? ''],
    [t('dsg:processing.field.dataSubjects'), (a) => a.dataSubjects],
    [t('dsg:processing.field.dataCategories'), (a) => a.dataCategories.map((c) => (c.sensitive ? `${c.name} (${sensitive})` : c.name)).join('; ')],
    [t('dsg:processing.field.sensitive'), (a) => (a.sensitive ? yes : no)],
    [t('dsg:processing.field.recipients'), (a) => a.recipients],
    [t('dsg:processing.field.abroad'), (a) => (a.abroad ? yes : no)],
    [t('dsg:processing.field.abroadCountries'), (a) => a.abroadCountries],
    [t('dsg:processing.field.abroadSafeguard'), (a) => (a.abroadSafeguard ? t(`dsg:processing.safeguard.${a.abroadSafeguard}`) : '')],
    [t('dsg:processing.field.abroadNote'), (a) => a.abroadNote],
    [t('dsg:processing.field.retention'), (a) => a.retention],
    [t('dsg:processing.field.security'), (a) => a.security],
    [t('dsg:processing.field.legalBasis'), (a) => a.legalBasis],
    [t('dsg:processing.section.risks'), (a) => a.risks.map((r) => `${r.idkey} ${r.title}`).join('; ')],
    [t('dsg:processing.section.processes'), (a) => a.processes.map((p) => `${p.idkey} ${p.title}`).join('; ')],
    [t('dsg:processing.field.state'), (a) => t(`dsg:processing.state.${a.state}`)],
    [t('dsg:processing.field.lastReviewedOn'), (a) => formatDate(a.lastReviewedOn), (a) => day(a.lastReviewedOn)],
    [t('dsg:processing.field.retiredOn'), (a) => formatDate(a.retiredOn), (a) => day(a.retiredOn)],
  ]
  return fields
}

/** The download's name without extension: "Bearbeitungsverzeichnis-2026-11-23". */
export function recordFileName(t: TFunction, today: string) {
  return `${t('dsg:processing.file')}-${today}`
}
