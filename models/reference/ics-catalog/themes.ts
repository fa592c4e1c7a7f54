import type { IcsMainThemeSeed, IcsSubThemeSeed } from './types.ts'

/** Main processes (Hauptprozesse) of a Swiss pension fund. */
export const icsMainThemes: IcsMainThemeSeed[] = [
  { leadingNumber: '01', name: { de: 'Führung und Governance', fr: 'Conduite et gouvernance', en: 'Management and governance' } },
  { leadingNumber: '02', name: { de: 'Vermögensanlage', fr: 'Placement de la fortune', en: 'Asset management' } },
  { leadingNumber: '03', name: { de: 'Beiträge und Versicherte', fr: 'Cotisations et assurés', en: 'Contributions and insured persons' } },
  { leadingNumber: '04', name: { de: 'Leistungen', fr: 'Prestations', en: 'Benefits' } },
  { leadingNumber: '05', name: { de: 'Finanzen und Rechnungswesen', fr: 'Finances et comptabilité', en: 'Finance and accounting' } },
  { leadingNumber: '06', name: { de: 'Informatik und Datenschutz', fr: 'Informatique et protection des données', en: 'IT and data protection' } },
  { leadingNumber: '07', name: { de: 'Personal und Organisation', fr: 'Personnel et organisation', en: 'Human resources and organisation' } },
  { leadingNumber: '08', name: { de: 'Compliance und Recht', fr: 'Conformité et droit', en: 'Compliance and legal' } },
]

/** Sub-processes (Teilprozesse), 3 per main process. */
export const icsSubThemes: IcsSubThemeSeed[] = [
  // 01 Führung und Governance
  {
    key: '01.1',
    mainTheme: '01',
    name: { de: 'Führungsorganisation und Reglemente', fr: 'Organisation de la conduite et règlements', en: 'Governance structure and regulations' },
  },
  {
    key: '01.2',
    mainTheme: '01',
    name: { de: 'Finanzierung und Versicherungstechnik', fr: 'Financement et technique actuarielle', en: 'Funding and actuarial matters' },
  },
  {
    key: '01.3',
    mainTheme: '01',
    name: { de: 'Risikomanagement und Berichterstattung', fr: 'Gestion des risques et rapports', en: 'Risk management and reporting' },
  },
  // 02 Vermögensanlage
  { key: '02.1', mainTheme: '02', name: { de: 'Anlagestrategie', fr: 'Stratégie de placement', en: 'Investment strategy' } },
  { key: '02.2', mainTheme: '02', name: { de: 'Anlagecontrolling', fr: 'Controlling des placements', en: 'Investment controlling' } },
  { key: '02.3', mainTheme: '02', name: { de: 'Vermögensverwaltungsmandate', fr: 'Mandats de gestion de fortune', en: 'Asset management mandates' } },
  // 03 Beiträge und Versicherte
  { key: '03.1', mainTheme: '03', name: { de: 'Versichertenverwaltung', fr: 'Gestion des assurés', en: 'Administration of insured persons' } },
  { key: '03.2', mainTheme: '03', name: { de: 'Beitragswesen', fr: 'Cotisations', en: 'Contributions' } },
  { key: '03.3', mainTheme: '03', name: { de: 'Freizügigkeit und Einkäufe', fr: 'Libre passage et rachats', en: 'Vested benefits and buy-ins' } },
  // 04 Leistungen
  { key: '04.1', mainTheme: '04', name: { de: 'Altersleistungen', fr: 'Prestations de vieillesse', en: 'Retirement benefits' } },
  {
    key: '04.2',
    mainTheme: '04',
    name: { de: 'Risikoleistungen bei Invalidität und Tod', fr: 'Prestations de risque en cas d’invalidité et de décès', en: 'Disability and death benefits' },
  },
  {
    key: '04.3',
    mainTheme: '04',
    name: { de: 'Rentenzahlung und Rentnerbestand', fr: 'Versement des rentes et effectif des rentiers', en: 'Pension payments and pensioner portfolio' },
  },
  // 05 Finanzen und Rechnungswesen
  { key: '05.1', mainTheme: '05', name: { de: 'Zahlungsverkehr', fr: 'Trafic des paiements', en: 'Payments' } },
  {
    key: '05.2',
    mainTheme: '05',
    name: { de: 'Buchführung und Jahresabschluss', fr: 'Comptabilité et bouclement annuel', en: 'Bookkeeping and annual closing' },
  },
  { key: '05.3', mainTheme: '05', name: { de: 'Budget und Kostencontrolling', fr: 'Budget et contrôle des coûts', en: 'Budget and cost control' } },
  // 06 Informatik und Datenschutz
  { key: '06.1', mainTheme: '06', name: { de: 'Zugriffe und Berechtigungen', fr: 'Accès et autorisations', en: 'Access and authorisations' } },
  {
    key: '06.2',
    mainTheme: '06',
    name: {
      de: 'IT-Betrieb und Informationssicherheit',
      fr: 'Exploitation informatique et sécurité de l’information',
      en: 'IT operations and information security',
    },
  },
  { key: '06.3', mainTheme: '06', name: { de: 'Datenschutz', fr: 'Protection des données', en: 'Data protection' } },
  // 07 Personal und Organisation
  {
    key: '07.1',
    mainTheme: '07',
    name: { de: 'Aufbauorganisation und Kompetenzen', fr: 'Structure organisationnelle et compétences', en: 'Organisational structure and authorities' },
  },
  { key: '07.2', mainTheme: '07', name: { de: 'Personalwesen und Ausbildung', fr: 'Ressources humaines et formation', en: 'Human resources and training' } },
  {
    key: '07.3',
    mainTheme: '07',
    name: { de: 'Auslagerungen und Dienstleister', fr: 'Externalisations et prestataires', en: 'Outsourcing and service providers' },
  },
  // 08 Compliance und Recht
  { key: '08.1', mainTheme: '08', name: { de: 'Integrität und Loyalität', fr: 'Intégrité et loyauté', en: 'Integrity and loyalty' } },
  {
    key: '08.2',
    mainTheme: '08',
    name: { de: 'Rechtliche und aufsichtsrechtliche Vorgaben', fr: 'Exigences légales et prudentielles', en: 'Legal and regulatory requirements' },
  },
  { key: '08.3', mainTheme: '08', name: { de: 'Beschwerden und Rechtsfälle', fr: 'Réclamations et litiges', en: 'Complaints and legal cases' } },
]
