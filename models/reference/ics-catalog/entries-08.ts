import type { IcsCatalogSeed } from './types.ts'

/** Main process 08 – compliance and legal */
export const icsEntries08: IcsCatalogSeed[] = [
  {
    idkey: '08.1.01',
    mainTheme: '08',
    subTheme: '08.1',
    dsgRelevant: false,
    tags: ['loyalty', 'conflicts'],
    title: {
      de: 'Offenlegung von Interessenverbindungen und Loyalitätserklärungen',
      fr: 'Déclaration des liens d’intérêts et déclarations de loyauté',
      en: 'Disclosure of interests and loyalty declarations',
    },
    description: {
      de: 'Stiftungsräte, Geschäftsführung und mit der Vermögensverwaltung betraute Personen unterstehen den Integritäts- und Loyalitätsvorschriften (Art. 48f–48l BVV 2). Nicht offengelegte Interessenkonflikte oder einbehaltene Vermögensvorteile schädigen die Versicherten und die Reputation der Kasse.',
      fr: 'Les membres du conseil de fondation, la direction et les personnes chargées de la gestion de fortune sont soumis aux prescriptions d’intégrité et de loyauté (art. 48f à 48l OPP 2). Des conflits d’intérêts non déclarés ou des avantages financiers conservés lèsent les assurés et nuisent à la réputation de la caisse.',
      en: 'Foundation council members, management and persons entrusted with asset management are subject to the integrity and loyalty rules (Art. 48f–48l BVV 2). Undisclosed conflicts of interest or retained financial benefits harm the insured and the fund’s reputation.',
    },
    defaultControlTarget: {
      de: 'Alle verpflichteten Personen legen ihre Interessenverbindungen jährlich offen und bestätigen schriftlich die Einhaltung der Loyalitätsvorschriften.',
      fr: 'Toutes les personnes concernées déclarent chaque année leurs liens d’intérêts et confirment par écrit le respect des prescriptions de loyauté.',
      en: 'All persons concerned disclose their interests every year and confirm compliance with the loyalty rules in writing.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung versendet jährlich die Erklärungsformulare, überwacht den Rücklauf und legt dem Stiftungsrat eine Übersicht mit allfälligen Konflikten vor. Die Revisionsstelle prüft die Vorkehrungen im Rahmen ihrer Prüfung.',
      fr: 'La direction envoie chaque année les formulaires de déclaration, surveille leur retour et présente au conseil de fondation une synthèse des éventuels conflits. L’organe de révision examine les dispositions prises dans le cadre de son contrôle.',
      en: 'Management sends out the declaration forms every year, tracks their return and presents the foundation council with an overview of any conflicts. The auditor reviews the arrangements as part of its audit.',
    },
  },
  {
    idkey: '08.1.02',
    mainTheme: '08',
    subTheme: '08.1',
    dsgRelevant: false,
    tags: ['related-parties', 'loyalty'],
    title: {
      de: 'Rechtsgeschäfte mit Nahestehenden und Eigengeschäfte',
      fr: 'Actes juridiques avec des personnes proches et affaires pour compte propre',
      en: 'Related-party transactions and personal dealing',
    },
    description: {
      de: 'Geschäfte mit Stiftungsräten, Arbeitgebern oder ihnen nahestehenden Personen sowie Eigengeschäfte mit Insiderwissen können die Vorsorgeeinrichtung benachteiligen. Fehlen Ausschreibung und Offenlegung, entstehen nicht marktübliche Konditionen.',
      fr: 'Les affaires conclues avec des membres du conseil de fondation, des employeurs ou des personnes qui leur sont proches ainsi que les affaires pour compte propre fondées sur des informations privilégiées peuvent désavantager l’institution de prévoyance. Sans appel d’offres ni déclaration, des conditions non conformes au marché apparaissent.',
      en: 'Transactions with foundation council members, employers or persons close to them, as well as personal dealing based on inside knowledge, can disadvantage the pension fund. Without tendering and disclosure, terms that are not at arm’s length arise.',
    },
    defaultControlTarget: {
      de: 'Rechtsgeschäfte mit Nahestehenden erfolgen nur zu marktüblichen Bedingungen, werden offengelegt, und Eigengeschäfte mit Insiderwissen sind ausgeschlossen.',
      fr: 'Les actes juridiques avec des personnes proches ne sont conclus qu’aux conditions du marché et sont déclarés, et les affaires pour compte propre fondées sur des informations privilégiées sont exclues.',
      en: 'Related-party transactions are only concluded at arm’s length and are disclosed, and personal dealing based on inside knowledge is excluded.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung führt ein Register der Rechtsgeschäfte mit Nahestehenden und holt bei bedeutenden Geschäften Konkurrenzofferten ein. Der Stiftungsrat genehmigt diese Geschäfte, und sie werden im Anhang der Jahresrechnung offengelegt.',
      fr: 'La direction tient un registre des actes juridiques avec des personnes proches et demande des offres concurrentes pour les affaires importantes. Le conseil de fondation approuve ces affaires, qui sont publiées dans l’annexe des comptes annuels.',
      en: 'Management keeps a register of related-party transactions and obtains competing offers for significant ones. The foundation council approves these transactions and they are disclosed in the notes to the annual accounts.',
    },
  },
  {
    idkey: '08.2.01',
    mainTheme: '08',
    subTheme: '08.2',
    dsgRelevant: false,
    tags: ['regulatory', 'monitoring'],
    title: {
      de: 'Überwachung von Gesetzesänderungen und Aufsichtsvorgaben',
      fr: 'Veille sur les modifications légales et les exigences de surveillance',
      en: 'Monitoring of legislative changes and supervisory requirements',
    },
    description: {
      de: 'BVG-Revisionen, Weisungen der Oberaufsichtskommission und Vorgaben der kantonalen Aufsicht ändern laufend. Werden Änderungen nicht rechtzeitig erkannt, sind Reglemente, Prozesse und Systeme nicht mehr rechtskonform.',
      fr: 'Les révisions de la LPP, les directives de la Commission de haute surveillance et les exigences de l’autorité de surveillance cantonale évoluent constamment. Si les changements ne sont pas identifiés à temps, les règlements, processus et systèmes ne sont plus conformes au droit.',
      en: 'BVG revisions, directives of the Occupational Pension Supervisory Commission and requirements of the cantonal supervisory authority change constantly. If changes are not identified in time, regulations, processes and systems are no longer compliant.',
    },
    defaultControlTarget: {
      de: 'Relevante Rechts- und Aufsichtsänderungen werden rechtzeitig erkannt, beurteilt und bis zum Inkrafttreten umgesetzt.',
      fr: 'Les changements juridiques et prudentiels pertinents sont identifiés à temps, évalués et mis en œuvre avant leur entrée en vigueur.',
      en: 'Relevant legal and supervisory changes are identified in time, assessed and implemented by their effective date.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung wertet quartalsweise Mitteilungen der Aufsicht, des Bundesamts für Sozialversicherungen und der Fachverbände aus und führt eine Liste der Umsetzungsmassnahmen. Der Stiftungsrat wird an jeder Sitzung über den Stand informiert.',
      fr: 'La direction analyse chaque trimestre les communications de l’autorité de surveillance, de l’Office fédéral des assurances sociales et des associations professionnelles et tient une liste des mesures de mise en œuvre. Le conseil de fondation est informé de l’avancement à chaque séance.',
      en: 'Management analyses communications from the supervisory authority, the Federal Social Insurance Office and industry associations quarterly and keeps a list of implementation measures. The foundation council is informed of the status at every meeting.',
    },
  },
  {
    idkey: '08.2.02',
    mainTheme: '08',
    subTheme: '08.2',
    dsgRelevant: true,
    tags: ['reporting', 'authorities', 'deadlines'],
    title: { de: 'Fristgerechte Meldungen an Behörden', fr: 'Annonces dans les délais aux autorités', en: 'Timely reporting to authorities' },
    description: {
      de: 'Die Vorsorgeeinrichtung muss unter anderem der Aufsichtsbehörde, dem Sicherheitsfonds BVG, der Zentralstelle 2. Säule und der Eidgenössischen Steuerverwaltung Meldungen erstatten. Versäumte Fristen führen zu Verfügungen, Bussen oder Verzugszinsen.',
      fr: 'L’institution de prévoyance doit notamment faire des annonces à l’autorité de surveillance, au Fonds de garantie LPP, à la Centrale du 2e pilier et à l’Administration fédérale des contributions. Des délais manqués entraînent des décisions, des amendes ou des intérêts moratoires.',
      en: 'The pension fund must report to, among others, the supervisory authority, the BVG Guarantee Fund, the Central Office 2nd Pillar and the Federal Tax Administration. Missed deadlines lead to rulings, fines or default interest.',
    },
    defaultControlTarget: {
      de: 'Alle gesetzlichen Meldungen und Einreichungen erfolgen vollständig und fristgerecht.',
      fr: 'Toutes les annonces et remises légales sont effectuées de manière complète et dans les délais.',
      en: 'All statutory reports and filings are made completely and on time.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung führt einen Meldekalender mit Fristen und Verantwortlichen. Erledigte Meldungen werden mit Datum und Beleg abgehakt, und der Kalender wird monatlich auf offene Punkte kontrolliert.',
      fr: 'La direction tient un calendrier des annonces avec délais et responsables. Les annonces effectuées sont cochées avec date et justificatif, et le calendrier est contrôlé chaque mois pour détecter les points en suspens.',
      en: 'Management keeps a reporting calendar with deadlines and owners. Completed reports are ticked off with date and evidence, and the calendar is checked monthly for open items.',
    },
  },
  {
    idkey: '08.3.01',
    mainTheme: '08',
    subTheme: '08.3',
    dsgRelevant: true,
    tags: ['complaints', 'legal'],
    title: { de: 'Beschwerdemanagement', fr: 'Gestion des réclamations', en: 'Complaints handling' },
    description: {
      de: 'Versicherte, Rentenbezüger und Arbeitgeber beschweren sich über Leistungen, Fehler oder Verzögerungen. Nicht erfasste oder verschleppte Beschwerden eskalieren zu Rechtsstreitigkeiten und verdecken systematische Prozessmängel.',
      fr: 'Les assurés, les rentiers et les employeurs se plaignent des prestations, d’erreurs ou de retards. Des réclamations non enregistrées ou traitées tardivement dégénèrent en litiges et masquent des défauts systématiques des processus.',
      en: 'Insured persons, pensioners and employers complain about benefits, errors or delays. Complaints that are not recorded or are left pending escalate into litigation and hide systematic process weaknesses.',
    },
    defaultControlTarget: {
      de: 'Jede Beschwerde wird erfasst, innert festgelegter Frist beantwortet und auf Ursachen ausgewertet.',
      fr: 'Chaque réclamation est enregistrée, traitée dans un délai défini et analysée quant à ses causes.',
      en: 'Every complaint is recorded, answered within a defined time and analysed for root causes.',
    },
    defaultControlActivity: {
      de: 'Beschwerden werden in einem Register mit Eingangsdatum, Thema und Erledigung geführt. Die Geschäftsführung prüft das Register quartalsweise, leitet bei wiederkehrenden Ursachen Massnahmen ein und informiert den Stiftungsrat über hängige Rechtsfälle.',
      fr: 'Les réclamations sont tenues dans un registre avec date de réception, objet et suite donnée. La direction examine le registre chaque trimestre, prend des mesures en cas de causes récurrentes et informe le conseil de fondation des litiges pendants.',
      en: 'Complaints are kept in a register with date received, subject and resolution. Management reviews the register quarterly, takes action on recurring causes and informs the foundation council of pending legal cases.',
    },
  },
]
