import type { RiskCatalogSeed } from './types.ts'

/** Theme 04 – operations and administration */
export const risks04: RiskCatalogSeed[] = [
  {
    idkey: '04.01', theme: '04',
    title: { de: 'Beitragsausstände angeschlossener Arbeitgeber', fr: 'Arriérés de cotisations des employeurs affiliés', en: 'Contribution arrears of affiliated employers' },
    description: {
      de: 'Arbeitgeber überweisen die Beiträge verspätet oder gar nicht, oft als Vorzeichen finanzieller Schwierigkeiten. Ausstände werden zu spät erkannt und nicht konsequent gemahnt. Bei Konkurs des Arbeitgebers drohen Verluste und Aufwand mit dem Sicherheitsfonds.',
      fr: 'Des employeurs versent les cotisations en retard ou pas du tout, souvent signe de difficultés financières. Les arriérés sont détectés trop tard et ne font pas l’objet de rappels systématiques. En cas de faillite de l’employeur, des pertes et des démarches auprès du Fonds de garantie s’ensuivent.',
      en: 'Employers pay contributions late or not at all, often an early sign of financial difficulty. Arrears are detected too late and not chased consistently. If the employer goes bankrupt, losses and claims handling with the Guarantee Fund follow.',
    },
    reaction: {
      de: 'Verbindliches Mahn- und Betreibungsverfahren mit Fristen festlegen und Ausstände der Aufsichtsbehörde melden.',
      fr: 'Fixer une procédure de rappel et de poursuite contraignante avec délais et annoncer les arriérés à l’autorité de surveillance.',
      en: 'Set a binding dunning and debt-collection procedure with deadlines and report arrears to the supervisory authority.',
    },
    controlling: {
      de: 'Monatliche Ausstandsliste nach Arbeitgeber und Alter der Forderung, geprüft durch die Geschäftsführung.',
      fr: 'Liste mensuelle des arriérés par employeur et ancienneté, vérifiée par la direction.',
      en: 'Monthly arrears list by employer and age of receivable, reviewed by management.',
    },
    probability: 3, severity: 2, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['operations', 'contributions'],
  },
  {
    idkey: '04.02', theme: '04',
    title: { de: 'Fehlerhafte Berechnung oder Auszahlung von Leistungen', fr: 'Calcul ou versement erroné de prestations', en: 'Incorrect calculation or payment of benefits' },
    description: {
      de: 'Renten, Kapitalleistungen oder Todesfallleistungen werden falsch berechnet, doppelt, verspätet oder an die falsche Person ausbezahlt. Ursachen sind manuelle Eingriffe, Systemfehler oder gefälschte Zahlungsanweisungen. Rückforderungen sind aufwendig und schädigen das Vertrauen der Versicherten.',
      fr: 'Des rentes, prestations en capital ou prestations de décès sont mal calculées, versées à double, en retard ou à la mauvaise personne. Les causes sont des interventions manuelles, des erreurs de système ou de faux ordres de paiement. Les restitutions sont laborieuses et entament la confiance des assurés.',
      en: 'Pensions, lump sums or death benefits are miscalculated, paid twice, late or to the wrong person. Causes include manual overrides, system errors or forged payment instructions. Recovering overpayments is laborious and damages members’ trust.',
    },
    reaction: {
      de: 'Vier-Augen-Prinzip für Leistungsfälle und Zahlungsfreigaben anwenden und Bankverbindungsänderungen separat verifizieren.',
      fr: 'Appliquer le principe des quatre yeux aux cas de prestations et aux ordres de paiement et vérifier séparément tout changement de coordonnées bancaires.',
      en: 'Apply the four-eyes principle to benefit cases and payment releases and verify bank detail changes separately.',
    },
    controlling: {
      de: 'Stichprobenkontrolle der Leistungsfälle und monatliche Abstimmung der Rentenzahlungen mit der Buchhaltung.',
      fr: 'Contrôle par sondage des cas de prestations et rapprochement mensuel des rentes avec la comptabilité.',
      en: 'Sample checks of benefit cases and monthly reconciliation of pension payments with accounting.',
    },
    probability: 3, severity: 3, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: false,
    tags: ['operations', 'benefits', 'payments'],
  },
  {
    idkey: '04.03', theme: '04',
    title: { de: 'Fehler bei Austrittsleistungen, WEF-Vorbezügen und Vorsorgeausgleich', fr: 'Erreurs sur prestations de sortie, versements EPL et partage de la prévoyance', en: 'Errors in vested benefits, home-ownership withdrawals and divorce splits' },
    description: {
      de: 'Austrittsleistungen nach Freizügigkeitsgesetz werden verspätet, falsch berechnet oder an die falsche Einrichtung überwiesen. Auch Vorbezüge für Wohneigentum und der Vorsorgeausgleich bei Scheidung sind fehleranfällig, etwa bei fehlender Zustimmung des Ehegatten. Die Kasse schuldet Verzugszins oder haftet für Doppelzahlungen.',
      fr: 'Les prestations de sortie selon la loi sur le libre passage sont versées en retard, mal calculées ou à la mauvaise institution. Les versements anticipés EPL et le partage de la prévoyance en cas de divorce sont également sujets à erreurs, par exemple sans le consentement du conjoint. La caisse doit des intérêts moratoires ou répond de doubles paiements.',
      en: 'Vested benefits under the Vesting Act (FZG) are transferred late, miscalculated or sent to the wrong institution. Home-ownership withdrawals and divorce splits are also error-prone, for example without the spouse’s consent. The fund owes late-payment interest or is liable for double payments.',
    },
    reaction: {
      de: 'Checklisten mit Pflichtdokumenten (z. B. Zustimmung des Ehegatten, Gerichtsurteil) und Fristenkontrolle im Verwaltungssystem einsetzen.',
      fr: 'Utiliser des check-lists avec documents obligatoires (p. ex. consentement du conjoint, jugement) et un suivi des délais dans le système de gestion.',
      en: 'Use checklists with mandatory documents (e.g. spouse’s consent, court ruling) and deadline tracking in the administration system.',
    },
    controlling: {
      de: 'Monatliche Auswertung offener Austrittsfälle und Stichproben durch die Revisionsstelle.',
      fr: 'Analyse mensuelle des cas de sortie en suspens et sondages par l’organe de révision.',
      en: 'Monthly report of pending exit cases and sample checks by the auditor.',
    },
    probability: 3, severity: 2, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: false,
    tags: ['operations', 'vested-benefits'],
  },
  {
    idkey: '04.04', theme: '04',
    title: { de: 'Mangelhafte Leistung des externen Verwalters (Outsourcing)', fr: 'Prestations insuffisantes du gérant externe (externalisation)', en: 'Poor performance of the external administrator (outsourcing)' },
    description: {
      de: 'Die Geschäftsführung oder technische Verwaltung ist an einen Dienstleister ausgelagert. Qualitätsmängel, Personalwechsel oder eine Kündigung des Mandats beeinträchtigen den Betrieb. Die Verantwortung bleibt beim Stiftungsrat, der die Abhängigkeit kaum kurzfristig auflösen kann.',
      fr: 'La gestion ou l’administration technique est confiée à un prestataire externe. Des défauts de qualité, des changements de personnel ou la résiliation du mandat perturbent l’exploitation. La responsabilité reste au conseil de fondation, qui ne peut guère lever cette dépendance à court terme.',
      en: 'Management or technical administration is outsourced to a service provider. Quality problems, staff turnover or termination of the mandate disrupt operations. Responsibility remains with the foundation council, which cannot quickly end the dependency.',
    },
    reaction: {
      de: 'Outsourcing-Vertrag mit Service Levels, Auditrechten, Datenschutzklauseln und Exit-Regelung abschliessen.',
      fr: 'Conclure un contrat d’externalisation avec niveaux de service, droits d’audit, clauses de protection des données et plan de sortie.',
      en: 'Conclude an outsourcing contract with service levels, audit rights, data protection clauses and exit provisions.',
    },
    controlling: {
      de: 'Jährliche Leistungsbeurteilung des Dienstleisters anhand der Service Levels und seines IKS-Berichts.',
      fr: 'Évaluation annuelle du prestataire sur la base des niveaux de service et de son rapport SCI.',
      en: 'Annual assessment of the provider against service levels and its ICS report.',
    },
    probability: 3, severity: 3, strategic: true,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['operations', 'outsourcing'],
  },
  {
    idkey: '04.05', theme: '04',
    title: { de: 'Unsachgemässe Bearbeitung von Invaliditätsfällen', fr: 'Traitement inadéquat des cas d’invalidité', en: 'Improper handling of disability cases' },
    description: {
      de: 'Invaliditätsfälle werden ohne Abstimmung mit den Entscheiden der IV bearbeitet oder Überentschädigungen werden nicht erkannt (Art. 34a BVG). Fristen für Einsprachen verstreichen. Die Kasse zahlt zu hohe Renten und bearbeitet dabei Gesundheitsdaten.',
      fr: 'Des cas d’invalidité sont traités sans coordination avec les décisions de l’AI ou des surindemnisations ne sont pas détectées (art. 34a LPP). Des délais d’opposition sont manqués. La caisse verse des rentes trop élevées et traite des données de santé.',
      en: 'Disability cases are handled without coordination with disability insurance (IV) decisions, or overcompensation is not detected (Art. 34a BVG). Objection deadlines are missed. The fund pays excessive pensions while processing health data.',
    },
    reaction: {
      de: 'Fallführung mit Fristenkontrolle, periodischer Überentschädigungsberechnung und Zugriff nur für berechtigte Sachbearbeitende.',
      fr: 'Gestion des cas avec suivi des délais, calcul périodique de la surindemnisation et accès réservé aux gestionnaires autorisés.',
      en: 'Case management with deadline tracking, periodic overcompensation checks and access limited to authorised staff.',
    },
    controlling: {
      de: 'Jährliche Überprüfung aller laufenden Invalidenrenten auf Überentschädigung und IV-Revisionen.',
      fr: 'Revue annuelle de toutes les rentes d’invalidité en cours sous l’angle de la surindemnisation et des révisions AI.',
      en: 'Annual review of all current disability pensions for overcompensation and IV reassessments.',
    },
    probability: 3, severity: 2, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['operations', 'disability', 'health-data'],
  },
  {
    idkey: '04.06', theme: '04',
    title: { de: 'Fehlerhafte Stammdaten und Lohnmeldungen', fr: 'Données de base et annonces de salaires erronées', en: 'Incorrect master data and salary reports' },
    description: {
      de: 'Arbeitgeber melden Eintritte, Löhne oder Austritte verspätet oder falsch, Mutationen werden fehlerhaft erfasst. Beiträge, Altersguthaben und Leistungen werden falsch berechnet. Zudem verletzt die Kasse den Grundsatz der Richtigkeit der Personendaten (Art. 6 DSG).',
      fr: 'Les employeurs annoncent entrées, salaires ou sorties en retard ou de manière erronée, et les mutations sont mal saisies. Cotisations, avoirs de vieillesse et prestations sont mal calculés. La caisse enfreint en outre le principe d’exactitude des données personnelles (art. 6 LPD).',
      en: 'Employers report joiners, salaries or leavers late or incorrectly, and changes are recorded wrongly. Contributions, retirement savings and benefits are miscalculated. The fund also breaches the accuracy principle for personal data (Art. 6 DSG).',
    },
    reaction: {
      de: 'Elektronische Lohnmeldung mit Plausibilitätsprüfungen einführen und Versicherte jährlich den Vorsorgeausweis prüfen lassen.',
      fr: 'Introduire l’annonce électronique des salaires avec contrôles de plausibilité et faire vérifier chaque année le certificat de prévoyance par les assurés.',
      en: 'Introduce electronic salary reporting with plausibility checks and have members check their annual benefit statement.',
    },
    controlling: {
      de: 'Monatliche Plausibilitätsberichte und Abstimmung der Beitragsrechnungen mit den Lohnmeldungen.',
      fr: 'Rapports de plausibilité mensuels et rapprochement des factures de cotisations avec les annonces de salaires.',
      en: 'Monthly plausibility reports and reconciliation of contribution invoices with salary reports.',
    },
    probability: 4, severity: 2, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: false,
    tags: ['operations', 'master-data'],
  },
]
