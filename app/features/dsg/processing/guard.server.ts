import { forbidden, requireCustomer, type GuardArgs } from '#app/auth/guards.server.ts'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { DsgActivities } from './activities.server.ts'

/**
 * The record's pages and their forms share one check: reading needs `dsg.read`, changing
 * `dsg.write` (403 otherwise); an activity out of reach is 404. The service checks again.
 */
export async function requireActivities({ request, context }: GuardArgs, need: 'read' | 'write') {
  const { access } = await requireCustomer({ request, context })
  const activities = DsgActivities.for(access)
  if (need === 'read' ? !activities.mayRead : !activities.mayWrite) forbidden(request)
  return { access, activities }
}

const readable = recordRoute({
  service: (access) => DsgActivities.for(access),
  get: (activities, id) => activities.get(id),
  mayAny: (activities) => activities.mayRead,
})
const writable = { ...readable, may: (activities: ReturnType<typeof DsgActivities.for>) => activities.mayWrite }

/** An activity out of reach is 404 before a missing right is 403, so a page and its form answer alike. */
export async function requireActivity({ request, context }: GuardArgs, id: string, need: 'read' | 'write') {
  const { access, service: activities, record: item } = await requireRecord({ request, context }, id, need === 'write' ? writable : readable)
  return { access, activities, item }
}
