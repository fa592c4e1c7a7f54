import { logSensitiveActivities } from '#models/core/read-log.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { getFixedT } from '#app/i18n/resources.server.ts'
import type { TFunction } from '#app/i18n/translate.ts'
import { todayInZurich } from '#models/core/dates.ts'
import type { DsgActivities } from './activities.server.ts'
import { recordFileName } from './export.server.ts'
import { requireActivities } from './guard.server.ts'
import { recordPdf } from './pdf.server.ts'
import { parseActivityQuery } from './query.server.ts'
import type { Route } from './+types/export-pdf'
import { attachment } from '#app/utils/content-disposition.ts'

/** The record as a PDF in the reader's language, to hand to the FDPIC on request: the whole, or what the list's filter shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { access, activities } = await requireActivities({ request, context }, 'read')
  const t = getFixedT(await getLocale(request))
  const today = todayInZurich()
  const { filter } = parseActivityQuery(new URL(request.url))
  const all = await activities.all(filter, today)
  await logSensitiveActivities(access, all, request)
  const pdf = await recordPdf({ t, fund: access.customer.name, today, activities: all, filter: await filterWords(t, filter, activities) })
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachment(`${recordFileName(t, today)}.pdf`),
      'Content-Length': String(pdf.length),
      'Cache-Control': 'no-store',
    },
  })
}

/** The list's filter in words for the PDF's head, so a filtered extract does not pass for the whole record. */
async function filterWords(t: TFunction, filter: ReturnType<typeof parseActivityQuery>['filter'], activities: ReturnType<typeof DsgActivities.for>) {
  const item = (label: string, value: string) => t('dsg:processing.pdf.filterItem', { label, value })
  const words: string[] = []
  if (filter.state) words.push(item(t('dsg:processing.field.state'), t(`dsg:processing.state.${filter.state}`)))
  if (filter.responsible) {
    const [type, id] = filter.responsible.split(':')
    const { people, bodies } = await activities.responsibles('everyone')
    const person = people.find((p) => type === 'user' && p.id === id)
    const name = person ? `${person.firstName} ${person.lastName}` : (bodies.find((b) => type === 'body' && b.id === id)?.name ?? '—')
    words.push(item(t('dsg:processing.field.responsible'), name))
  }
  if (filter.sensitive) words.push(t('dsg:processing.filter.sensitiveOnly'))
  if (filter.due) words.push(t('dsg:processing.filter.dueOnly'))
  if (filter.q) words.push(item(t('measures.filter.q'), t('dsg:processing.pdf.search', { q: filter.q })))
  return words
}
