import { logRead, viaOf } from '#models/core/read-log.server.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'
import { listToolOwners } from '#app/auth/customers.server.ts'
import { Documents } from '#app/features/documents/face.server.ts'
import { type MeasureRow, Measures } from '#app/features/measures/face.server.ts'
import { forbidden, type GuardArgs, notFound, requirePermission } from '#app/auth/guards.server.ts'
import { getLocale } from '#app/i18n/locale.server.ts'
import { replyToDomainError } from '#app/utils/domain-errors.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { todayInZurich } from '#models/core/dates.ts'
import { DomainError } from '#models/core/errors.ts'
import { History, trailLink, historyRequested } from '#app/accountability/history.server.ts'
import { handleAttachIntent } from './attach-actions.server.ts'
import { handleBlockIntent } from './block-actions.server.ts'
import type { AnyTool, Inventory } from './kit.server.ts'
import { linkCandidates, processesOfRisk, risksOfProcess } from './links.server.ts'

type MeasureService = ReturnType<typeof Measures.for>

/**
 * The route halves the kit gives every tool: the detail stepper (loader and action) and the
 * catalogue (loader and action). A tool's route module re-exports them, built for its declaration.
 */
export type ToolRoutes<T extends AnyTool> = {
  service: { tool: T; for: (access: CustomerAccess) => Inventory<T> }
  /** Where the tool lives: `/app/risk`, `/app/iks`. */
  base: string
  /** Every step of the stepper, in order; the editable blocks are a part of them. */
  steps: readonly string[]
  /** Which step carries the links, the measures and the documents. */
  attach: { links: string; measures: string; documents: string }
  /** The form schema of a block. */
  schemaFor: (block: string) => z.ZodType
  /** What a step of the tool's own needs beyond the record (the risk map's levels, the risk's history). */
  extra?: Record<string, (access: CustomerAccess, id: string) => Promise<object>>
}

type Args = GuardArgs & { params: { id?: string } }

/** What each step of the stepper needs beyond the record itself; one query set per step. */
async function stepData<T extends AnyTool>(r: ToolRoutes<T>, access: CustomerAccess, id: string, step: string, owner: string | null) {
  const { tool } = r.service.tool
  const own = tool === 'risk' ? { riskId: id } : { iksId: id }
  if (step === 'intro') return { members: await listToolOwners(access, tool, owner) }
  if (step === r.attach.measures) {
    const today = todayInZurich()
    const measureService = Measures.for(access)
    const [measures, owners, linked, candidates] = await Promise.all([
      measureService.list({ tab: 'all', view: 'all', ...own, sort: 'dueDate', dir: 'asc' }, today, { limit: 100, offset: 0 }),
      measureService.owners([tool]),
      tool === 'risk' ? processesOfRisk(access, id) : risksOfProcess(access, id),
      linkCandidates(access, tool === 'risk' ? 'process' : 'risk'),
    ])
    return { measures: measures.rows.map((m) => ({ ...m, overdue: m.state === 'pending' && m.dueDate < today })), owners, today, linked, candidates }
  }
  if (step === r.attach.documents)
    return { documents: (await Documents.for(access).list({ category: tool, ...own, sort: 'name', dir: 'asc' }, { limit: 100, offset: 0 })).rows }
  return (await r.extra?.[step]?.(access, id)) ?? {}
}

type StepData = {
  members?: Awaited<ReturnType<typeof listToolOwners>>
  measures?: (MeasureRow & { overdue: boolean })[]
  owners?: Awaited<ReturnType<MeasureService['owners']>>
  today?: string
  linked?: Awaited<ReturnType<typeof processesOfRisk>>
  candidates?: Awaited<ReturnType<typeof linkCandidates>>
  documents?: Awaited<ReturnType<ReturnType<typeof Documents.for>['list']>>['rows']
}

export function detailRoute<T extends AnyTool, Extra extends object = object>(r: ToolRoutes<T>) {
  const { tool } = r.service.tool

  async function loader({ request, context, params }: Args) {
    const { access } = await requirePermission({ request, context }, (p) => p.tools[tool].use)
    const id = params.id ?? ''
    const inv = r.service.for(access)
    const locale = await getLocale(request)
    const found = await inv.get(id, locale)
    if (!found) notFound(request)
    const { mode, blocks } = inv.rights
    const requested = new URL(request.url).searchParams.get('step') ?? ''
    const step = mode === 'dsg' ? 'dsg' : r.steps.includes(requested) ? requested : 'intro'
    // The history panel (decision 0034): one statement; the data protection view reads only its fields.
    // The data protection block holds particularly sensitive data: its reading is logged in this request (decision 0036).
    const [lock, extra, history] = await Promise.all([
      inv.lock(id),
      stepData(r, access, id, step, (r.service.tool.detail.record(found) as { ownerUserId?: string | null }).ownerUserId ?? null),
      historyRequested(request)
        ? History.for(access).of(r.service.tool.audit, id, locale, {
            dsgOnly: mode === 'dsg',
            via: viaOf(request),
            loggedByPage: step === 'dsg' ? id : undefined,
          })
        : null,
      step === 'dsg' ? logRead(access, { kind: tool === 'risk' ? 'risk' : 'icsProcess', id, via: viaOf(request) }) : null,
    ])
    const mine = lock?.userId === access.user.id
    const editable = blocks.includes(step)
    return {
      // Only the DSG step sends the data protection block (and logs its reading above).
      found: step === 'dsg' ? (found as NonNullable<typeof found>) : r.service.tool.detail.withoutDsg(found),
      step,
      steps: mode === 'dsg' ? ['dsg'] : [...r.steps],
      mode,
      editable,
      editing: editable && mine && lock?.block === step,
      lock: lock ? { block: lock.block, userName: lock.userName, expiresAt: lock.expiresAt.toISOString(), mine } : null,
      extra: extra as StepData & Partial<Extra>,
      history: history ?? undefined,
      trail: trailLink(access, r.service.tool.audit, id),
    }
  }

  async function action({ request, context, params }: Args) {
    const { access } = await requirePermission({ request, context }, (p) => p.tools[tool].use)
    const id = params.id ?? ''
    const inv = r.service.for(access)
    // Refused as the page is: an unknown (or foreign) entry is 404 for everyone and whatever the intent,
    // before anything else (a cancel would otherwise redirect to a page that is 404). Readers are refused
    // here; the dsg role edits the data protection block, and the services refuse everything else it tries.
    if (!(await inv.get(id, await getLocale(request)))) notFound(request)
    if (!inv.rights.write && !inv.rights.dsgOnly) forbidden(request)
    const formData = await request.formData()
    const here = (step: string) => `${r.base}/${id}?step=${step}`
    const handled = await handleBlockIntent(request, formData, {
      here,
      editable: r.service.tool.blocks.editable,
      allowed: inv.rights.blocks,
      start: (b) => inv.startEdit(id, b),
      cancel: () => inv.cancelEdit(id),
      schemaFor: r.schemaFor,
      save: (b, values, version) => inv.saveBlock(id, b as never, values as never, version),
    })
    if (handled) return handled
    // Links, measures and documents of the stepper need write; the dsg role only edits its block.
    if (!inv.rights.write) forbidden(request)
    const attached = await handleAttachIntent(request, formData, {
      access,
      owner: tool === 'risk' ? { tool, riskId: id } : { tool: 'iks', iksId: id },
      here,
      steps: r.attach,
    })
    if (attached) return attached
    notFound(request)
  }

  return { loader, action }
}

/** The catalogue: its entries grouped by theme (and sub-theme), and adding the selected ones. */
export function catalogRoute<T extends AnyTool, Entry extends { id: string }>(
  r: Pick<ToolRoutes<T>, 'service' | 'base'>,
  group: (e: Entry) => { number: string; name: string; sub?: { key: string; name: string } },
) {
  const { tool, messages } = r.service.tool

  async function loader({ request, context }: Args) {
    const { access } = await requirePermission({ request, context }, (p) => p.tools[tool].read)
    const inv = r.service.for(access)
    const entries = (await inv.catalog(await getLocale(request))) as Entry[]
    const groups: { number: string; name: string; subs: { key: string; name: string | null; entries: Entry[] }[] }[] = []
    for (const e of entries) {
      const g = group(e)
      let main = groups.find((x) => x.number === g.number)
      if (!main) {
        main = { number: g.number, name: g.name, subs: [] }
        groups.push(main)
      }
      const key = g.sub?.key ?? ''
      let sub = main.subs.find((s) => s.key === key)
      if (!sub) {
        sub = { key, name: g.sub?.name ?? null, entries: [] }
        main.subs.push(sub)
      }
      sub.entries.push(e)
    }
    return { groups, canAdd: inv.rights.write }
  }

  async function action({ request, context }: Args) {
    const { access } = await requirePermission({ request, context }, (p) => p.tools[tool].write)
    const ids = (await request.formData()).getAll('catalogId').map(String)
    try {
      const created = await r.service.for(access).addFromCatalog(ids)
      if (!created.length) return data({ error: `${messages}:catalog.alreadyThere` }, { status: 409 })
    } catch (error) {
      if (error instanceof DomainError && error.code === 'invalid') return data({ error: error.messageKey ?? 'validation.invalid' }, { status: 400 })
      throw error
    }
    return redirectWithToast(r.base, 'added')
  }

  return { loader, action }
}

/** Adding an individual record: its dialog's data, and validating and creating it. */
export function individualRoute<T extends AnyTool, S extends z.ZodType, D extends object>(
  r: Pick<ToolRoutes<T>, 'service' | 'base'>,
  opts: {
    schema: S
    /** The service's input from the form's values. */
    input: (value: z.infer<S>) => Parameters<Inventory<T>['createIndividual']>[0]
    /** What the dialog offers: themes, sub-themes, owners. */
    data: (access: CustomerAccess, locale: Awaited<ReturnType<typeof getLocale>>) => Promise<D>
  },
) {
  const { tool } = r.service.tool

  async function loader({ request, context }: Args) {
    const { access } = await requirePermission({ request, context }, (p) => p.tools[tool].write)
    return opts.data(access, await getLocale(request))
  }

  async function action({ request, context }: Args) {
    const { access } = await requirePermission({ request, context }, (p) => p.tools[tool].write)
    const submission = parseWithZod(await request.formData(), { schema: opts.schema })
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
    let id: string
    try {
      id = (await r.service.for(access).createIndividual(opts.input(submission.value as z.infer<S>))).id
    } catch (error) {
      return replyToDomainError(error, submission, request)
    }
    return redirectWithToast(`${r.base}/${id}`, 'created')
  }

  return { loader, action }
}
