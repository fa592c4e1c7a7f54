import type { ChildProcess } from 'node:child_process'

/** Stops an app process a test started (`node scripts/start.mjs`) and waits until it has exited. */
export async function stopApp(app: ChildProcess | null | undefined) {
  if (!app || app.exitCode !== null || app.signalCode !== null) return
  const exited = new Promise((r) => app.once('exit', r))
  app.kill('SIGTERM')
  await exited
}
