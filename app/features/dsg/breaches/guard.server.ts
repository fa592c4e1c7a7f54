import type { GuardArgs } from '#app/auth/guards.server.ts'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { logRead, viaOf } from '#models/core/read-log.server.ts'
import { DsgBreaches } from './breaches.server.ts'

/**
 * The dialogs that change one breach share one check, so the page and its form refuse alike: a
 * breach the user may not see does not exist for them (404), as one of another fund; a change the
 * user may not make answers 403.
 */
const changeable = recordRoute({
  service: (access) => DsgBreaches.for(access),
  get: (breaches, id) => breaches.get(id),
  may: (breaches) => breaches.mayWrite,
})

export async function requireBreachChange({ request, context }: GuardArgs, id: string) {
  const { access, service: breaches, record: item } = await requireRecord({ request, context }, id, changeable)
  // The dialog's page shows the record: a read of it (DSV Art. 4); the post that changes it is not.
  if (request.method === 'GET') await logRead(access, { kind: 'dsgBreach', id: item.id, via: viaOf(request) })
  return { breaches, item }
}
