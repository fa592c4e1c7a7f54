import fs from 'node:fs'
import { customerFactory, measureFactory, memberFactory, tag } from '../factories/index.ts'
import { expect, test } from './fixtures.ts'

/*
 * Files of documents and of a measure's confirmation (issue 25, decision 0063), with JavaScript on and
 * off, in German and French: a plain multipart form, a file whose content does not fit its name refused
 * in the user's words with nothing kept, a PDF kept and given back as an attachment byte for byte.
 */

const PASSWORD = 'E2e-Passwort-1'
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('Prüfbericht der Revisionsstelle 2026\n'.repeat(100)), Buffer.from('%%EOF\n')])
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 3)])

const WORDS = {
  de: {
    name: 'Name',
    file: 'Datei',
    files: 'Dateien',
    add: 'Hinzufügen',
    mismatch: 'Der Inhalt einer Datei passt nicht zur Endung ihres Namens.',
    confirmation: 'Bestätigung',
    confirm: 'Bestätigen',
    removeNamed: (name: string) => `${name} entfernen`,
  },
  fr: {
    name: 'Nom',
    file: 'Fichier',
    files: 'Fichiers',
    add: 'Ajouter',
    mismatch: 'Le contenu d’un fichier ne correspond pas à l’extension de son nom.',
    confirmation: 'Confirmation',
    confirm: 'Confirmer',
    removeNamed: (name: string) => `Retirer ${name}`,
  },
} as const

async function setUp(language: 'de' | 'fr') {
  const customer = await customerFactory({ traits: [language === 'fr' ? 'french' : 'german'] })
  const m = await memberFactory({
    customer,
    traits: ['write', 'signed-out', language === 'fr' ? 'french' : 'german'],
    attributes: { user: { email: `e2e-files-${tag(5)}@example.test`, firstName: 'Doris', lastName: 'Dokument' } },
    password: PASSWORD,
  })
  const measure = await measureFactory({ customer, owner: m.user, attributes: { source: 'risk', title: `Vertrag prüfen ${tag()}` } })
  return { who: { email: m.user.email, password: PASSWORD }, measure }
}

for (const language of ['de', 'fr'] as const) {
  const w = WORDS[language]

  test(`a document takes a PDF and a measure's confirmation a picture; a mismatched file is refused (${language})`, async ({ page, signIn }) => {
    const { who, measure } = await setUp(language)
    await signIn(who)

    await page.goto('/app/docs/new?tab=risk')
    const title = `Prüfbericht ${tag()}`
    await page.getByRole('textbox', { name: w.name, exact: true }).fill(title)
    // A PNG's name over a PDF's content: refused at the field, nothing kept.
    await page.getByLabel(w.file, { exact: true }).setInputFiles({ name: 'bild.png', mimeType: 'image/png', buffer: PDF })
    await page.getByRole('button', { name: w.add }).click()
    await expect(page.getByText(w.mismatch)).toBeVisible()

    await page.getByRole('textbox', { name: w.name, exact: true }).fill(title)
    await page.getByLabel(w.file, { exact: true }).setInputFiles({ name: 'prüfbericht.pdf', mimeType: 'application/pdf', buffer: PDF })
    await page.getByRole('button', { name: w.add }).click()
    await expect(page.getByTestId('toast')).toBeVisible()

    // The list names it as a file (no linking error); its page gives the PDF back as an attachment.
    await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: w.file, exact: true }).click()
    const link = page.getByTestId('file-list').getByRole('link', { name: 'prüfbericht.pdf' })
    await expect(link).toBeVisible()
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe('prüfbericht.pdf')
    expect(fs.readFileSync(await download.path()).equals(PDF)).toBe(true)

    // Its form lists the file with a button to remove it.
    const view = new URL(page.url())
    await page.goto(`${view.pathname}/edit${view.search}`)
    await page.getByRole('button', { name: w.removeNamed('prüfbericht.pdf') }).click()
    await expect(page.getByTestId('toast')).toBeVisible()
    await expect(page.getByTestId('file-list')).toHaveCount(0)

    // A measure's confirmation keeps its picture with it.
    await page.goto(`/app/measures/${measure.id}/confirm`)
    await page.getByRole('textbox', { name: w.confirmation }).fill('Vertrag geprüft und unterzeichnet.')
    await page.getByLabel(w.files, { exact: true }).setInputFiles([{ name: 'unterschrift.png', mimeType: 'image/png', buffer: PNG }])
    await page.getByRole('button', { name: w.confirm, exact: true }).click()
    await expect(page.getByTestId('toast')).toBeVisible()
    await page.goto(`/app/measures/${measure.id}`)
    await expect(page.getByTestId('file-list').getByRole('link', { name: 'unterschrift.png' })).toBeVisible()
  })
}
