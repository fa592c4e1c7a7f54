// The files bench's data (issue 25), on data/bench with the app stopped (npm run bench runs it; BENCH_FILES=0
// leaves it out): an open execution of the bench admin to upload a 25 MB file to (the same one every run), and
// once, an approved execution of the current year with 200 MB of evidence (eight PDFs of 25 MB) that the
// auditor's pack of bench/report-pdf.ts then carries. Writes the execution's id to BENCH_FILES_OUT.
import fs from 'node:fs'
import { and, eq, sql } from 'drizzle-orm'
import { nextNumber } from '../models/core/counters.server.ts'
import { postgresFileStore } from '../models/core/files.server.ts'
import { asSystem, withCustomer } from '../models/core/scope.server.ts'
import { addDays, todayInZurich } from '../models/core/dates.ts'
import { controlExecutions, icsProcesses, storedFiles } from '../models/schema/index.ts'
import { openDatabase } from '../server/database.ts'
import { benchAccess } from './bench-access.ts'
import { FILE_MB, pdfOf } from './files.ts'

const EVIDENCE_FILES = 8
/** What marks the execution that carries the pack's evidence. */
const EVIDENCE_MARK = 'Bench: 200 MB evidence for the auditor’s pack'
const UPLOAD_MARK = 'Bench: the 25 MB upload'

const { close } = await openDatabase()
const access = await asSystem('bench: files', benchAccess)
const today = todayInZurich()
const year = today.slice(0, 4)
const started = performance.now()

const result = await withCustomer(access, async (tx) => {
  const [process] = await tx.select({ id: icsProcesses.id }).from(icsProcesses).orderBy(icsProcesses.idkey).limit(1)
  if (!process) throw new Error('the bench customer has no ICS process: run npm run bench:seed')
  const open = {
    customerId: access.customer.id,
    processId: process.id,
    performerUserId: access.user.id,
  }
  // On occasion: planned for the bench admin, who may attach files to it; one for every run of the bench.
  const [kept] = await tx
    .select({ id: controlExecutions.id })
    .from(controlExecutions)
    .where(and(eq(controlExecutions.observation, UPLOAD_MARK), eq(controlExecutions.state, 'planned')))
  const [upload] = kept
    ? [kept]
    : await tx
        .insert(controlExecutions)
        .values({
          ...open,
          number: await nextNumber(tx, access.customer.id, 'control_execution'),
          periodStart: today,
          periodEnd: today,
          dueDate: addDays(today, 30),
          observation: UPLOAD_MARK,
        })
        .returning({ id: controlExecutions.id })
  const [had] = await tx
    .select({
      id: controlExecutions.id,
      bytes: sql<number>`(select coalesce(sum(size), 0)::bigint from stored_files f where f.execution_id = "control_executions"."id")`,
    })
    .from(controlExecutions)
    .where(
      and(
        eq(controlExecutions.observation, EVIDENCE_MARK),
        eq(controlExecutions.state, 'approved'),
        sql`${controlExecutions.periodStart} >= ${`${year}-01-01`}`,
      ),
    )
  if (had) return { upload: upload.id, evidenceBytes: Number(had.bytes), seeded: false }
  const [evidence] = await tx
    .insert(controlExecutions)
    .values({
      ...open,
      number: await nextNumber(tx, access.customer.id, 'control_execution'),
      // On occasion (no period: the process's own periods stay as the seed planned them).
      periodStart: `${year}-01-10`,
      periodEnd: `${year}-01-10`,
      dueDate: `${year}-02-09`,
      observation: EVIDENCE_MARK,
    })
    .returning({ id: controlExecutions.id })
  let bytes = 0
  for (let i = 0; i < EVIDENCE_FILES; i++) {
    const file = await postgresFileStore.put(
      tx,
      { customerId: access.customer.id, owner: 'execution', ownerId: evidence.id, name: `Nachweis-${i + 1}.pdf`, uploadedByUserId: access.user.id },
      pdfOf(FILE_MB, i),
      (FILE_MB + 1) * 1024 * 1024,
    )
    bytes += file.size
  }
  // Signed last: from now on the database keeps it and its files as they are.
  await tx
    .update(controlExecutions)
    .set({
      state: 'approved',
      performedOn: `${year}-01-10`,
      result: 'effective',
      recordedByUserId: access.user.id,
      submittedAt: new Date(),
      reviewedAt: new Date(),
    })
    .where(eq(controlExecutions.id, evidence.id))
  return { upload: upload.id, evidenceBytes: bytes, seeded: true }
})
const [{ n }] = await asSystem('bench: files', (tx) =>
  tx.select({ n: sql<number>`count(*)::int` }).from(storedFiles).where(eq(storedFiles.executionId, result.upload)),
)
const seconds = (performance.now() - started) / 1000
console.log(
  `[bench] files: an open execution to upload to (${n} files), ${Math.round(result.evidenceBytes / 2 ** 20)} MB of approved evidence${result.seeded ? ` stored in ${seconds.toFixed(1)} s` : ''}`,
)
if (process.env.BENCH_FILES_OUT) fs.writeFileSync(process.env.BENCH_FILES_OUT, JSON.stringify(result))
await close()
