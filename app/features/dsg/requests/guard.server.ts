import type { GuardArgs } from '#app/auth/guards.server.ts'
import { recordRoute, requireRecord } from '#app/auth/record-route.server.ts'
import { logRead, viaOf } from '#models/core/read-log.server.ts'
import { DsgRequests } from './requests.server.ts'

/**
 * The dialogs that change one request share one check, so the page and its form refuse alike: a
 * request the user cannot see answers 404, a change the user may not make 403.
 */
const changeable = recordRoute({
  service: (access) => DsgRequests.for(access),
  get: (requests, id) => requests.get(id),
  may: (requests) => requests.mayWrite,
})

export async function requireRequestChange({ request, context }: GuardArgs, id: string) {
  const { access, service: requests, record: item } = await requireRecord({ request, context }, id, changeable)
  // The dialog's page shows the record: a read of it (DSV Art. 4); the post that changes it is not.
  if (request.method === 'GET') await logRead(access, { kind: 'dsgRequest', id: item.id, via: viaOf(request) })
  return { requests, item }
}
