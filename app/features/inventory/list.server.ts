import { listCustomerMembers } from '#app/auth/customers.server.ts'
import { type GuardArgs, requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { type ListParams, parseListQuery } from '#app/utils/list-params.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import type { AnyTool, Inventory } from './kit.server.ts'

/** The list page's loader: the visible records of a page, the themes and members for the filters. */
export function listRoute<T extends AnyTool, S extends string, P extends ListParams>(
  service: { tool: T; for: (access: CustomerAccess) => Inventory<T> },
  sorts: readonly S[],
  params: P,
) {
  return async function loader({ request, context }: GuardArgs) {
    const { access } = await requirePermission({ request, context }, (p) => p.tools[service.tool.tool].use)
    const locale = await getLocale(request)
    const inv = service.for(access)
    const { filter, table, values, filtered } = parseListQuery<S, P, Parameters<Inventory<T>['list']>[0]>(new URL(request.url), sorts, params)
    const [{ rows, total }, themes, members] = await Promise.all([
      inv.list(filter, { limit: table.pageSize, offset: table.offset }, locale),
      inv.themes(locale),
      listCustomerMembers(access),
    ])
    return { rows, total, table, values, filtered, themes, members, mode: inv.rights.mode }
  }
}
