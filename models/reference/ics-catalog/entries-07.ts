import type { IcsCatalogSeed } from './types.ts'

/** Main process 07 – human resources and organisation */
export const icsEntries07: IcsCatalogSeed[] = [
  {
    idkey: '07.1.01',
    mainTheme: '07',
    subTheme: '07.1',
    dsgRelevant: false,
    tags: ['signatures', 'authorities'],
    title: {
      de: 'Unterschriftenregelung und Kompetenzordnung',
      fr: 'Règlement des signatures et des compétences',
      en: 'Signature rules and delegation of authority',
    },
    description: {
      de: 'Die Unterschriftenregelung legt fest, wer die Stiftung gegenüber Dritten und Banken verpflichten darf. Veraltete Einträge im Handelsregister oder bei den Banken erlauben ausgetretenen Personen weiterhin Rechtsgeschäfte.',
      fr: 'Le règlement des signatures définit qui peut engager la fondation envers les tiers et les banques. Des inscriptions obsolètes au registre du commerce ou auprès des banques permettent à des personnes parties de conclure encore des actes juridiques.',
      en: 'The signature rules define who may bind the foundation towards third parties and banks. Outdated entries in the commercial register or with banks allow former staff to continue entering into transactions.',
    },
    defaultControlTarget: {
      de: 'Es gilt ausschliesslich die Kollektivunterschrift zu zweien, und Handelsregister, Bankvollmachten und interne Kompetenzordnung stimmen überein.',
      fr: 'Seule la signature collective à deux est applicable, et le registre du commerce, les procurations bancaires et le règlement interne des compétences concordent.',
      en: 'Only joint signature by two applies, and the commercial register, bank mandates and internal authority rules are consistent.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung gleicht jährlich sowie bei jedem Personalwechsel das Handelsregister und die Bankvollmachten mit der Unterschriftenregelung ab. Änderungen beschliesst der Stiftungsrat, und der Abgleich wird dokumentiert.',
      fr: 'La direction rapproche chaque année ainsi qu’à chaque changement de personnel le registre du commerce et les procurations bancaires avec le règlement des signatures. Les modifications sont décidées par le conseil de fondation et le rapprochement est documenté.',
      en: 'Management reconciles the commercial register and bank mandates with the signature rules every year and whenever staff change. Changes are resolved by the foundation council and the reconciliation is documented.',
    },
  },
  {
    idkey: '07.1.02',
    mainTheme: '07',
    subTheme: '07.1',
    dsgRelevant: false,
    tags: ['deputies', 'continuity'],
    title: { de: 'Stellvertretungsregelung für Schlüsselfunktionen', fr: 'Suppléance des fonctions clés', en: 'Deputy arrangements for key functions' },
    description: {
      de: 'In kleinen Vorsorgeeinrichtungen hängen Zahlungen, Leistungsfälle und Anlageentscheide oft von wenigen Personen ab. Fällt eine Schlüsselperson aus, stehen Prozesse still oder Kontrollen werden umgangen.',
      fr: 'Dans les petites institutions de prévoyance, les paiements, les cas de prestation et les décisions de placement dépendent souvent de quelques personnes. Si une personne clé est absente, les processus s’arrêtent ou les contrôles sont contournés.',
      en: 'In small pension funds, payments, benefit cases and investment decisions often depend on a few people. If a key person is absent, processes stop or controls are bypassed.',
    },
    defaultControlTarget: {
      de: 'Für jede Schlüsselfunktion ist eine eingearbeitete Stellvertretung bestimmt, sodass Geschäftsbetrieb und Kontrollen auch bei Abwesenheiten gewährleistet sind.',
      fr: 'Un suppléant formé est désigné pour chaque fonction clé, de sorte que l’exploitation et les contrôles sont assurés même en cas d’absence.',
      en: 'A trained deputy is designated for each key function, so that operations and controls are ensured during absences.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung führt eine Stellvertretungsmatrix und überprüft sie jährlich. Stellvertretende bearbeiten regelmässig selbst Fälle, und Ferienplanungen werden auf Lücken geprüft.',
      fr: 'La direction tient une matrice des suppléances et la révise chaque année. Les suppléants traitent régulièrement eux-mêmes des cas, et les plans de vacances sont vérifiés pour éviter les lacunes.',
      en: 'Management keeps a deputy matrix and reviews it annually. Deputies regularly handle cases themselves, and holiday plans are checked for gaps.',
    },
  },
  {
    idkey: '07.2.01',
    mainTheme: '07',
    subTheme: '07.2',
    dsgRelevant: true,
    tags: ['hiring', 'integrity'],
    title: { de: 'Anstellung und Integritätsprüfung', fr: 'Engagement et vérification de l’intégrité', en: 'Hiring and integrity checks' },
    description: {
      de: 'Personen in der Geschäftsführung, Verwaltung und Vermögensverwaltung müssen einen guten Ruf geniessen und Gewähr für eine einwandfreie Geschäftstätigkeit bieten. Unterlassene Abklärungen erhöhen das Risiko von Betrug und Interessenkonflikten.',
      fr: 'Les personnes chargées de la gestion, de l’administration et de la gestion de fortune doivent jouir d’une bonne réputation et présenter toutes les garanties d’une activité irréprochable. L’absence de vérifications accroît le risque de fraude et de conflits d’intérêts.',
      en: 'Persons in management, administration and asset management must enjoy a good reputation and guarantee sound business conduct. Failing to carry out checks increases the risk of fraud and conflicts of interest.',
    },
    defaultControlTarget: {
      de: 'Vor Stellenantritt sind Qualifikation und Integrität aller Personen in Schlüsselfunktionen geprüft und dokumentiert.',
      fr: 'Avant l’entrée en fonction, la qualification et l’intégrité de toutes les personnes occupant des fonctions clés sont vérifiées et documentées.',
      en: 'Before taking up their post, the qualifications and integrity of all persons in key functions are checked and documented.',
    },
    defaultControlActivity: {
      de: 'Die Personalverantwortlichen holen Referenzen, Strafregister- und Betreibungsregisterauszug ein und halten die Prüfung in einer Checkliste fest. Die Unterlagen werden datenschutzkonform und nur so lange wie nötig aufbewahrt.',
      fr: 'Les responsables du personnel demandent des références ainsi que des extraits du casier judiciaire et du registre des poursuites et consignent la vérification dans une liste de contrôle. Les documents sont conservés conformément à la protection des données et uniquement le temps nécessaire.',
      en: 'HR obtains references and extracts from the criminal record and the debt enforcement register and records the check in a checklist. The documents are kept in line with data protection rules and only as long as necessary.',
    },
  },
  {
    idkey: '07.2.02',
    mainTheme: '07',
    subTheme: '07.2',
    dsgRelevant: true,
    tags: ['training', 'confidentiality'],
    title: {
      de: 'Schweigepflicht und Schulung der Mitarbeitenden',
      fr: 'Obligation de garder le secret et formation des collaborateurs',
      en: 'Confidentiality obligation and staff training',
    },
    description: {
      de: 'Mitarbeitende und Organe unterstehen der Schweigepflicht nach Art. 86 BVG und bearbeiten besonders schützenswerte Daten. Fehlendes Bewusstsein führt zu Indiskretionen, Phishing-Erfolgen und Fehlern in der Fallbearbeitung.',
      fr: 'Les collaborateurs et les organes sont soumis à l’obligation de garder le secret selon l’art. 86 LPP et traitent des données sensibles. Un manque de sensibilisation entraîne des indiscrétions, des attaques d’hameçonnage réussies et des erreurs dans le traitement des cas.',
      en: 'Staff and governing bodies are bound by the duty of confidentiality under Art. 86 BVG and process sensitive data. Lack of awareness leads to indiscretions, successful phishing and errors in case handling.',
    },
    defaultControlTarget: {
      de: 'Alle Mitarbeitenden haben die Schweigepflicht schriftlich anerkannt und sind in Datenschutz, Informationssicherheit und ihren Fachaufgaben geschult.',
      fr: 'Tous les collaborateurs ont reconnu par écrit l’obligation de garder le secret et sont formés à la protection des données, à la sécurité de l’information et à leurs tâches spécialisées.',
      en: 'All staff have acknowledged the duty of confidentiality in writing and are trained in data protection, information security and their specialist tasks.',
    },
    defaultControlActivity: {
      de: 'Bei Eintritt unterzeichnen neue Mitarbeitende eine Schweigepflichterklärung. Die Geschäftsführung führt jährlich eine Sensibilisierungsschulung durch und überwacht die Teilnahme anhand einer Schulungsliste.',
      fr: 'À leur arrivée, les nouveaux collaborateurs signent une déclaration de confidentialité. La direction organise chaque année une formation de sensibilisation et surveille la participation au moyen d’une liste.',
      en: 'New staff sign a confidentiality declaration when they join. Management runs an awareness training every year and monitors attendance using a training list.',
    },
  },
  {
    idkey: '07.3.01',
    mainTheme: '07',
    subTheme: '07.3',
    dsgRelevant: true,
    tags: ['outsourcing', 'service-providers'],
    title: {
      de: 'Auswahl und Überwachung ausgelagerter Dienstleister',
      fr: 'Sélection et surveillance des prestataires externes',
      en: 'Selection and monitoring of outsourced service providers',
    },
    description: {
      de: 'Geschäftsführung, Versichertenverwaltung, Buchhaltung oder IT werden häufig an Dritte ausgelagert. Die Verantwortung bleibt beim Stiftungsrat; ungenügende Verträge oder fehlende Überwachung führen zu Qualitätsmängeln und Datenschutzverletzungen.',
      fr: 'La gestion, l’administration des assurés, la comptabilité ou l’informatique sont souvent externalisées. La responsabilité reste au conseil de fondation ; des contrats insuffisants ou une surveillance lacunaire entraînent des défauts de qualité et des violations de la protection des données.',
      en: 'Management, member administration, accounting or IT are often outsourced. Responsibility remains with the foundation council; inadequate contracts or missing oversight lead to quality shortcomings and data protection breaches.',
    },
    defaultControlTarget: {
      de: 'Jede Auslagerung beruht auf einem schriftlichen Vertrag mit Leistungsvereinbarung und Datenschutzklauseln zur Auftragsbearbeitung, und die Leistung wird regelmässig beurteilt.',
      fr: 'Chaque externalisation repose sur un contrat écrit comprenant un accord de niveau de service et des clauses de sous-traitance des données, et la prestation est évaluée régulièrement.',
      en: 'Every outsourcing arrangement is based on a written contract with a service level agreement and data processing clauses, and performance is assessed regularly.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung führt ein Verzeichnis aller Dienstleister und beurteilt sie jährlich anhand von Servicereports, Prüfberichten (z. B. ISAE 3402) und Vorfällen. Das Ergebnis wird dem Stiftungsrat berichtet.',
      fr: 'La direction tient un répertoire de tous les prestataires et les évalue chaque année sur la base des rapports de service, des rapports d’audit (p. ex. ISAE 3402) et des incidents. Le résultat est communiqué au conseil de fondation.',
      en: 'Management keeps a register of all service providers and assesses them annually based on service reports, assurance reports (e.g. ISAE 3402) and incidents. The result is reported to the foundation council.',
    },
  },
]
