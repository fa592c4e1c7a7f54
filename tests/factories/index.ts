/**
 * Test factories shared by the integration tests (conference-hall style): each inserts the rows
 * a test needs, named by traits, through `asSystem` so they work under row-level security.
 *
 *   const customer = await customerFactory({ traits: ['french'] })
 *   const writer = await memberFactory({ customer, traits: ['risk-write', 'ics-read'] })
 *   const risk = await riskFactory({ customer, owner: writer.user, traits: ['dsg'] })
 *   await run(detail.loader, request(`/app/risk/${risk.id}`, { cookie: writer.cookie }), { id: risk.id })
 */
export * from './customers.ts'
export * from './documents.ts'
export * from './governance.ts'
export * from './measures.ts'
export * from './processes.ts'
export * from './requests.ts'
export * from './risks.ts'
export * from './traits.ts'
export * from './users.ts'
