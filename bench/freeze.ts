// The year-end snapshot of the large bench customer (issue 11: freezing it takes under 5 s):
//   DATA_DIR=data/bench npm run bench:freeze      (after npm run bench:seed there; stop the app first)
// Reads the snapshot of the last 31 December as the bench admin, BENCH_RUNS times (default 3), as a
// freeze reads it but without keeping it: the bench data keeps no snapshot (a snapshot, once
// committed, can never be deleted). Prints the seconds of each run and the content's size;
// npm run bench runs it on data/bench after the pages (BENCH_FREEZE=0 leaves it out).
import fs from 'node:fs'
import { Reports } from '../app/features/report/reports.server.ts'
import { asSystem } from '../models/core/scope.server.ts'
import { openDatabase } from '../server/database.ts'
import { benchAccess } from './bench-access.ts'

export const FREEZE_TARGET_S = 5
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

const { close } = await openDatabase()
const access = await asSystem('bench: freeze', benchAccess)
const seconds: number[] = []
for (let i = 0; i < RUNS; i++) {
  const started = performance.now()
  // The freeze reads in a REPEATABLE READ transaction of its own, which cannot be nested in one
  // to roll back: time what it reads (Reports.preview, the same read) and leave the insert of one row out.
  const content = await Reports.for(access).preview()
  const size = JSON.stringify(content).length
  seconds.push((performance.now() - started) / 1000)
  console.log(`[bench] freeze ${i + 1}/${RUNS}: ${seconds[i].toFixed(2)} s, content ${(size / 1024).toFixed(0)} KB`)
}
const worst = Math.max(...seconds)
console.log(`[bench] freeze of the bench customer: worst ${worst.toFixed(2)} s (target < ${FREEZE_TARGET_S} s)${worst < FREEZE_TARGET_S ? '' : '  FLAG'}`)
// npm run bench reads the figures from here into its report.
if (process.env.BENCH_FREEZE_OUT) fs.writeFileSync(process.env.BENCH_FREEZE_OUT, JSON.stringify({ targetS: FREEZE_TARGET_S, seconds }))
await close()
