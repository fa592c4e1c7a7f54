import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import type { Access } from '#models/core/access.ts'
import { db } from '#models/core/db.server.ts'
import type { icsMainThemes, riskThemes } from '#models/schema/index.ts'
import { request, run } from '../../../tests/factories/index.ts'

/*
 * What the tests of the operator's two catalogues (risks, ICS) share: their theme (main process) rules
 * are the same, so the same tests run against both.
 */

/** Two characters no other test of the file uses: a letter pair drawn at random, retried on a clash. */
export function leadingNumbers() {
  // 'QQ' is the number the refused requests try to create: never hand it out at random.
  const used = new Set<string>(['QQ'])
  return function leadingNumber() {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
    for (;;) {
      const ln = letters[crypto.randomInt(26)] + letters[crypto.randomInt(26)]
      if (!used.has(ln)) {
        used.add(ln)
        return ln
      }
    }
  }
}

export const errorText = (body: unknown) => JSON.stringify(body)

type ThemeInput = { leadingNumber: string; nameDe: string; nameFr: string; nameEn: string }
// biome-ignore lint/suspicious/noExplicitAny: route handlers of either catalogue
type Handler = (args: any) => any

/** The two tests of the leading number a theme gets: two characters, and no number twice. */
export function leadingNumberTests(o: {
  sadmin: () => { access: Access; cookie: string }
  leadingNumber: () => string
  /** The list of themes; new ones are created at `${themes}/new`. */
  themes: string
  action: Handler
  create: (access: Access, input: ThemeInput) => Promise<{ id: string }>
  table: typeof riskThemes | typeof icsMainThemes
  themeForm: (ln: string, extra?: Record<string, string>) => Record<string, string>
  takenKey: string
}) {
  const table = o.table as typeof riskThemes
  it('a leading number must have exactly two characters', async () => {
    const { cookie, access } = o.sadmin()
    for (const ln of ['7', '123', '   ']) {
      const res = await run(o.action, request(`${o.themes}/new`, { cookie, form: o.themeForm(ln) }))
      expect(res.status, ln).toBe(400)
      expect(errorText(res.body), ln).toContain(ln.trim() ? 'validation.twoChars' : 'validation.required')
    }
    // The service refuses it too, whoever calls it.
    await expect(o.create(access, { leadingNumber: 'ABC', nameDe: 'x', nameFr: 'x', nameEn: 'x' })).rejects.toMatchObject({
      code: 'invalid',
      field: 'leadingNumber',
      messageKey: 'validation.twoChars',
    })
    expect(
      await db()
        .select()
        .from(table)
        .where(eq(table.nameDe, o.themeForm('123').nameDe)),
    ).toEqual([])
    const ok = await run(o.action, request(`${o.themes}/new`, { cookie, form: o.themeForm(o.leadingNumber()) }))
    expect(ok.status).toBe(302)
    expect(ok.location).toBe(o.themes)
    expect(ok.headers.get('Set-Cookie')).toContain('__toast')
  })

  it('a duplicate leading number gets its own message, on create and on update', async () => {
    const { cookie, access } = o.sadmin()
    const ln = o.leadingNumber()
    expect((await run(o.action, request(`${o.themes}/new`, { cookie, form: o.themeForm(ln) }))).status).toBe(302)
    const dup = await run(o.action, request(`${o.themes}/new`, { cookie, form: o.themeForm(ln, { nameDe: 'Doppelt' }) }))
    expect(dup.status).toBe(400)
    expect(errorText(dup.body)).toContain(o.takenKey)
    expect(errorText(dup.body)).toContain('Doppelt')
    const other = await o.create(access, { leadingNumber: o.leadingNumber(), nameDe: 'Andere', nameFr: 'Autre', nameEn: 'Other' })
    const upd = await run(o.action, request(`${o.themes}/${other.id}/edit`, { cookie, form: { ...o.themeForm(ln), version: '1' } }), { id: other.id })
    expect(upd.status).toBe(400)
    expect(errorText(upd.body)).toContain(o.takenKey)
    expect(await db().select().from(table).where(eq(table.leadingNumber, ln))).toHaveLength(1)
  })
}
