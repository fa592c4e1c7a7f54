import { listCustomerMembers } from '#app/auth/customers.server.ts'
import { requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { parseTableParams, type TableParams } from '#app/utils/table.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import type { AnyTool, Inventory } from './kit.server.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How a list filter reads its query parameter; an unknown value is no filter. */
export const param = {
  uuid: (v: string) => (UUID.test(v) ? v : undefined),
  oneOf:
    <V extends string>(values: readonly V[]) =>
    (v: string) =>
      (values as readonly string[]).includes(v) ? (v as V) : undefined,
  yesNo: (v: string) => (v === 'yes' ? true : v === 'no' ? false : undefined),
  text: (max: number) => (v: string) => v.slice(0, max) || undefined,
}

/** A tool's list filters: query parameter → the filter's field and how the value is read. */
export type ListParams = Record<string, readonly [field: string, parse: (v: string) => unknown]>

/** The list's filters, sorting and paging, all from the query string. */
export function parseListQuery<S extends string, P extends ListParams, F>(url: URL, sorts: readonly S[], params: P) {
  const q = url.searchParams
  const get = (k: string) => (q.get(k) ?? '').trim()
  const table: TableParams<S> = parseTableParams(url, sorts, sorts[0])
  const filter = Object.fromEntries(Object.entries(params).map(([name, [field, parse]]) => [field, parse(get(name))]))
  const values = Object.fromEntries(Object.keys(params).map((k) => [k, get(k)])) as Record<keyof P & string, string>
  const filtered = Object.values(values).some((v) => v !== '')
  return { filter: { ...filter, sort: table.sort, dir: table.dir } as F, table, values, filtered }
}

/** The list page's loader: the visible records of a page, the themes and members for the filters. */
export function listRoute<T extends AnyTool, S extends string, P extends ListParams>(
  service: { tool: T; for: (access: CustomerAccess) => Inventory<T> },
  sorts: readonly S[],
  params: P,
) {
  return async function loader({ request }: { request: Request }) {
    const { access } = await requirePermission(request, (p) => p.tools[service.tool.tool].use)
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
