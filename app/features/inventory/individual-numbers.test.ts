import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getFixedT } from '#app/i18n/resources.server.ts'
import type { CustomerAccess } from '#models/core/access.ts'
import { db } from '#models/core/db.server.ts'
import { processes } from '#app/features/inventory/ics/processes.server.ts'
import { risks$ } from '#app/features/inventory/risk/risks.server.ts'
import { icsMainThemes, riskThemes } from '#models/schema/index.ts'
import { seedIcsCatalog } from '#models/reference/catalogs.server.ts'
import { seedRiskCatalog } from '#models/reference/catalogs.server.ts'
import { createCustomer, memberFactory } from '../../../tests/factories.ts'

describe('numbers of individual risks and processes', () => {
  let access: CustomerAccess
  beforeAll(async () => {
    await seedRiskCatalog(db())
    await seedIcsCatalog(db())
    const customer = await createCustomer()
    access = (await memberFactory({ customer, traits: ['write'] })).access
  })

  it('are the theme number, a running number within the theme and _P, as the dialog says in every language', async () => {
    const [theme] = await db().select().from(riskThemes).where(eq(riskThemes.leadingNumber, '03'))
    const first = await risks$.for(access).createIndividual({ themeId: theme.id, title: 'Eigenes Risiko', description: '', ownerUserId: null })
    const second = await risks$.for(access).createIndividual({ themeId: theme.id, title: 'Noch eines', description: '', ownerUserId: null })
    expect([first.idkey, second.idkey]).toEqual(['03.01_P', '03.02_P'])
    const [main] = await db().select().from(icsMainThemes).where(eq(icsMainThemes.leadingNumber, '04'))
    const process = await processes.for(access).createIndividual({ mainThemeId: main.id, subThemeId: null, title: 'Eigener Prozess', description: '' })
    expect(process.idkey).toBe('04.01_P')
    for (const language of ['de', 'fr', 'en'] as const) {
      const t = getFixedT(language)
      expect(t('risk:catalog.individualIntro'), language).toContain(first.idkey)
      expect(t('iks:catalog.individualIntro'), language).toContain(process.idkey)
    }
  })
})
