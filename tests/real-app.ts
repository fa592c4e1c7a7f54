import type { ChildProcess } from 'node:child_process'

/** Stops an app process a test started (`node scripts/start.mjs`) and waits until it has exited. */
export async function stopApp(app: ChildProcess | null | undefined) {
  if (!app || app.exitCode !== null || app.signalCode !== null) return
  const exited = new Promise((r) => app.once('exit', r))
  app.kill('SIGTERM')
  await exited
}

/**
 * Waits until an app a test started answers `/healthz` 200: polls every 200 ms, and fails at once with
 * the app's output when it exits, or when `ms` pass.
 */
export async function untilHealthy(origin: string, app: ChildProcess, output: () => string, ms = 120_000) {
  const deadline = Date.now() + ms
  for (;;) {
    const status = await fetch(`${origin}/healthz`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode}:\n${output()}`)
    if (Date.now() > deadline) throw new Error(`the app did not answer /healthz 200 within ${ms / 1000} s:\n${output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
