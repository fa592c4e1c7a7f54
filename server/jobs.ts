// The periodic jobs: the daily measure reminders, the daily loyalty declaration reminders, the daily KRI computation, the providers' reminders and assurance plan, the findings' escalation, the daily backup of the bundled mode and the hourly housekeeping (expired sessions, import drafts older than a day,
// old sign-in throttle windows). They are scheduled in one process only (the single server, or the
// primary of a cluster: server/cluster.ts), and each run holds a PostgreSQL advisory lock, so that
// even several app instances on one database never run the same job at the same time.
import { purgeExpiredSessions } from '../app/auth/sessions.server.ts'
import { purgeThrottle } from '../app/auth/users.server.ts'
import { deleteStaleDrafts } from '../app/features/import/face.server.ts'
import { purgeReadLog } from '../models/core/read-log.server.ts'
import { purgeExpiredFlows } from '../app/features/sign-in-provider/face.server.ts'
import { runReminderTick } from '../app/features/measures/face.server.ts'
import { sendDeputyNotices } from '../app/features/account/face.server.ts'
import { planExecutions } from '../app/features/executions/face.server.ts'
import { runChangeReminderTick, runLoyaltyReminderTick } from '../app/features/loyalty/face.server.ts'
import { runKriTick } from '../app/features/kri/face.server.ts'
import { runProvidersTick } from '../app/features/providers/face.server.ts'
import { runFindingEscalations } from '../app/features/findings/face.server.ts'
import { pool } from '../models/core/db.server.ts'
import { countJob } from '../models/core/metrics.server.ts'
import { backupSchedule, runBackupTick } from './backup.ts'
import { exitOnStartupError } from './database.ts'

/** The first key of the app's advisory locks ('vors'); the second names the job. */
const LOCK_CLASS = 0x766f7273
export const JOBS = {
  reminders: 1,
  housekeeping: 2,
  deputyNotices: 3,
  backup: 4,
  executionPlan: 5,
  loyaltyReminders: 6,
  kri: 7,
  providers: 8,
  findings: 9,
} as const
export type Job = keyof typeof JOBS

/**
 * Runs `fn` unless another process runs the same job: `pg_try_advisory_lock` on a connection of
 * its own, held while the job runs and given back afterwards. A process that dies while holding
 * it loses its connection, and PostgreSQL releases the lock with it. Answers `{ ran: false }`
 * when the lock was taken.
 */
export async function exclusively<T>(job: Job, fn: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  // Every run counts in the metrics (vorsorge_job_runs_total): ok, failed, or skipped for the lock.
  try {
    const outcome = await holding(job, fn)
    countJob(job, outcome.ran ? 'ok' : 'skipped')
    return outcome
  } catch (e) {
    countJob(job, 'failed')
    throw e
  }
}

async function holding<T>(job: Job, fn: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  const client = await pool().connect()
  let broken: Error | undefined
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [LOCK_CLASS, JOBS[job]])
    if (!rows[0]?.locked) return { ran: false }
    try {
      return { ran: true, result: await fn() }
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, JOBS[job]]).catch((e: Error) => {
        // A connection that cannot give the lock back is closed, which releases it.
        broken = e
      })
    }
  } catch (e) {
    broken ??= e as Error
    throw e
  } finally {
    client.release(broken)
  }
}

/** Starts the timers; the answer stops them. REMINDERS=false switches the reminders off (not the deputy notices). */
export function scheduleJobs(): () => void {
  const housekeeping = setInterval(
    () =>
      void exclusively('housekeeping', () =>
        Promise.all([purgeExpiredSessions(), purgeThrottle(), deleteStaleDrafts(), purgeReadLog(), purgeExpiredFlows()]),
      ).catch(() => {}),
    60 * 60_000,
  )
  housekeeping.unref()

  // Daily measure reminders: checked every 10 minutes; the reminder log keeps it to one digest a day.
  const reminderTick = () =>
    void exclusively('reminders', () => runReminderTick())
      .then((r) => r.ran && r.result && r.result.sent > 0 && console.log(`[reminders] ${r.result.sent} digest(s) sent for ${r.result.day}`))
      .catch((e: Error) => console.error('[reminders] failed:', e.message))
  const reminders = process.env.REMINDERS === 'false' ? null : setInterval(reminderTick, 10 * 60_000)
  reminders?.unref()
  const first = reminders ? setTimeout(reminderTick, 5_000) : null
  first?.unref()

  // The loyalty area's reminders (issue 26), at most one a day each: to persons whose declaration is due
  // or overdue (its reminded_at is the claim), and to the fund's admins about changes of persons not yet
  // reported to the supervisor. One lock for both; REMINDERS=false switches them off too.
  const loyaltyTick = () =>
    void exclusively('loyaltyReminders', async () => ({ declarations: await runLoyaltyReminderTick(), changes: await runChangeReminderTick() }))
      .then((r) => {
        if (!r.ran || !r.result) return
        const { declarations, changes } = r.result
        if (declarations && declarations.sent > 0) console.log(`[loyalty] ${declarations.sent} declaration reminder(s) sent for ${declarations.day}`)
        if (changes && changes.sent > 0) console.log(`[loyalty] ${changes.sent} change reminder(s) sent for ${changes.day}`)
      })
      .catch((e: Error) => console.error('[loyalty] reminders failed:', e.message))
  const loyaltyReminders = process.env.REMINDERS === 'false' ? null : setInterval(loyaltyTick, 10 * 60_000)
  loyaltyReminders?.unref()
  const firstLoyalty = loyaltyReminders ? setTimeout(loyaltyTick, 15_000) : null
  firstLoyalty?.unref()

  // The KRI area (issue 27): once a day from the reminder hour, the computed KRIs of every fund (a value
  // outside the appetite proposes its measures and tells the KRI's owner) and the reminders before a risk
  // acceptance lapses. Checked every 10 minutes like the other reminders; REMINDERS=false switches it off.
  const kriTick = () =>
    void exclusively('kri', () => runKriTick())
      .then((r) => {
        if (!r.ran || !r.result) return
        const { computed, acceptanceReminders, day } = r.result
        if (computed && computed.values > 0) console.log(`[kri] ${computed.values} computed value(s) written for ${day}`)
        if (acceptanceReminders > 0) console.log(`[kri] ${acceptanceReminders} acceptance reminder(s) sent for ${day}`)
      })
      .catch((e: Error) => console.error('[kri] job failed:', e.message))
  const kriJob = process.env.REMINDERS === 'false' ? null : setInterval(kriTick, 10 * 60_000)
  kriJob?.unref()
  const firstKri = kriJob ? setTimeout(kriTick, 20_000) : null
  firstKri?.unref()

  // Providers and findings (issue 28): the contract and notice reminders, this year's assurance reviews
  // planned and reminded of, and the escalation of findings past their deadline. Checked every 10 minutes
  // like the other reminders, each under its own lock; REMINDERS=false switches them off.
  const providersTick = () =>
    void exclusively('providers', () => runProvidersTick())
      .then((r) => {
        if (!r.ran || !r.result) return
        const { contractReminders, planned, reminders, day } = r.result
        if (contractReminders > 0) console.log(`[providers] ${contractReminders} contract reminder(s) sent for ${day}`)
        if (planned > 0) console.log(`[providers] ${planned} assurance review(s) planned for ${day}`)
        if (reminders > 0) console.log(`[providers] ${reminders} assurance reminder(s) sent for ${day}`)
      })
      .catch((e: Error) => console.error('[providers] job failed:', e.message))
  const providersJob = process.env.REMINDERS === 'false' ? null : setInterval(providersTick, 10 * 60_000)
  providersJob?.unref()
  const firstProviders = providersJob ? setTimeout(providersTick, 25_000) : null
  firstProviders?.unref()
  const findingsTick = () =>
    void exclusively('findings', () => runFindingEscalations())
      .then((r) => r.ran && r.result > 0 && console.log(`[findings] ${r.result} escalation(s) sent`))
      .catch((e: Error) => console.error('[findings] escalation failed:', e.message))
  const findingsJob = process.env.REMINDERS === 'false' ? null : setInterval(findingsTick, 10 * 60_000)
  findingsJob?.unref()
  const firstFindings = findingsJob ? setTimeout(findingsTick, 35_000) : null
  firstFindings?.unref()

  // Deputyships that start or end today: both people are told once (issue 12). Their own timer and
  // lock, whatever REMINDERS says: that someone may act for you is no reminder one switches off.
  const deputyTick = () =>
    void exclusively('deputyNotices', () => sendDeputyNotices())
      .then((r) => r.ran && r.result.sent > 0 && console.log(`[deputies] ${r.result.sent} start/end notice(s) sent`))
      .catch((e: Error) => console.error('[deputies] notices failed:', e.message))
  const deputyNotices = setInterval(deputyTick, 10 * 60_000)
  deputyNotices.unref()
  const firstDeputyTick = setTimeout(deputyTick, 5_000)
  firstDeputyTick.unref()

  // The plan of control executions (issue 25, decision 0061): the current year for processes with a
  // frequency and none planned yet, and from December 1 the next year. Checked every hour (the lock
  // keeps it to one instance); a run finds nothing to do once the year is planned.
  const planTick = () =>
    void exclusively('executionPlan', () => planExecutions())
      .then((r) => r.ran && r.result.planned > 0 && console.log(`[executions] ${r.result.planned} execution(s) planned`))
      .catch((e: Error) => console.error('[executions] planning failed:', e.message))
  const executionPlan = setInterval(planTick, 60 * 60_000)
  executionPlan.unref()
  const firstPlanTick = setTimeout(planTick, 30_000)
  firstPlanTick.unref()

  // The daily backup of the bundled PostgreSQL into DATA_DIR/backups (decision 0046): checked every
  // 10 minutes from BACKUP_HOUR on, until DATA_DIR/backups holds a backup of the day (Zurich).
  // An external database is backed up by its operator's tooling, or by `npm run backup`.
  const backupTick = () => void exclusively('backup', () => runBackupTick()).catch((e: Error) => console.error('[backup] failed:', e.message))
  let backupHour: number | null = null
  try {
    backupHour = backupSchedule().hour
  } catch (e) {
    exitOnStartupError(e)
  }
  const backups = !process.env.DATABASE_URL?.trim() && backupHour !== null ? setInterval(backupTick, 10 * 60_000) : null
  backups?.unref()
  const firstBackupTick = backups ? setTimeout(backupTick, 60_000) : null
  firstBackupTick?.unref()

  return () => {
    clearInterval(housekeeping)
    if (backups) clearInterval(backups)
    if (firstBackupTick) clearTimeout(firstBackupTick)
    if (reminders) clearInterval(reminders)
    if (first) clearTimeout(first)
    if (loyaltyReminders) clearInterval(loyaltyReminders)
    if (firstLoyalty) clearTimeout(firstLoyalty)
    if (kriJob) clearInterval(kriJob)
    if (firstKri) clearTimeout(firstKri)
    if (providersJob) clearInterval(providersJob)
    if (firstProviders) clearTimeout(firstProviders)
    if (findingsJob) clearInterval(findingsJob)
    if (firstFindings) clearTimeout(firstFindings)
    clearInterval(deputyNotices)
    clearTimeout(firstDeputyTick)
    clearInterval(executionPlan)
    clearTimeout(firstPlanTick)
  }
}
