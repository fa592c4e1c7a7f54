import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as pwdreset from './password-reset.tsx'
import * as pwd from './password.tsx'
import { system } from '../../../tests/system-db.ts'
import { auditEntries, passwordResetTokens, sessions } from '#models/schema/index.ts'
import { findSession } from '#app/auth/sessions.server.ts'
import { checkPasswordResetToken, createPasswordResetToken, resetPasswordWithToken, verifyLogin } from '#app/auth/users.server.ts'
import { request, run, sessionCookie, TEST_PASSWORD, userFactory } from '../../../tests/factories/index.ts'
import { tokenFromMail } from '../../../tests/smtp-peer.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'

const peer = useSmtpPeer()

describe('password reset tokens', () => {
  it('are random, stored only as a hash, and expire after 30 minutes', async () => {
    const user = await userFactory()
    const created = await createPasswordResetToken(user.email)
    expect(created!.token.length).toBeGreaterThanOrEqual(43) // 32 random bytes, base64url
    const [row] = await system().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))
    expect(row.tokenHash).not.toContain(created!.token)
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000
    expect(minutes).toBeGreaterThan(29.9)
    expect(minutes).toBeLessThanOrEqual(30.01)
  })

  it('work once and end every session of the user', async () => {
    const user = await userFactory()
    const { token: sessionToken } = await sessionCookie(user.id)
    const { token } = (await createPasswordResetToken(user.email))!
    expect(await resetPasswordWithToken(token, 'Neues-Passwort-1')).toBe('valid')
    expect(await findSession(sessionToken)).toBeNull()
    expect(await verifyLogin(user.email, 'Neues-Passwort-1')).not.toBeNull()
    expect(await verifyLogin(user.email, TEST_PASSWORD)).toBeNull()
    expect(await resetPasswordWithToken(token, 'Noch-ein-Passwort')).toBe('used')
    expect(await verifyLogin(user.email, 'Noch-ein-Passwort')).toBeNull()
    const audits = await system().select().from(auditEntries).where(eq(auditEntries.entityId, user.id))
    expect(audits.some((a) => a.component === 'user' && a.action === 'Updated' && 'password' in a.changedFields)).toBe(true)
    expect(JSON.stringify(audits)).not.toContain('Neues-Passwort-1')
  })

  it('refuse an expired and a wrong token, changing nothing', async () => {
    const user = await userFactory()
    const { token } = (await createPasswordResetToken(user.email))!
    await system()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id))
    expect(await checkPasswordResetToken(token)).toBe('expired')
    expect(await resetPasswordWithToken(token, 'Abgelaufen-123')).toBe('expired')
    expect(await resetPasswordWithToken('wrong-token', 'Falsch-12345')).toBe('invalid')
    expect(await verifyLogin(user.email, TEST_PASSWORD)).not.toBeNull()
  })

  it('the reset page gives the same answer for a known and an unknown address, and mails the link in the user language', async () => {
    const user = await userFactory({ traits: ['french'] })
    const known = await run(pwdreset.action, request('/pwdreset', { form: { intent: 'request', email: user.email } }))
    const unknown = await run(pwdreset.action, request('/pwdreset', { form: { intent: 'request', email: 'nobody@example.test' } }))
    expect(known.status).toBe(302)
    expect(known.location).toBe(unknown.location)
    const mail = await peer().waitFor(user.email)
    expect(mail.subject).toMatch(/mot de passe/i)
    const token = tokenFromMail(mail.text)
    expect(mail.text).toContain('http://vorsorge.test/pwdreset?token=')
    // Too short, and not repeated the same: the messages of SPEC.md §5.
    const bad = await run(pwdreset.action, request('/pwdreset', { form: { intent: 'reset', token, password: 'short', confirm: 'other' } }))
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('validation.passwordMin')
    const mismatch = await run(pwdreset.action, request('/pwdreset', { form: { intent: 'reset', token, password: 'Lang-genug-1', confirm: 'Lang-genug-2' } }))
    expect(JSON.stringify(mismatch.body)).toContain('validation.passwordMatch')
    const ok = await run(pwdreset.action, request('/pwdreset', { form: { intent: 'reset', token, password: 'Lang-genug-1', confirm: 'Lang-genug-1' } }))
    expect(ok.location).toBe('/')
    expect(await verifyLogin(user.email, 'Lang-genug-1')).not.toBeNull()
    expect(peer().mails.some((m) => m.to.includes('nobody@example.test'))).toBe(false)
  })
})

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await userFactory()
    const mine = await sessionCookie(user.id)
    const other = await sessionCookie(user.id)
    const wrong = await run(
      pwd.action,
      request('/app/user/pwd', { cookie: mine.cookie, form: { current: 'wrong-one', password: 'Neu-und-lang', confirm: 'Neu-und-lang' } }),
    )
    expect(wrong.status).toBe(400)
    expect(JSON.stringify(wrong.body)).toContain('account:pwd.wrongCurrent')
    const ok = await run(
      pwd.action,
      request('/app/user/pwd', { cookie: mine.cookie, form: { current: TEST_PASSWORD, password: 'Neu-und-lang', confirm: 'Neu-und-lang' } }),
    )
    expect(ok.status).toBe(302)
    expect(await findSession(mine.token)).not.toBeNull()
    expect(await findSession(other.token)).toBeNull()
    const left = await system().select().from(sessions).where(eq(sessions.userId, user.id))
    expect(left).toHaveLength(1)
  })
})
