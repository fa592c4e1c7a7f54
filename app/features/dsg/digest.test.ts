import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sendDueReminders } from '#app/features/measures/reminders.server.ts'
import { Measures } from '#app/features/measures/measures.server.ts'
import { reminderLog, users } from '#models/schema/index.ts'
import { system } from '../../../tests/system-db.ts'
import { customerFactory, memberFactory } from '../../../tests/factories/index.ts'
import { dsgActivityRecord, dsgBreachRecord, dsgRequestRecord, dsgSettingsRecord } from '../../../tests/factories/dsg-records.ts'
import { useSmtpPeer } from '../../../tests/integration/mail-setup.ts'
import { breachNumber, requestNumber } from '#models/core/record-number.ts'

const peer = useSmtpPeer()
const NOW = new Date('2026-06-15T05:00:00Z') // 07:00 in Zurich
const mailsTo = (email: string) => peer().mails.filter((m) => m.to.includes(email))
/** The newest mail to an address, its lines ended by \n. */
const mailTo = async (email: string) => {
  const mail = await peer().waitFor(email)
  return { subject: mail.subject, text: mail.text.replace(/\r\n/g, '\n') }
}

/**
 * The data protection items of the daily digest (issue 10), through the real SMTP peer: the
 * responsible person of an activity due for review gets it; the dsg role members get requests due
 * within 7 days or overdue and high-risk breaches not yet notified; one mail per person, fund and day.
 */
describe('the daily digest of the data protection area', () => {
  it('mails each person what is theirs, once a day, in their language, with their measures in the same mail', async () => {
    const alpha = await customerFactory({ attributes: { name: 'Pensionskasse Datenschutz' } })
    const beta = await customerFactory({ attributes: { name: 'Caisse Autre' } })
    const responsible = await memberFactory({ customer: alpha, traits: ['read'] })
    const dsg = await memberFactory({ customer: alpha, traits: ['dsg'], attributes: { user: { language: 'fr' } } })
    const admin = await memberFactory({ customer: alpha, traits: ['admin'] })
    const quiet = await memberFactory({ customer: alpha, traits: ['dsg'] })
    await system().update(users).set({ remindersEnabled: false }).where(eq(users.id, quiet.user.id))
    const writer = await memberFactory({ customer: alpha, traits: ['write'] })
    const notDue = await memberFactory({ customer: alpha, traits: ['read'] })
    const betaDsg = await memberFactory({ customer: beta, traits: ['dsg'] })

    await dsgActivityRecord(alpha, { name: 'Verwaltung der Versicherten', lastReviewedOn: '2025-06-15', responsibleUserId: responsible.user.id })
    await dsgActivityRecord(alpha, { name: 'Lohnbuchhaltung', lastReviewedOn: '2025-06-16', responsibleUserId: notDue.user.id })
    await dsgActivityRecord(alpha, { name: 'Entwurf', lastReviewedOn: '2020-01-01', state: 'draft', responsibleUserId: notDue.user.id })
    await dsgActivityRecord(alpha, { name: 'Bewerbungen', lastReviewedOn: '2024-01-01', responsibleUserId: dsg.user.id })
    const soon = await dsgRequestRecord(alpha, { dueOn: '2026-06-22', kind: 'erasure', requesterName: 'Hans Beispiel' })
    const late = await dsgRequestRecord(alpha, { dueOn: '2026-06-01', extendedTo: '2026-06-14', kind: 'access' })
    const later = await dsgRequestRecord(alpha, { dueOn: '2026-06-23' })
    const answered = await dsgRequestRecord(alpha, { dueOn: '2026-06-10', state: 'answered', answeredOn: '2026-06-09' })
    await dsgSettingsRecord(alpha, 48)
    const wrongAddress = await dsgBreachRecord(alpha, { title: 'Versand an falsche Adresse', discoveredAt: new Date('2026-06-12T12:00:00Z'), highRisk: true })
    const laptop = await dsgBreachRecord(alpha, { title: 'Laptop gestohlen', discoveredAt: new Date('2026-06-14T20:00:00Z'), highRisk: true })
    const notified = await dsgBreachRecord(alpha, {
      title: 'Schon gemeldet',
      discoveredAt: new Date('2026-06-10T08:00:00Z'),
      highRisk: true,
      fdpicNotifiedAt: NOW,
    })
    const lowRisk = await dsgBreachRecord(alpha, { title: 'Kein hohes Risiko', discoveredAt: new Date('2026-06-10T08:00:00Z'), highRisk: false })
    const closed = await dsgBreachRecord(alpha, { title: 'Abgeschlossen', discoveredAt: new Date('2026-06-01T08:00:00Z'), highRisk: true, state: 'closed' })
    await dsgRequestRecord(beta, { dueOn: '2026-06-16' })
    const foreign = await dsgBreachRecord(beta, { title: 'Fremde Verletzung', discoveredAt: new Date('2026-06-14T08:00:00Z'), highRisk: true })
    // The dsg role member also owns a measure due: it comes in the same mail.
    await Measures.for(writer.access).create({
      source: 'fund',
      title: 'Datenschutzerklärung anpassen',
      body: '',
      owner: { type: 'user', id: dsg.user.id },
      dueDate: '2026-06-20',
      recurrence: 0,
      dsgMeasure: true,
      inEdit: false,
    })
    // A writer with a measure only: the measure digest as before.
    await Measures.for(writer.access).create({
      source: 'fund',
      title: 'Anlagestrategie prüfen',
      body: '',
      owner: { type: 'user', id: writer.user.id },
      dueDate: '2026-06-16',
      recurrence: 0,
      dsgMeasure: false,
      inEdit: false,
    })

    await sendDueReminders(NOW)

    // The responsible person: the activity, nothing of breaches or requests.
    const toResponsible = await mailTo(responsible.user.email)
    expect(toResponsible.subject).toBe('Vorsorge RM: Ihre Pendenzen im Datenschutz bei Pensionskasse Datenschutz (1)')
    expect(toResponsible.text).toMatch(
      /Bearbeitungstätigkeiten, deren Überprüfung fällig ist \(1\)\n- V-\d+ · Verwaltung der Versicherten · zuletzt überprüft am 15\.06\.2025/,
    )
    expect(toResponsible.text).toContain('http://vorsorge.test/app/dsg/processing?due=yes')
    expect(toResponsible.text).not.toMatch(/Lohnbuchhaltung|Bewerbungen|Laptop|Begehren betroffener Personen,/)

    // The dsg role: its activity, the requests, the breaches to notify, and its measure, in French.
    const toDsg = await mailTo(dsg.user.email)
    // (The peer's decoding of a long encoded subject may add spaces where its parts join.)
    expect(toDsg.subject.replace(/ /g, '')).toBe(
      'Vorsorge RM\u00a0: vos points en suspens en protection des données chez Pensionskasse Datenschutz (5)'.replace(/ /g, ''),
    )
    expect(toDsg.text).toContain('Activités de traitement à réexaminer (1)\n- V-')
    expect(toDsg.text).toContain(
      [
        'Demandes de personnes concernées en retard ou échéant dans les 7 prochains jours (2)',
        `- 14.06.2026 (en retard) · ${requestNumber(late.idkey)} · Accès`,
        `- 22.06.2026 · ${requestNumber(soon.idkey)} · Effacement`,
        'http://vorsorge.test/app/dsg/requests',
      ].join('\n'),
    )
    expect(toDsg.text).not.toContain(`${requestNumber(later.idkey)} `)
    expect(toDsg.text).not.toContain(`${requestNumber(answered.idkey)} `)
    // The least personal data: no requester's name in a mail.
    expect(toDsg.text).not.toContain('Hans Beispiel')
    // 48 hours from the fund's settings: found 12.06. 14:00 in Zurich, to be notified by 14.06. 14:00.
    // Breaches by number only: a title is free text and often names who or what it concerns.
    expect(toDsg.text).toContain(`- ${breachNumber(wrongAddress.idkey)} · découverte le 12.06.2026 14:00 · à annoncer d’ici le 14.06.2026 14:00 (en retard)`)
    expect(toDsg.text).toContain(`- ${breachNumber(laptop.idkey)} · découverte le 14.06.2026 22:00 · à annoncer d’ici le 16.06.2026 22:00\n`)
    expect(toDsg.text).not.toMatch(/Versand an falsche Adresse|Laptop gestohlen/)
    for (const b of [notified, lowRisk, closed, foreign]) expect(toDsg.text).not.toContain(`${breachNumber(b.idkey)} · découverte`)
    expect(toDsg.text).toMatch(
      /Vos mesures en retard ou échéant dans les 14 prochains jours\n- 20\.06\.2026 · Caisse de pension · M-\d+ · Datenschutzerklärung anpassen/,
    )
    expect(mailsTo(dsg.user.email)).toHaveLength(1)

    // The measure digest stays as it was for those with measures only.
    const toWriter = await mailTo(writer.user.email)
    expect(toWriter.subject).toContain('Massnahmen')
    expect(toWriter.text).not.toContain('Datenschutz bei')

    // Admins without the dsg role, members with reminders off, nothing due: no mail.
    for (const m of [admin, quiet, notDue]) expect(mailsTo(m.user.email), m.user.email).toHaveLength(0)
    // The other fund's dsg role: only its own fund's items.
    const toBeta = await mailTo(betaDsg.user.email)
    expect(toBeta.text).toContain(`${breachNumber(foreign.idkey)} · `)
    expect(toBeta.text).not.toContain(`${breachNumber(wrongAddress.idkey)} · `)

    // Once a day: a second run sends nothing new; the next day brings the next digest.
    const before = peer().mails.length
    expect((await sendDueReminders(new Date('2026-06-15T20:00:00Z'))).sent).toBe(0)
    expect(peer().mails.length).toBe(before)
    expect(await system().select().from(reminderLog).where(eq(reminderLog.userId, dsg.user.id))).toEqual([
      expect.objectContaining({ day: '2026-06-15', measureCount: 1 }),
    ])
    await sendDueReminders(new Date('2026-06-16T05:00:00Z'))
    expect(mailsTo(dsg.user.email)).toHaveLength(2)
    expect(mailsTo(responsible.user.email)).toHaveLength(2)
  })
})
