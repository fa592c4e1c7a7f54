import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { notFound, requireSuperAdmin, type GuardArgs } from '#app/auth/guards.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { parseTableParams } from '#app/utils/table.ts'
import type { Access } from '#models/core/access.ts'
import type { ThemeInput } from '#app/features/operator/catalog-kit.server.ts'
import { activeSchema, themeSchema } from './risk-catalog/schema.ts'

/*
 * The loaders and actions the operator's two catalogues (risks, ICS) share:
 * the theme dialog (leading number and three names) and the activate/deactivate
 * dialog of an entry. Each route passes its own service functions and list URL.
 */

type Args = GuardArgs & { params: { id?: string } }
const back = (request: Request, list: string) => `${list}${new URL(request.url).search}`

export async function themeLoader<T>({ request, context, params }: Args, get: (access: Access, id: string) => Promise<T | null>) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!params.id) return { theme: null }
  const theme = await get(access, params.id)
  if (!theme) notFound(request)
  return { theme }
}

export const themeAction = (
  args: Args,
  service: {
    get: (access: Access, id: string) => Promise<unknown>
    create: (access: Access, input: ThemeInput) => Promise<unknown>
    update: (access: Access, id: string, input: ThemeInput, version: number) => Promise<unknown>
  },
  list: string,
) => entryAction<ThemeInput>(args, themeSchema, service, list)

type Entry = { id: string; idkey: string; titleDe: string; titleFr: string; titleEn: string; active: boolean; version: number }

/** Catalogue entries are deactivated, never deleted: customers' inventories may hold copies of them. */
export async function toggleLoader({ request, context, params }: Args, get: (access: Access, id: string) => Promise<Entry | null>) {
  const { access } = await requireSuperAdmin({ request, context })
  const entry = params.id ? await get(access, params.id) : null
  if (!entry) notFound(request)
  return {
    entry: {
      id: entry.id,
      idkey: entry.idkey,
      titleDe: entry.titleDe,
      titleFr: entry.titleFr,
      titleEn: entry.titleEn,
      active: entry.active,
      version: entry.version,
    },
  }
}

export async function toggleAction(
  { request, context, params }: Args,
  get: (access: Access, id: string) => Promise<unknown>,
  setActive: (access: Access, id: string, active: boolean, version: number) => Promise<unknown>,
  list: string,
) {
  const { access } = await requireSuperAdmin({ request, context })
  if (!params.id || !(await get(access, params.id))) notFound(request)
  const submission = parseWithZod(await request.formData(), { schema: activeSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  try {
    await setActive(access, params.id ?? '', submission.value.active, submission.value.version)
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(back(request, list), 'saved')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A query parameter that names a row by id, or undefined when it holds anything else. */
export const idParam = (q: URLSearchParams, name: string) => {
  const value = q.get(name) ?? ''
  return UUID.test(value) ? value : undefined
}

/** The text and state filters both catalogue lists offer. */
export function entryFilter(q: URLSearchParams) {
  const stateParam = q.get('state')
  const state = stateParam === 'active' || stateParam === 'inactive' ? stateParam : ''
  const text = (q.get('q') ?? '').trim().slice(0, 200) || undefined
  return { state, text, active: state ? state === 'active' : undefined }
}

/** A list of themes, sorted and paged from the query. */
export async function themesLoader<S extends string, R>(
  { request, context }: GuardArgs,
  sorts: readonly S[],
  list: (access: Access, f: { sort: S; dir: 'asc' | 'desc' }, page: { limit: number; offset: number }) => Promise<{ rows: R[]; total: number }>,
) {
  const { access } = await requireSuperAdmin({ request, context })
  const table = parseTableParams(new URL(request.url), sorts, 'leadingNumber' as S)
  const { rows, total } = await list(access, { sort: table.sort, dir: table.dir }, { limit: table.pageSize, offset: table.offset })
  return { rows, total, table }
}

/** The entry a route edits, or null for a new one; an unknown id is a 404. */
export async function entryOrNull<T>(request: Request, access: Access, id: string | undefined, get: (access: Access, id: string) => Promise<T | null>) {
  if (!id) return null
  const entry = await get(access, id)
  if (!entry) notFound(request)
  return entry
}

/** Saves a new or edited catalogue entry from the form and goes back to the list with its filters. */
export async function entryAction<Input>(
  { request, context, params }: Args,
  // biome-ignore lint/suspicious/noExplicitAny: each catalogue brings its own zod schema
  schema: any,
  service: {
    /** The entry the route edits: an unknown id is a 404 before the form is read. */
    get: (access: Access, id: string) => Promise<unknown>
    create: (access: Access, input: Input) => Promise<unknown>
    update: (access: Access, id: string, input: Input, version: number) => Promise<unknown>
  },
  list: string,
) {
  const { access } = await requireSuperAdmin({ request, context })
  await entryOrNull(request, access, params.id, service.get)
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { version, ...input } = submission.value as { version?: number } & Input
  try {
    if (params.id) {
      if (!version) return data({ result: submission.reply({ formErrors: ['validation.invalid'] }) }, { status: 400 })
      await service.update(access, params.id, input as Input, version)
    } else {
      await service.create(access, input as Input)
    }
  } catch (error) {
    return replyToDomainError(error, submission, request)
  }
  return redirectWithToast(back(request, list), params.id ? 'saved' : 'created')
}
