import fs from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import { db } from './db.server.ts'
import { countMail } from './metrics.server.ts'
import { type Language, mailTemplates } from '../schema/index.ts'

/** A mail ready to send; `template` names the template it was made from (sent as the X-Vorsorge-Template header, for filters and tests). */
export type RenderedMail = { subject: string; text: string; template?: string }

export function fillTemplate(template: string, values: Record<string, string>) {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '')
}

/** The template in the language asked for, falling back to German, the default. */
export async function renderTemplate(key: string, language: Language, values: Record<string, string>): Promise<RenderedMail> {
  let row = await db().query.mailTemplates.findFirst({ where: and(eq(mailTemplates.key, key), eq(mailTemplates.language, language)) })
  row ??= await db().query.mailTemplates.findFirst({ where: and(eq(mailTemplates.key, key), eq(mailTemplates.language, 'de')) })
  if (!row) throw new Error(`mail template ${key} missing`)
  return { subject: fillTemplate(row.subject, values), text: fillTemplate(row.body, values), template: key }
}

let transporter: Transporter | null = null
let outboxMode = false

export function outboxDir() {
  return path.resolve(process.env.OUTBOX_DIR ?? path.join(process.env.DATA_DIR ?? 'data', 'outbox'))
}

function getTransporter(): Transporter {
  if (transporter) return transporter
  const { SMTP_URL, SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_SECURE } = process.env
  if (SMTP_URL) {
    transporter = nodemailer.createTransport(SMTP_URL)
  } else if (SMTP_HOST) {
    transporter = nodemailer.createTransport({
      host: SMTP_HOST,
      port: Number(SMTP_PORT ?? 587),
      secure: SMTP_SECURE === 'true',
      auth: SMTP_USER ? { user: SMTP_USER, pass: SMTP_PASSWORD ?? '' } : undefined,
      ignoreTLS: process.env.SMTP_IGNORE_TLS === 'true',
    })
  } else {
    // No SMTP configured: write each mail as an .eml file, so a demo still delivers.
    outboxMode = true
    transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  }
  return transporter
}

/** For tests that start their own SMTP peer. */
export function resetMailTransport() {
  transporter = null
  outboxMode = false
}

export async function sendMail(to: string, mail: RenderedMail) {
  const from = process.env.MAIL_FROM ?? 'Vorsorge RM <no-reply@localhost>'
  try {
    const headers = mail.template ? { 'X-Vorsorge-Template': mail.template } : undefined
    const info = await getTransporter().sendMail({ from, to, subject: mail.subject, text: mail.text, headers })
    if (outboxMode) {
      const dir = outboxDir()
      fs.mkdirSync(dir, { recursive: true })
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`)
      fs.writeFileSync(file, (info as unknown as { message: Buffer }).message)
      console.log(`[mail] no SMTP configured; wrote ${file}`)
    }
    countMail('sent')
    return info
  } catch (e) {
    countMail('failed')
    throw e
  }
}

const onTheirWay = new Set<Promise<void>>()

/**
 * A mail sent apart from the answer (it neither waits for the mail nor fails with it): a failure is
 * logged as `[mail] <what> failed` and counted by sendMail, never thrown. The server's draining and
 * the tests wait for them with mailsOnTheirWay().
 */
export function sendLater(what: string, sending: Promise<unknown>): void {
  const done: Promise<void> = sending
    .then(() => {})
    .catch((e: Error) => console.error(`[mail] ${what} failed:`, e.message))
    .finally(() => onTheirWay.delete(done))
  onTheirWay.add(done)
}

/** Waits until every mail sent with sendLater is sent or failed, those started meanwhile included. */
export async function mailsOnTheirWay() {
  while (onTheirWay.size > 0) await Promise.all([...onTheirWay])
}

/** The origin APP_URL names, or null when it is unset or no URL: the request gate, cookies and redirect URIs trust it. */
export function configuredOrigin(): string | null {
  if (!process.env.APP_URL) return null
  try {
    return new URL(process.env.APP_URL).origin
  } catch {
    return null
  }
}

export function appUrl() {
  return (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '')
}
