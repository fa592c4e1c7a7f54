import type { CustomerAccess } from '#models/core/access.ts'
import { forbidden, notFound } from '#app/utils/domain-errors.server.ts'
import { type GuardArgs, requireCustomer } from './guards.server.ts'

/*
 * The record a route works on, checked the same way on every page and its form: the signed-in
 * customer's service, then 403 when a flag refuses the whole area (`mayAny`), 404 when the service's
 * getter finds nothing (what the user may not see does not exist for them), 403 when the flag for
 * this record (`may`) is false. The service keeps its own check; this only answers the route.
 */

type RecordRoute<S, R> = {
  /** The service for the signed-in access (`Measures.for(access)`). */
  service: (access: CustomerAccess) => S
  /** The record by id, or null when it is not there for this user. */
  get: (service: S, id: string) => Promise<R | null | undefined>
  /** A flag checked before the record is read: false is 403 whether or not the record exists. */
  mayAny?: (service: S) => boolean
  /** A flag checked on the record found: false is 403. */
  may?: (service: S, record: R) => boolean
}

/** Declares a route's record once, for its loader and its action (the types follow from `service` and `get`). */
export function recordRoute<S, R>(route: RecordRoute<S, R>): RecordRoute<S, R> {
  return route
}

export async function requireRecord<S, R>(args: GuardArgs, id: string, route: RecordRoute<S, R>): Promise<{ access: CustomerAccess; service: S; record: R }> {
  const { request } = args
  const { access } = await requireCustomer(args)
  const service = route.service(access)
  if (route.mayAny && !route.mayAny(service)) forbidden(request)
  const record = await route.get(service, id)
  if (!record) notFound(request)
  if (route.may && !route.may(service, record)) forbidden(request)
  return { access, service, record }
}
