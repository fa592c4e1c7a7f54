import type { RiskThemeSeed } from './types.ts'

export const riskThemes: RiskThemeSeed[] = [
  {
    leadingNumber: '01',
    name: { de: 'Führung und Organisation', fr: 'Gouvernance et organisation', en: 'Governance and organisation' },
  },
  {
    leadingNumber: '02',
    name: { de: 'Vermögensanlage', fr: 'Placements', en: 'Investments' },
  },
  {
    leadingNumber: '03',
    name: { de: 'Versicherungstechnik und Finanzierung', fr: 'Technique actuarielle et financement', en: 'Actuarial and funding' },
  },
  {
    leadingNumber: '04',
    name: { de: 'Betrieb und Verwaltung', fr: 'Exploitation et administration', en: 'Operations and administration' },
  },
  {
    leadingNumber: '05',
    name: { de: 'IT und Informationssicherheit', fr: 'Informatique et sécurité de l’information', en: 'IT and information security' },
  },
  {
    leadingNumber: '06',
    name: { de: 'Datenschutz', fr: 'Protection des données', en: 'Data protection' },
  },
  {
    leadingNumber: '07',
    name: { de: 'Recht und Compliance', fr: 'Droit et conformité', en: 'Legal and compliance' },
  },
  {
    leadingNumber: '08',
    name: { de: 'Reputation und Kommunikation', fr: 'Réputation et communication', en: 'Reputation and communication' },
  },
  {
    leadingNumber: '09',
    name: { de: 'Personal und Know-how', fr: 'Personnel et savoir-faire', en: 'People and know-how' },
  },
]
