import type pg from 'pg'

/**
 * A database's schema as lines to compare: the tables' columns, constraints, indexes, row-level
 * security and its policies, triggers, functions, types and statistics of the public schema, and
 * what the app's role and the role of work across customers may do in it (the app's role written as
 * `<app role>`, so that databases of two such roles compare). An upgraded database must read the same as one made by the
 * current migrations from nothing; where it does not, an upgrade skipped or half-ran a migration
 * (a released migration edited afterwards, a new one dated before the last one applied, which
 * drizzle's migrator passes over).
 */
export async function schemaOf(client: pg.ClientBase, appRole: string): Promise<string[]> {
  const roles = [appRole, 'vorsorge_all_customers']
  const queries: [string, string, unknown[]?][] = [
    [
      'column',
      `select table_name || '.' || column_name || ' ' || data_type || ' ' || udt_name || coalesce('(' || character_maximum_length || ')', '')
         || case when is_nullable = 'NO' then ' not null' else '' end || coalesce(' default ' || column_default, '') || coalesce(' generated ' || generation_expression, '')
       from information_schema.columns where table_schema = 'public'`,
    ],
    [
      'constraint',
      `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace`,
    ],
    ['index', `select indexdef from pg_indexes where schemaname = 'public'`],
    [
      'table',
      `select relname || ' ' || relkind::text || case when relrowsecurity then ' row-level security' else '' end || case when relforcerowsecurity then ' forced' else '' end
       from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'v', 'm', 'p', 'S')`,
    ],
    [
      'policy',
      `select tablename || ' ' || policyname || ' ' || permissive || ' ' || array_to_string(roles, ',') || ' ' || cmd
         || coalesce(' using ' || qual, '') || coalesce(' check ' || with_check, '') from pg_policies where schemaname = 'public'`,
    ],
    [
      'trigger',
      `select pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`,
    ],
    ['function', `select pg_get_functiondef(p.oid) from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')`],
    [
      'type',
      `select t.typname || ' ' || string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_type t join pg_enum e on e.enumtypid = t.oid
       where t.typnamespace = 'public'::regnamespace group by t.typname`,
    ],
    ['statistics', `select stxname || ' ' || pg_get_statisticsobjdef(oid) from pg_statistic_ext where stxnamespace = 'public'::regnamespace`],
    [
      'grant',
      `select grantee || ' ' || table_name || ' ' || privilege_type from information_schema.role_table_grants
       where table_schema = 'public' and grantee = any($1)`,
      [roles],
    ],
    [
      'grant',
      `select r || ' sequence ' || c.relname || ' ' || p from unnest($1::text[]) r, pg_class c, unnest(array['USAGE', 'SELECT', 'UPDATE']) p
       where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' and has_sequence_privilege(r, c.oid, p)`,
      [roles],
    ],
    [
      'grant',
      `select r || ' database ' || p from unnest($1::text[]) r, unnest(array['CONNECT', 'TEMPORARY', 'CREATE']) p
       where has_database_privilege(r, current_database(), p)`,
      [roles],
    ],
    [
      'grant',
      `select r || ' schema public ' || p from unnest($1::text[]) r, unnest(array['USAGE', 'CREATE']) p where has_schema_privilege(r, 'public', p)`,
      [roles],
    ],
    ['default privileges', `select pg_get_userbyid(defaclrole) || ' ' || defaclobjtype::text || ' ' || array_to_string(defaclacl, ',') from pg_default_acl`],
  ]
  const lines: string[] = []
  for (const [kind, text, values] of queries) {
    const { rows } = await client.query<Record<string, string>>({ text, values, rowMode: 'array' } as never)
    for (const row of rows as unknown as string[][]) lines.push(`${kind}: ${row[0]}`.replaceAll(appRole, '<app role>'))
  }
  return lines.sort()
}
