import type { IcsCatalogSeed } from './types.ts'

/** Main process 06 – IT and data protection */
export const icsEntries06: IcsCatalogSeed[] = [
  {
    idkey: '06.1.01',
    mainTheme: '06',
    subTheme: '06.1',
    dsgRelevant: true,
    tags: ['access', 'review'],
    title: { de: 'Periodische Überprüfung der Zugriffsrechte', fr: 'Revue périodique des droits d’accès', en: 'Periodic review of access rights' },
    description: {
      de: 'Mitarbeitende und Dienstleister haben Zugriff auf Versicherten-, Gesundheits- und Finanzdaten. Zu weit gefasste oder nicht mehr benötigte Rechte ermöglichen unbefugte Einsicht und Manipulation.',
      fr: 'Les collaborateurs et les prestataires ont accès aux données des assurés, de santé et financières. Des droits trop étendus ou devenus inutiles permettent des consultations et des manipulations non autorisées.',
      en: 'Staff and service providers have access to member, health and financial data. Excessive or no longer needed rights allow unauthorised access and manipulation.',
    },
    defaultControlTarget: {
      de: 'Zugriffsrechte entsprechen jederzeit dem Need-to-know-Prinzip und der aktuellen Funktion der Benutzer.',
      fr: 'Les droits d’accès correspondent en tout temps au principe du besoin d’en connaître et à la fonction actuelle des utilisateurs.',
      en: 'Access rights always follow the need-to-know principle and the users’ current function.',
    },
    defaultControlActivity: {
      de: 'Die Vorgesetzten prüfen jährlich anhand einer Berechtigungsliste aus den Fachanwendungen die Rechte ihrer Mitarbeitenden und bestätigen sie schriftlich. Die IT entzieht beanstandete Rechte und dokumentiert die Anpassungen.',
      fr: 'Chaque année, les supérieurs vérifient les droits de leurs collaborateurs à l’aide d’une liste d’autorisations extraite des applications métier et les confirment par écrit. L’informatique retire les droits contestés et documente les adaptations.',
      en: 'Once a year, line managers review their staff’s rights using an authorisation list from the business applications and confirm them in writing. IT removes any rights flagged and documents the changes.',
    },
  },
  {
    idkey: '06.1.02',
    mainTheme: '06',
    subTheme: '06.1',
    dsgRelevant: true,
    tags: ['access', 'accounts'],
    title: { de: 'Vergabe und Entzug von Benutzerkonten', fr: 'Attribution et retrait des comptes utilisateurs', en: 'Granting and revoking user accounts' },
    description: {
      de: 'Bei Eintritt, Funktionswechsel und Austritt von Mitarbeitenden oder externen Personen müssen Konten angepasst werden. Nicht gesperrte Konten ausgetretener Personen sind ein häufiges Einfallstor für Missbrauch.',
      fr: 'Lors de l’arrivée, du changement de fonction et du départ de collaborateurs ou de personnes externes, les comptes doivent être adaptés. Les comptes non bloqués de personnes parties constituent une porte d’entrée fréquente pour les abus.',
      en: 'Accounts must be adjusted when staff or external persons join, change function or leave. Accounts of former staff that are not disabled are a common gateway for misuse.',
    },
    defaultControlTarget: {
      de: 'Konten werden nur auf bewilligten Antrag eröffnet und spätestens am Austrittstag gesperrt; privilegierte Konten sind mit Mehr-Faktor-Authentifizierung geschützt.',
      fr: 'Les comptes ne sont ouverts que sur demande autorisée et bloqués au plus tard le jour du départ ; les comptes privilégiés sont protégés par une authentification multifacteur.',
      en: 'Accounts are only opened on an approved request and disabled no later than the leaving date; privileged accounts are protected by multi-factor authentication.',
    },
    defaultControlActivity: {
      de: 'Eröffnungen, Mutationen und Sperrungen erfolgen über ein Formular mit Visum der vorgesetzten Person. Die IT gleicht monatlich die aktiven Konten mit der Personalliste ab.',
      fr: 'Les ouvertures, mutations et blocages se font au moyen d’un formulaire visé par le supérieur. L’informatique rapproche chaque mois les comptes actifs de la liste du personnel.',
      en: 'Openings, changes and deactivations are made via a form approved by the line manager. IT reconciles active accounts with the staff list every month.',
    },
  },
  {
    idkey: '06.2.01',
    mainTheme: '06',
    subTheme: '06.2',
    dsgRelevant: true,
    tags: ['backup', 'continuity'],
    title: { de: 'Datensicherung und Wiederherstellungstests', fr: 'Sauvegarde et tests de restauration', en: 'Backup and restore tests' },
    description: {
      de: 'Versicherten- und Buchhaltungsdaten müssen nach einem Systemausfall oder Cyberangriff wiederhergestellt werden können. Ungetestete oder nicht getrennt aufbewahrte Sicherungen versagen gerade im Ernstfall.',
      fr: 'Les données des assurés et de la comptabilité doivent pouvoir être restaurées après une panne ou une cyberattaque. Des sauvegardes non testées ou non conservées séparément font défaut précisément en cas d’urgence.',
      en: 'Member and accounting data must be recoverable after a system failure or cyberattack. Untested backups or backups not stored separately fail precisely when needed.',
    },
    defaultControlTarget: {
      de: 'Alle geschäftskritischen Daten werden täglich gesichert, ausserhalb des Produktivsystems aufbewahrt und sind nachweislich innert der festgelegten Frist wiederherstellbar.',
      fr: 'Toutes les données critiques sont sauvegardées quotidiennement, conservées hors du système de production et peuvent être restaurées de manière attestée dans le délai fixé.',
      en: 'All business-critical data are backed up daily, stored outside the production system and demonstrably recoverable within the defined time.',
    },
    defaultControlActivity: {
      de: 'Die IT bzw. der IT-Dienstleister überwacht die täglichen Sicherungsprotokolle und führt mindestens jährlich einen dokumentierten Wiederherstellungstest durch. Die Geschäftsführung nimmt das Testprotokoll ab.',
      fr: 'L’informatique ou le prestataire informatique surveille les journaux de sauvegarde quotidiens et effectue au moins une fois par an un test de restauration documenté. La direction valide le procès-verbal du test.',
      en: 'IT or the IT service provider monitors the daily backup logs and performs a documented restore test at least once a year. Management signs off the test report.',
    },
  },
  {
    idkey: '06.2.02',
    mainTheme: '06',
    subTheme: '06.2',
    dsgRelevant: true,
    tags: ['incident', 'security', 'breach'],
    title: { de: 'Behandlung von Sicherheitsvorfällen', fr: 'Gestion des incidents de sécurité', en: 'Security incident response' },
    description: {
      de: 'Cyberangriffe, Fehlversand oder Datenverlust können besonders schützenswerte Personendaten betreffen. Ohne geregeltes Vorgehen werden Vorfälle zu spät eingedämmt und Verletzungen der Datensicherheit nicht fristgerecht dem EDÖB gemeldet (Art. 24 DSG).',
      fr: 'Les cyberattaques, les envois erronés ou les pertes de données peuvent toucher des données personnelles sensibles. Sans procédure définie, les incidents sont maîtrisés trop tard et les violations de la sécurité des données ne sont pas annoncées à temps au PFPDT (art. 24 LPD).',
      en: 'Cyberattacks, misdirected mail or data loss may affect sensitive personal data. Without a defined procedure, incidents are contained too late and data security breaches are not reported to the FDPIC in time (Art. 24 DSG).',
    },
    defaultControlTarget: {
      de: 'Sicherheitsvorfälle werden rasch erkannt, eingedämmt, dokumentiert und bei voraussichtlich hohem Risiko so rasch als möglich dem EDÖB gemeldet.',
      fr: 'Les incidents de sécurité sont rapidement détectés, maîtrisés, documentés et, en cas de risque élevé probable, annoncés dès que possible au PFPDT.',
      en: 'Security incidents are quickly detected, contained, documented and, where a high risk is likely, reported to the FDPIC as soon as possible.',
    },
    defaultControlActivity: {
      de: 'Ein Notfallkonzept regelt Meldewege, Zuständigkeiten und Entscheid über Meldungen an EDÖB und Betroffene. Jeder Vorfall wird in einem Vorfallregister erfasst, und das Konzept wird jährlich geprüft und geübt.',
      fr: 'Un plan d’urgence règle les voies d’annonce, les responsabilités et la décision d’annoncer au PFPDT et aux personnes concernées. Chaque incident est saisi dans un registre, et le plan est revu et exercé chaque année.',
      en: 'An emergency plan sets out reporting lines, responsibilities and the decision to notify the FDPIC and data subjects. Each incident is logged in an incident register, and the plan is reviewed and rehearsed annually.',
    },
  },
  {
    idkey: '06.3.01',
    mainTheme: '06',
    subTheme: '06.3',
    dsgRelevant: true,
    tags: ['data-protection', 'records'],
    title: { de: 'Verzeichnis der Bearbeitungstätigkeiten', fr: 'Registre des activités de traitement', en: 'Record of processing activities' },
    description: {
      de: 'Die Vorsorgeeinrichtung bearbeitet Personendaten von Versicherten, Rentenbezügern und Arbeitgebern, darunter Gesundheitsdaten. Ein fehlendes oder veraltetes Bearbeitungsverzeichnis (Art. 12 DSG) verhindert den Überblick über Zwecke, Empfänger und Aufbewahrungsfristen.',
      fr: 'L’institution de prévoyance traite des données personnelles d’assurés, de rentiers et d’employeurs, y compris des données de santé. Un registre des activités de traitement absent ou obsolète (art. 12 LPD) empêche d’avoir une vue d’ensemble des finalités, destinataires et durées de conservation.',
      en: 'The pension fund processes personal data of insured persons, pensioners and employers, including health data. A missing or outdated record of processing activities (Art. 12 DSG) prevents an overview of purposes, recipients and retention periods.',
    },
    defaultControlTarget: {
      de: 'Das Bearbeitungsverzeichnis ist vollständig und aktuell und enthält alle gesetzlich verlangten Angaben.',
      fr: 'Le registre des activités de traitement est complet, à jour et contient toutes les indications exigées par la loi.',
      en: 'The record of processing activities is complete, up to date and contains all legally required information.',
    },
    defaultControlActivity: {
      de: 'Die oder der Datenschutzverantwortliche aktualisiert das Verzeichnis bei neuen Bearbeitungen, Systemen oder Dienstleistern und überprüft es jährlich mit den Fachbereichen. Die Geschäftsführung genehmigt die Überprüfung.',
      fr: 'Le ou la responsable de la protection des données met à jour le registre lors de nouveaux traitements, systèmes ou prestataires et le révise chaque année avec les services. La direction approuve la révision.',
      en: 'The data protection officer updates the record whenever new processing, systems or service providers are introduced and reviews it annually with the departments. Management approves the review.',
    },
  },
  {
    idkey: '06.3.02',
    mainTheme: '06',
    subTheme: '06.3',
    dsgRelevant: true,
    tags: ['data-protection', 'data-subject-rights'],
    title: {
      de: 'Bearbeitung von Auskunftsbegehren betroffener Personen',
      fr: 'Traitement des demandes d’accès des personnes concernées',
      en: 'Handling of data subject access requests',
    },
    description: {
      de: 'Versicherte und Dritte können Auskunft über ihre Personendaten verlangen (Art. 25 DSG). Verspätete, unvollständige oder an Unberechtigte erteilte Auskünfte verletzen das Datenschutzrecht und das Vertrauen der Versicherten.',
      fr: 'Les assurés et les tiers peuvent demander l’accès à leurs données personnelles (art. 25 LPD). Des réponses tardives, incomplètes ou fournies à des personnes non autorisées violent la protection des données et la confiance des assurés.',
      en: 'Insured persons and third parties may request access to their personal data (Art. 25 DSG). Late, incomplete or wrongly addressed responses breach data protection law and the trust of the insured.',
    },
    defaultControlTarget: {
      de: 'Auskunftsbegehren werden nach Identitätsprüfung vollständig und in der Regel innert 30 Tagen beantwortet.',
      fr: 'Les demandes d’accès reçoivent une réponse complète après vérification de l’identité, en règle générale dans les 30 jours.',
      en: 'Access requests are answered in full after identity verification, as a rule within 30 days.',
    },
    defaultControlActivity: {
      de: 'Eingehende Begehren werden zentral registriert und der oder dem Datenschutzverantwortlichen zugewiesen. Die Antwort wird vor dem Versand von einer zweiten Person auf Vollständigkeit und Empfänger geprüft, und die Fristeinhaltung wird quartalsweise ausgewertet.',
      fr: 'Les demandes reçues sont enregistrées de manière centralisée et attribuées au ou à la responsable de la protection des données. Avant l’envoi, une deuxième personne vérifie l’exhaustivité de la réponse et le destinataire, et le respect des délais est analysé chaque trimestre.',
      en: 'Incoming requests are logged centrally and assigned to the data protection officer. Before dispatch, a second person checks the response for completeness and the correct recipient, and deadline compliance is analysed quarterly.',
    },
  },
]
