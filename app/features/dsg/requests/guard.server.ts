import { forbidden, notFound, requireCustomer } from '#app/auth/guards.server.ts'
import { DsgRequests } from './requests.server.ts'

/**
 * The dialogs that change one request share one check, so the page and its form refuse alike: a
 * request the user cannot see answers 404, a change the user may not make 403.
 */
export async function requireRequestChange(request: Request, id: string) {
  const { access } = await requireCustomer(request)
  const requests = DsgRequests.for(access)
  const item = await requests.get(id)
  if (!item) notFound(request)
  if (!requests.mayWrite) forbidden(request)
  return { requests, item }
}
