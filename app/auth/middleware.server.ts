import { data, type MiddlewareFunction } from 'react-router'
import { shellDataOf } from './shell-data.server.ts'
import type { Permissions } from '#models/core/permissions.ts'
import type { Tool } from '#models/schema/index.ts'
import { type Auth, authContext, type GuardArgs, getAuth, requirePermission, requireSecondFactorSetUp, requireSuperAdmin } from './guards.server.ts'

/**
 * Guards as route middleware (docs/decisions/0014-request-gate.md for the root's gate): a layout route
 * exports one of these, and no loader, action or resource route below it runs for a request it refuses.
 * Each stores the signed-in Auth in `authContext` for the routes below (getAuthFromContext).
 *
 * A refusal keeps its URL, redirect, status and message (the guards of guards.server.ts decide them).
 * A middleware that throws before any loader ran is shown by the root's error boundary, so a refused
 * page carries what the app's header needs: the root renders the shell around the error from it.
 */
function guard(check: (args: GuardArgs) => Promise<Auth>): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    try {
      // A layout below another reads the Auth the outer one stored; the outermost looks it up once.
      context.set(authContext, await check({ request, context }))
    } catch (error) {
      throw await withShell(error, request)
    }
  }
}

type Refusal = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null }

function isRefusal(error: unknown): error is Refusal {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'DataWithResponseInit'
}

/** Downloads (export.csv) answer a bare status, as their loaders always did; pages get the shell. */
const RESOURCE = /\.[a-z]+$/i

async function withShell(error: unknown, request: Request): Promise<unknown> {
  if (!isRefusal(error) || error.data != null) return error
  const path = new URL(request.url).pathname.replace(/\.data$/, '')
  if (RESOURCE.test(path)) return error
  const auth = await getAuth(request)
  if (!auth) return error
  return data({ shell: shellDataOf(auth) }, error.init ?? undefined)
}

/**
 * Signed in: the app layout. 401 → the login, with redirectTo. Where the second factor is required and
 * not set up yet, every page but its setup leads there (issue 12).
 */
export const signedIn = guard(requireSecondFactorSetUp)

/** An active customer (else the customer selector) and a flag of the permission table (else 403). */
export function permitted(allowed: (permissions: Permissions) => boolean) {
  return guard((args) => requirePermission(args, allowed))
}

/** A tool's pages: at least the dsg role on it, as each of their loaders requires. */
export function toolUser(tool: Tool) {
  return permitted((p) => p.tools[tool].use)
}

/** An active customer: every page of the customer's data. */
export const customerMember = permitted(() => true)

/** The operator's area /app/sadmin. */
export const operator = guard(requireSuperAdmin)
