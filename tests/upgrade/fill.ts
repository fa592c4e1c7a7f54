import crypto from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import pg from 'pg'

// A database written by an earlier release, filled without that release's code: the filler reads
// the tables, their columns, types and foreign keys from PostgreSQL's catalogue and writes rows
// that satisfy them. Nothing here names the tables, so a table added by a later release is filled
// as soon as it is part of the previous release; only check constraints the generic values would
// break are named below.

type Column = { name: string; dataType: string; udt: string; nullable: boolean; maxLength: number | null; skip: boolean }
type ForeignKey = { name: string; table: string; refTable: string; columns: string[]; refColumns: string[] }
type Row = Record<string, unknown>

export type Catalogue = {
  tables: string[]
  columns: Map<string, Column[]>
  foreignKeys: ForeignKey[]
  primaryKeys: Map<string, string[]>
  enums: Map<string, string[]>
}

/** Rows the filler writes into every table: one per customer where a table belongs to a customer (row i belongs to customer i). */
export const ROWS_PER_TABLE = 2

/**
 * What a check constraint asks for, where the generic values (a text, the row's number 1 or 2, a
 * reference to the row of the same number in every table referred to) would break it. Runs last,
 * on the row about to be written.
 */
const FITTING: Record<string, (row: Row, i: number) => void> = {
  // The loyalty area (issue 26): a campaign's year, a person's address, a declaration still asked for.
  loyalty_campaigns: (row, i) => {
    row.year = 2024 + i
    row.reviewed_on = null
  },
  loyalty_persons: (row, i) => {
    row.email = `person${i + 1}@example.ch`
    row.until_date = null
  },
  loyalty_declarations: (row) => {
    row.state = 'requested'
    row.finding_resolved_on = null
  },
  // KRIs and the appetite (issue 27): a catalogue key, an acceptance's term, one open underfunding case, a duty not done.
  kri_catalog: (row, i) => {
    row.key = `kri${i + 1}`
  },
  risk_acceptances: (row) => {
    row.valid_until = '2099-12-31'
  },
  underfunding_cases: (row, i) => {
    row.closed_on = i === 0 ? null : row.period_end
  },
  underfunding_duties: (row) => {
    row.done_on = null
  },
  risk_appetite_approvals: (row) => {
    row.score_limit = 9
  },
  // Providers, findings and decisions (issue 28): one link of each kind, data kept in Switzerland, an open finding.
  providers: (row) => {
    row.data_countries = ['CH']
    row.notice_months = 3
    row.assurance_due_month = 6
    row.contract_end = null
  },
  provider_links: (row, i) => {
    const keep = ['risk_id', 'process_id', 'activity_id'][i % 3]
    for (const c of ['risk_id', 'process_id', 'activity_id']) if (c !== keep) row[c] = null
  },
  provider_incidents: (row) => {
    row.personal_data = true
  },
  findings: (row) => {
    row.state = 'open'
    row.deadline = null
    row.done_on = null
  },
  finding_links: (row, i) => {
    const keep = ['risk_id', 'process_id', 'measure_id'][i % 3]
    for (const c of ['risk_id', 'process_id', 'measure_id']) if (c !== keep) row[c] = null
  },
  measures: (row) => {
    row.recurrence = 7
  },
  news: (row) => {
    row.visible_for = 'customer'
  },
  risk_themes: (row, i) => {
    row.leading_number = `9${i + 1}`
  },
  ics_main_themes: (row, i) => {
    row.leading_number = `9${i + 1}`
  },
  // One link of each kind: to a risk and to an ICS process, to an impact assessment and to a breach.
  dsg_activity_links: (row, i) => {
    if (i === 0) row.ics_process_id = null
    else row.risk_id = null
  },
  // An execution's dates in order; a file belongs to one execution and has a content hash.
  control_executions: (row) => {
    row.state = 'planned'
    row.period_end = row.period_start
    row.due_date = row.period_start
  },
  stored_files: (row, i) => {
    row.owner = 'execution'
    row.document_id = null
    row.measure_id = null
    row.declaration_id = null
    row.transaction_id = null
    row.sha256 = crypto.createHash('sha256').update(String(i)).digest('hex')
  },
  dsg_measure_links: (row, i) => {
    if (i === 0) row.breach_id = null
    else row.dpia_id = null
  },
}

const q = pg.escapeIdentifier

export async function readCatalogue(client: pg.ClientBase): Promise<Catalogue> {
  const tables = (
    await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows.map((r) => r.name)
  const columns = new Map<string, Column[]>(tables.map((t) => [t, []]))
  const found = await client.query<{
    table_name: string
    column_name: string
    data_type: string
    udt_name: string
    is_nullable: string
    column_default: string | null
    is_identity: string
    is_generated: string
    character_maximum_length: number | null
  }>(
    `select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity, is_generated, character_maximum_length
     from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  )
  for (const c of found.rows) {
    columns.get(c.table_name)?.push({
      name: c.column_name,
      dataType: c.data_type,
      udt: c.udt_name,
      nullable: c.is_nullable === 'YES',
      maxLength: c.character_maximum_length,
      // Numbered by PostgreSQL (identity, serial) or computed: left to the database.
      skip: c.is_identity === 'YES' || c.is_generated === 'ALWAYS' || (c.column_default ?? '').startsWith('nextval('),
    })
  }
  const foreignKeys = (
    await client.query<ForeignKey>(
      `select c.conname as name, t.relname as "table", r.relname as "refTable",
         array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
         array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as "refColumns"
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class r on r.oid = c.confrelid join pg_namespace n on n.oid = t.relnamespace
       where c.contype = 'f' and n.nspname = 'public' order by t.relname, c.conname`,
    )
  ).rows
  const primaryKeys = new Map<string, string[]>()
  const keys = await client.query<{ table: string; columns: string[] }>(
    `select t.relname as "table",
       array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns
     from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
     where c.contype = 'p' and n.nspname = 'public'`,
  )
  for (const k of keys.rows) primaryKeys.set(k.table, k.columns)
  const enums = new Map<string, string[]>()
  const labels = await client.query<{ type: string; label: string }>(
    `select t.typname as type, e.enumlabel as label from pg_enum e join pg_type t on t.oid = e.enumtypid order by t.typname, e.enumsortorder`,
  )
  for (const l of labels.rows) enums.set(l.type, [...(enums.get(l.type) ?? []), l.label])
  return { tables, columns, foreignKeys, primaryKeys, enums }
}

/** The tables in an order where each comes after the tables it refers to (a cycle is broken where its key may be empty). */
function parentsFirst(catalogue: Catalogue): string[] {
  const order: string[] = []
  const done = new Set<string>()
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (done.has(table) || visiting.has(table)) return
    visiting.add(table)
    for (const fk of catalogue.foreignKeys) if (fk.table === table && fk.refTable !== table) visit(fk.refTable)
    visiting.delete(table)
    done.add(table)
    order.push(table)
  }
  for (const table of catalogue.tables) visit(table)
  return order
}

function genericValue(table: string, column: Column, i: number, enums: Map<string, string[]>): unknown {
  const n = i + 1
  const base = column.udt.replace(/^_/, '')
  const scalar = (): unknown => {
    switch (base) {
      case 'uuid':
        return crypto.randomUUID()
      case 'text':
      case 'varchar':
      case 'bpchar':
      case 'citext': {
        const text = `${table}.${column.name} ${n}`
        return column.maxLength && text.length > column.maxLength ? String(n).padStart(column.maxLength, '0') : text
      }
      case 'int2':
      case 'int4':
      case 'int8':
        return n
      case 'numeric':
      case 'float4':
      case 'float8':
        return n + 0.5
      case 'bool':
        return i === 0
      case 'date':
        return `2026-0${n}-15`
      case 'timestamp':
      case 'timestamptz':
        return `2026-0${n}-15T08:30:${String(n).padStart(2, '0')}.125Z`
      case 'time':
      case 'timetz':
        return `08:3${n}:00`
      case 'interval':
        return `${n} days`
      case 'json':
      case 'jsonb':
        return JSON.stringify({ upgrade: `${table}.${column.name}`, row: n })
      case 'inet':
        return `192.0.2.${n}`
      case 'bytea':
        return Buffer.from(`${table}.${column.name} ${n}`)
    }
    const labels = enums.get(base)
    if (labels?.length) return labels[i % labels.length]
    throw new Error(
      `The upgrade test's filler does not know the type ${column.udt} of ${table}.${column.name}: teach genericValue() in tests/upgrade/fill.ts a value for it`,
    )
  }
  return column.udt.startsWith('_') ? [scalar()] : scalar()
}

/**
 * Writes ROWS_PER_TABLE rows into every table of the public schema, as the tables' owner (row-level
 * security does not hold it back). Row i of a table refers to row i of each table it refers to, so
 * row i of every table that belongs to a customer belongs to the same customer. Returns the rows
 * written, per table. Tables of `already` (rows written before) are left as they are, their rows
 * serve as parents: the tables a migration adds are filled after it so.
 */
export async function fillEveryTable(client: pg.ClientBase, catalogue: Catalogue, already = new Map<string, Row[]>()): Promise<Map<string, Row[]>> {
  const written = new Map<string, Row[]>(already)
  for (const table of parentsFirst(catalogue)) {
    if (already.has(table)) continue
    const columns = (catalogue.columns.get(table) ?? []).filter((c) => !c.skip)
    const rows: Row[] = []
    for (let i = 0; i < ROWS_PER_TABLE; i++) {
      const row: Row = {}
      for (const column of columns) row[column.name] = genericValue(table, column, i, catalogue.enums)
      for (const fk of catalogue.foreignKeys.filter((f) => f.table === table)) {
        const parents = fk.refTable === table ? rows : (written.get(fk.refTable) ?? [])
        const parent = parents.length ? parents[i % parents.length] : undefined
        fk.columns.forEach((name, k) => {
          if (parent) row[name] = parent[fk.refColumns[k]!]
          else if (columns.find((c) => c.name === name)?.nullable) row[name] = null
          else throw new Error(`The upgrade test's filler cannot fill ${table}: ${fk.name} refers to ${fk.refTable}, which has no row yet`)
        })
      }
      FITTING[table]?.(row, i)
      const names = Object.keys(row)
      const statement = `insert into ${q(table)} (${names.map(q).join(', ')}) values (${names.map((_, k) => `$${k + 1}`).join(', ')}) returning *`
      try {
        rows.push((await client.query(statement, Object.values(row))).rows[0] as Row)
      } catch (err) {
        throw new Error(`The upgrade test's filler could not write row ${i + 1} of ${table} (${(err as Error).message}); values: ${JSON.stringify(row)}`)
      }
    }
    written.set(table, rows)
  }
  return written
}

/** Every row of the given tables, as PostgreSQL's to_jsonb gives it, by its primary key (or by itself in a table without one). */
export async function rowsOf(client: pg.ClientBase, catalogue: Catalogue): Promise<Map<string, Map<string, Row>>> {
  const all = new Map<string, Map<string, Row>>()
  for (const table of catalogue.tables) {
    const key = catalogue.primaryKeys.get(table)
    const { rows } = await client.query<{ row: Row }>(`select to_jsonb(t) as row from ${q(table)} t`)
    const byKey = new Map<string, Row>()
    for (const { row } of rows) {
      const id = JSON.stringify(key ? key.map((k) => row[k]) : row)
      byKey.set(id, row)
    }
    all.set(table, byKey)
  }
  return all
}

/**
 * What became of the rows `before` after an upgrade: rows lost and values changed, one line each.
 * `onPurpose` names what a migration changes by design: `table` (rows may go) or `table.column` (its
 * values may change).
 */
export function differences(before: Map<string, Map<string, Row>>, after: Map<string, Map<string, Row>>, onPurpose: Set<string> = new Set()): string[] {
  const found: string[] = []
  for (const [table, rows] of before) {
    if (onPurpose.has(table)) continue
    const now = after.get(table)
    if (!now) {
      found.push(`${table}: the table is gone with its ${rows.size} rows`)
      continue
    }
    for (const [key, row] of rows) {
      const kept = now.get(key)
      if (!kept) {
        found.push(`${table} ${key}: the row is gone`)
        continue
      }
      for (const [column, value] of Object.entries(row)) {
        if (onPurpose.has(`${table}.${column}`)) continue
        if (!(column in kept)) found.push(`${table} ${key}: the column ${column} is gone (it held ${JSON.stringify(value)})`)
        else if (!isDeepStrictEqual(kept[column], value))
          found.push(`${table} ${key}: ${column} was ${JSON.stringify(value)}, is ${JSON.stringify(kept[column])}`)
      }
    }
  }
  return found
}
