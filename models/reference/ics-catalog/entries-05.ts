import type { IcsCatalogSeed } from './types.ts'

/** Main process 05 – finance and accounting */
export const icsEntries05: IcsCatalogSeed[] = [
  {
    idkey: '05.1.01',
    mainTheme: '05',
    subTheme: '05.1',
    dsgRelevant: false,
    tags: ['payments', 'four-eyes'],
    title: { de: 'Vier-Augen-Prinzip bei Zahlungen', fr: 'Principe des quatre yeux pour les paiements', en: 'Four-eyes principle for payments' },
    description: {
      de: 'Leistungs-, Kreditoren- und Anlagezahlungen werden über das E-Banking ausgeführt. Einzelzeichnungsrechte oder fehlende Prüfung ermöglichen Fehlzahlungen und Veruntreuung.',
      fr: 'Les paiements de prestations, de fournisseurs et de placements sont exécutés par e-banking. Des droits de signature individuelle ou l’absence de contrôle permettent des paiements erronés et des détournements.',
      en: 'Benefit, supplier and investment payments are executed via e-banking. Individual signing rights or missing checks allow erroneous payments and embezzlement.',
    },
    defaultControlTarget: {
      de: 'Keine Zahlung wird ohne Prüfung und Freigabe durch zwei berechtigte Personen ausgeführt.',
      fr: 'Aucun paiement n’est exécuté sans contrôle et libération par deux personnes autorisées.',
      en: 'No payment is executed without being checked and released by two authorised persons.',
    },
    defaultControlActivity: {
      de: 'Im E-Banking sind ausschliesslich Kollektivrechte zu zweien eingerichtet, und erfassende und freigebende Person sind nicht identisch. Die Geschäftsführung prüft jährlich die bei den Banken hinterlegten Berechtigungen gegen die Unterschriftenregelung.',
      fr: 'Seuls des droits collectifs à deux sont configurés dans l’e-banking, et la personne qui saisit n’est pas celle qui libère. La direction vérifie chaque année les autorisations déposées auprès des banques par rapport au règlement des signatures.',
      en: 'Only joint signing rights for two are set up in e-banking, and the person entering a payment is not the one releasing it. Management checks the authorisations held by the banks against the signature rules every year.',
    },
  },
  {
    idkey: '05.1.02',
    mainTheme: '05',
    subTheme: '05.1',
    dsgRelevant: true,
    tags: ['payments', 'fraud', 'master-data'],
    title: { de: 'Änderung von Zahlungsverbindungen', fr: 'Modification des coordonnées de paiement', en: 'Changes to payment details' },
    description: {
      de: 'Betrüger versuchen mit gefälschten Schreiben oder E-Mails, Bankverbindungen von Versicherten, Rentenbezügern oder Lieferanten zu ändern. Ungeprüfte Änderungen führen zu Zahlungen an Unberechtigte.',
      fr: 'Des fraudeurs tentent de modifier les coordonnées bancaires d’assurés, de rentiers ou de fournisseurs au moyen de lettres ou de courriels falsifiés. Des modifications non vérifiées entraînent des paiements à des personnes non autorisées.',
      en: 'Fraudsters use forged letters or e-mails to change the bank details of insured persons, pensioners or suppliers. Unverified changes result in payments to unauthorised persons.',
    },
    defaultControlTarget: {
      de: 'Zahlungsverbindungen werden nur nach verifizierter Instruktion der berechtigten Person geändert.',
      fr: 'Les coordonnées de paiement ne sont modifiées qu’après vérification de l’instruction de la personne ayant droit.',
      en: 'Payment details are changed only after the instruction of the entitled person has been verified.',
    },
    defaultControlActivity: {
      de: 'Jede Änderung erfordert ein unterzeichnetes Original oder einen Rückruf über eine bekannte Telefonnummer und wird von einer zweiten Person visiert. Monatlich wird eine Liste aller geänderten Zahlungsverbindungen kontrolliert.',
      fr: 'Chaque modification exige un original signé ou un rappel à un numéro de téléphone connu et est visée par une deuxième personne. Une liste de toutes les coordonnées de paiement modifiées est contrôlée chaque mois.',
      en: 'Every change requires a signed original or a call-back to a known phone number and is signed off by a second person. A list of all changed payment details is reviewed monthly.',
    },
  },
  {
    idkey: '05.2.01',
    mainTheme: '05',
    subTheme: '05.2',
    dsgRelevant: false,
    tags: ['accounting', 'closing'],
    title: {
      de: 'Erstellung der Jahresrechnung nach Swiss GAAP FER 26',
      fr: 'Établissement des comptes annuels selon Swiss GAAP RPC 26',
      en: 'Preparation of the annual accounts under Swiss GAAP FER 26',
    },
    description: {
      de: 'Die Jahresrechnung besteht aus Bilanz, Betriebsrechnung und Anhang und muss nach Swiss GAAP FER 26 erstellt werden. Unvollständige Abgrenzungen, falsche Bewertungen oder fehlende Anhangangaben führen zu einer fehlerhaften Darstellung der finanziellen Lage.',
      fr: 'Les comptes annuels comprennent le bilan, le compte d’exploitation et l’annexe et doivent être établis selon Swiss GAAP RPC 26. Des délimitations incomplètes, des évaluations erronées ou des indications manquantes dans l’annexe faussent la présentation de la situation financière.',
      en: 'The annual accounts consist of the balance sheet, operating account and notes and must be prepared under Swiss GAAP FER 26. Incomplete accruals, wrong valuations or missing disclosures misrepresent the financial position.',
    },
    defaultControlTarget: {
      de: 'Die Jahresrechnung ist vollständig, korrekt bewertet und entspricht Swiss GAAP FER 26 sowie den gesetzlichen Vorgaben.',
      fr: 'Les comptes annuels sont complets, correctement évalués et conformes à Swiss GAAP RPC 26 ainsi qu’aux exigences légales.',
      en: 'The annual accounts are complete, correctly valued and comply with Swiss GAAP FER 26 and legal requirements.',
    },
    defaultControlActivity: {
      de: 'Die Buchhaltung arbeitet eine Abschlusscheckliste ab und belegt jede Bilanzposition mit einem Kontennachweis. Die Geschäftsführung prüft die Abschlussunterlagen und bespricht wesentliche Abweichungen zum Vorjahr vor Übergabe an die Revisionsstelle.',
      fr: 'La comptabilité suit une liste de contrôle de bouclement et justifie chaque poste du bilan par un justificatif de compte. La direction examine les documents de bouclement et discute des écarts importants par rapport à l’exercice précédent avant la remise à l’organe de révision.',
      en: 'Accounting works through a closing checklist and supports each balance sheet item with an account reconciliation. Management reviews the closing documents and discusses material changes from the prior year before handing them to the auditor.',
    },
  },
  {
    idkey: '05.2.02',
    mainTheme: '05',
    subTheme: '05.2',
    dsgRelevant: false,
    tags: ['accounting', 'approval', 'audit'],
    title: {
      de: 'Genehmigung der Jahresrechnung durch den Stiftungsrat',
      fr: 'Approbation des comptes annuels par le conseil de fondation',
      en: 'Approval of the annual accounts by the foundation council',
    },
    description: {
      de: 'Der Stiftungsrat genehmigt die Jahresrechnung gestützt auf den Bericht der Revisionsstelle und die Beurteilung des Experten. Eine Genehmigung ohne Auseinandersetzung mit Feststellungen oder eine verspätete Einreichung führt zu Aufsichtsmassnahmen.',
      fr: 'Le conseil de fondation approuve les comptes annuels sur la base du rapport de l’organe de révision et de l’appréciation de l’expert. Une approbation sans examen des constatations ou une remise tardive entraîne des mesures de l’autorité de surveillance.',
      en: 'The foundation council approves the annual accounts based on the auditor’s report and the actuary’s assessment. Approval without addressing findings or late submission results in supervisory measures.',
    },
    defaultControlTarget: {
      de: 'Die Jahresrechnung wird vom Stiftungsrat in Kenntnis aller Prüfungsfeststellungen genehmigt und fristgerecht der Aufsichtsbehörde eingereicht.',
      fr: 'Les comptes annuels sont approuvés par le conseil de fondation en connaissance de toutes les constatations de révision et remis dans les délais à l’autorité de surveillance.',
      en: 'The annual accounts are approved by the foundation council with knowledge of all audit findings and filed with the supervisory authority on time.',
    },
    defaultControlActivity: {
      de: 'Die Revisionsstelle erläutert ihren Bericht und allfällige Empfehlungen an der Stiftungsratssitzung. Der Genehmigungsbeschluss wird protokolliert, und die Geschäftsführung überwacht die Einreichung sowie die Umsetzung der Empfehlungen.',
      fr: 'L’organe de révision présente son rapport et ses éventuelles recommandations lors de la séance du conseil de fondation. La décision d’approbation est consignée au procès-verbal, et la direction surveille la remise ainsi que la mise en œuvre des recommandations.',
      en: 'The auditor presents its report and any recommendations at the foundation council meeting. The approval is minuted, and management monitors the filing and the implementation of the recommendations.',
    },
  },
  {
    idkey: '05.3.01',
    mainTheme: '05',
    subTheme: '05.3',
    dsgRelevant: false,
    tags: ['budget', 'costs'],
    title: {
      de: 'Budget und Überwachung der Verwaltungskosten',
      fr: 'Budget et surveillance des frais d’administration',
      en: 'Budget and monitoring of administrative costs',
    },
    description: {
      de: 'Verwaltungs- und Vermögensverwaltungskosten belasten das Vorsorgevermögen der Versicherten. Ohne Budget und Kostenvergleich bleiben Kostensteigerungen und intransparente Kollektivanlagen unbemerkt.',
      fr: 'Les frais d’administration et de gestion de fortune grèvent la fortune de prévoyance des assurés. Sans budget ni comparaison des coûts, les hausses de frais et les placements collectifs non transparents passent inaperçus.',
      en: 'Administrative and asset management costs reduce the insured persons’ pension assets. Without a budget and cost comparison, cost increases and non-transparent collective investments go unnoticed.',
    },
    defaultControlTarget: {
      de: 'Die Kosten sind budgetiert, werden laufend überwacht und sind vollständig und transparent ausgewiesen.',
      fr: 'Les coûts sont budgétés, surveillés en permanence et présentés de manière complète et transparente.',
      en: 'Costs are budgeted, monitored continuously and reported completely and transparently.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung legt dem Stiftungsrat jährlich das Budget zur Genehmigung vor und rapportiert quartalsweise Soll-Ist-Abweichungen. Die Kostentransparenzquote der Vermögensanlagen wird jährlich ausgewertet.',
      fr: 'La direction soumet chaque année le budget au conseil de fondation pour approbation et rapporte chaque trimestre les écarts entre budget et réalisé. Le taux de transparence des frais des placements est analysé chaque année.',
      en: 'Management submits the budget to the foundation council for approval every year and reports budget-to-actual variances quarterly. The cost transparency ratio of the investments is analysed annually.',
    },
  },
]
