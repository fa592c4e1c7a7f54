import type { IcsCatalogSeed } from './types.ts'

/** Main process 02 – asset management */
export const icsEntries02: IcsCatalogSeed[] = [
  {
    idkey: '02.1.01',
    mainTheme: '02',
    subTheme: '02.1',
    dsgRelevant: false,
    tags: ['investment', 'strategy', 'alm'],
    title: {
      de: 'Festlegung und Überprüfung der Anlagestrategie',
      fr: 'Définition et révision de la stratégie de placement',
      en: 'Definition and review of the investment strategy',
    },
    description: {
      de: 'Die Anlagestrategie muss auf die Verpflichtungen und die Risikofähigkeit der Vorsorgeeinrichtung abgestimmt sein. Eine unpassende Strategie gefährdet die Erreichung der Sollrendite oder führt zu untragbaren Wertschwankungen.',
      fr: 'La stratégie de placement doit être adaptée aux engagements et à la capacité de risque de l’institution de prévoyance. Une stratégie inadaptée compromet le rendement visé ou entraîne des fluctuations de valeur insupportables.',
      en: 'The investment strategy must match the pension fund’s liabilities and risk capacity. An unsuitable strategy jeopardises the required return or causes unbearable fluctuations in value.',
    },
    defaultControlTarget: {
      de: 'Die Anlagestrategie ist auf einer aktuellen Analyse von Aktiven und Passiven abgestützt und vom Stiftungsrat genehmigt.',
      fr: 'La stratégie de placement repose sur une analyse actuelle des actifs et passifs et est approuvée par le conseil de fondation.',
      en: 'The investment strategy is based on a current asset-liability analysis and approved by the foundation council.',
    },
    defaultControlActivity: {
      de: 'Die Anlagekommission lässt mindestens alle drei bis fünf Jahre sowie bei wesentlichen Veränderungen eine ALM-Studie erstellen. Der Stiftungsrat beschliesst die Strategie mit Bandbreiten und hält sie im Anlagereglement fest.',
      fr: 'La commission de placement fait réaliser une étude ALM au moins tous les trois à cinq ans ainsi qu’en cas de changement important. Le conseil de fondation adopte la stratégie avec ses marges de fluctuation et la consigne dans le règlement de placement.',
      en: 'The investment committee commissions an ALM study at least every three to five years and whenever material changes occur. The foundation council adopts the strategy with its ranges and sets it out in the investment regulations.',
    },
  },
  {
    idkey: '02.1.02',
    mainTheme: '02',
    subTheme: '02.1',
    dsgRelevant: false,
    tags: ['investment', 'rebalancing'],
    title: {
      de: 'Einhaltung der Bandbreiten und Rebalancing',
      fr: 'Respect des marges de fluctuation et rééquilibrage',
      en: 'Compliance with ranges and rebalancing',
    },
    description: {
      de: 'Durch Marktbewegungen weicht die effektive Vermögensaufteilung von der Strategie ab. Werden Bandbreitenverletzungen nicht korrigiert, trägt die Kasse ungewollte Risiken.',
      fr: 'Les mouvements de marché font dévier la répartition effective de la fortune de la stratégie. Si les dépassements des marges ne sont pas corrigés, la caisse supporte des risques non souhaités.',
      en: 'Market movements cause the actual asset allocation to deviate from the strategy. If range breaches are not corrected, the fund bears unintended risks.',
    },
    defaultControlTarget: {
      de: 'Die Vermögensaufteilung liegt jederzeit innerhalb der reglementarischen Bandbreiten oder Abweichungen sind begründet und bewilligt.',
      fr: 'La répartition de la fortune se situe en tout temps dans les marges réglementaires, ou les écarts sont motivés et autorisés.',
      en: 'The asset allocation is always within the regulatory ranges, or deviations are justified and approved.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung vergleicht monatlich die effektive Allokation mit den Bandbreiten. Bei Verletzungen löst sie gemäss Anlagereglement ein Rebalancing aus und informiert die Anlagekommission.',
      fr: 'La direction compare chaque mois l’allocation effective aux marges de fluctuation. En cas de dépassement, elle déclenche un rééquilibrage selon le règlement de placement et informe la commission de placement.',
      en: 'Management compares the actual allocation with the ranges every month. In case of a breach, it triggers rebalancing in line with the investment regulations and informs the investment committee.',
    },
  },
  {
    idkey: '02.2.01',
    mainTheme: '02',
    subTheme: '02.2',
    dsgRelevant: false,
    tags: ['investment', 'compliance', 'limits'],
    title: {
      de: 'Überwachung der Anlagebegrenzungen nach BVV 2',
      fr: 'Surveillance des limites de placement selon l’OPP 2',
      en: 'Monitoring of investment limits under BVV 2',
    },
    description: {
      de: 'Die BVV 2 begrenzt die Anlagen nach Kategorien und Schuldnern (Art. 54 und 55 BVV 2). Unbemerkte Überschreitungen ohne Erweiterungsbegründung nach Art. 50 Abs. 4 BVV 2 verletzen Bundesrecht und werden von der Revisionsstelle beanstandet.',
      fr: 'L’OPP 2 limite les placements par catégorie et par débiteur (art. 54 et 55 OPP 2). Des dépassements non détectés et non justifiés selon l’art. 50, al. 4, OPP 2 violent le droit fédéral et sont relevés par l’organe de révision.',
      en: 'BVV 2 limits investments by asset class and by debtor (Art. 54 and 55 BVV 2). Undetected breaches without a justified extension under Art. 50 para. 4 BVV 2 violate federal law and are reported by the auditor.',
    },
    defaultControlTarget: {
      de: 'Alle Anlagebegrenzungen werden eingehalten oder Erweiterungen sind im Anhang der Jahresrechnung schlüssig begründet.',
      fr: 'Toutes les limites de placement sont respectées, ou les extensions sont justifiées de manière concluante dans l’annexe des comptes annuels.',
      en: 'All investment limits are complied with, or extensions are conclusively justified in the notes to the annual accounts.',
    },
    defaultControlActivity: {
      de: 'Das Investment Controlling bzw. der Global Custodian prüft die Begrenzungen quartalsweise und erstellt einen Limitenbericht. Die Anlagekommission bespricht Überschreitungen und beantragt dem Stiftungsrat Massnahmen.',
      fr: 'Le controlling des placements ou le global custodian contrôle les limites chaque trimestre et établit un rapport. La commission de placement examine les dépassements et propose des mesures au conseil de fondation.',
      en: 'The investment controller or global custodian checks the limits quarterly and prepares a limits report. The investment committee discusses breaches and proposes measures to the foundation council.',
    },
  },
  {
    idkey: '02.2.02',
    mainTheme: '02',
    subTheme: '02.2',
    dsgRelevant: false,
    tags: ['custody', 'reconciliation'],
    title: {
      de: 'Abstimmung der Depot- und Kontobestände',
      fr: 'Rapprochement des dépôts et des comptes',
      en: 'Reconciliation of custody accounts and bank balances',
    },
    description: {
      de: 'Die Wertschriften werden bei einer oder mehreren Depotbanken verwahrt. Ohne Abstimmung mit der Buchhaltung bleiben fehlende Positionen, Fehlbuchungen oder unerlaubte Transaktionen unentdeckt.',
      fr: 'Les titres sont conservés auprès d’une ou de plusieurs banques dépositaires. Sans rapprochement avec la comptabilité, des positions manquantes, des erreurs de comptabilisation ou des transactions non autorisées passent inaperçues.',
      en: 'Securities are held with one or more custodian banks. Without reconciliation with the accounts, missing positions, booking errors or unauthorised transactions go undetected.',
    },
    defaultControlTarget: {
      de: 'Die in der Buchhaltung ausgewiesenen Anlagen stimmen vollständig mit den Depot- und Kontoauszügen der Banken überein.',
      fr: 'Les placements comptabilisés concordent entièrement avec les relevés de dépôts et de comptes des banques.',
      en: 'Investments reported in the accounts fully agree with the banks’ custody and account statements.',
    },
    defaultControlActivity: {
      de: 'Die Buchhaltung stimmt monatlich alle Depot- und Kontobestände mit den Bankauszügen ab. Differenzen werden abgeklärt, dokumentiert und von einer zweiten Person visiert.',
      fr: 'La comptabilité rapproche chaque mois tous les avoirs en dépôt et en compte avec les relevés bancaires. Les écarts sont clarifiés, documentés et visés par une deuxième personne.',
      en: 'Accounting reconciles all custody and account balances with the bank statements every month. Differences are investigated, documented and signed off by a second person.',
    },
  },
  {
    idkey: '02.3.01',
    mainTheme: '02',
    subTheme: '02.3',
    dsgRelevant: false,
    tags: ['mandates', 'selection'],
    title: {
      de: 'Auswahl und Vertragsgestaltung der Vermögensverwalter',
      fr: 'Sélection et contrats des gestionnaires de fortune',
      en: 'Selection and contracts of asset managers',
    },
    description: {
      de: 'Externe Vermögensverwalter setzen Teile der Anlagestrategie um. Eine ungenügende Auswahl oder unklare Verträge führen zu hohen Kosten, Interessenkonflikten und Abweichungen von den Anlagerichtlinien.',
      fr: 'Des gestionnaires de fortune externes mettent en œuvre une partie de la stratégie de placement. Une sélection insuffisante ou des contrats imprécis entraînent des coûts élevés, des conflits d’intérêts et des écarts par rapport aux directives de placement.',
      en: 'External asset managers implement parts of the investment strategy. Poor selection or unclear contracts lead to high costs, conflicts of interest and deviations from the investment guidelines.',
    },
    defaultControlTarget: {
      de: 'Nur gesetzlich zugelassene Vermögensverwalter werden nach einem dokumentierten Auswahlverfahren mit schriftlichen Mandatsverträgen beauftragt.',
      fr: 'Seuls des gestionnaires de fortune autorisés par la loi sont mandatés, au terme d’une procédure de sélection documentée et par contrat écrit.',
      en: 'Only legally authorised asset managers are appointed, following a documented selection process and under written mandate agreements.',
    },
    defaultControlActivity: {
      de: 'Die Anlagekommission führt für jedes neue Mandat eine Ausschreibung durch und prüft die Zulassung, die Kosten und die Loyalitätsregeln. Der Stiftungsrat genehmigt den Mandatsvertrag mit Anlagerichtlinien, Benchmark und Gebühren.',
      fr: 'La commission de placement procède à un appel d’offres pour chaque nouveau mandat et vérifie l’autorisation, les coûts et les règles de loyauté. Le conseil de fondation approuve le contrat avec les directives de placement, l’indice de référence et les frais.',
      en: 'The investment committee runs a tender for every new mandate and checks authorisation, costs and loyalty rules. The foundation council approves the mandate agreement including guidelines, benchmark and fees.',
    },
  },
  {
    idkey: '02.3.02',
    mainTheme: '02',
    subTheme: '02.3',
    dsgRelevant: false,
    tags: ['mandates', 'monitoring', 'loyalty'],
    title: {
      de: 'Überwachung der Vermögensverwaltungsmandate',
      fr: 'Surveillance des mandats de gestion de fortune',
      en: 'Monitoring of asset management mandates',
    },
    description: {
      de: 'Die Leistung und das Verhalten der Vermögensverwalter müssen laufend überwacht werden. Schwache Performance, Verstösse gegen Richtlinien oder nicht abgelieferte Retrozessionen werden sonst nicht erkannt.',
      fr: 'La performance et le comportement des gestionnaires de fortune doivent être surveillés en permanence. À défaut, une performance insuffisante, des violations des directives ou des rétrocessions non restituées ne sont pas détectées.',
      en: 'The performance and conduct of asset managers must be monitored continuously. Otherwise weak performance, guideline breaches or retrocessions not passed on remain unnoticed.',
    },
    defaultControlTarget: {
      de: 'Jedes Mandat erfüllt die vertraglichen Vorgaben, und alle Vermögensverwalter bestätigen jährlich die Einhaltung der Loyalitätsvorschriften.',
      fr: 'Chaque mandat respecte les exigences contractuelles, et tous les gestionnaires confirment chaque année le respect des prescriptions de loyauté.',
      en: 'Each mandate meets the contractual requirements, and all asset managers confirm compliance with the loyalty rules every year.',
    },
    defaultControlActivity: {
      de: 'Die Anlagekommission beurteilt quartalsweise Performance und Richtlinienkonformität jedes Mandats. Die Geschäftsführung holt jährlich die schriftlichen Loyalitätserklärungen ein und prüft die Ablieferung von Vermögensvorteilen.',
      fr: 'La commission de placement évalue chaque trimestre la performance et la conformité de chaque mandat. La direction recueille chaque année les déclarations de loyauté écrites et vérifie la restitution des avantages financiers.',
      en: 'The investment committee assesses the performance and guideline compliance of each mandate quarterly. Management obtains the written loyalty declarations every year and checks that financial benefits have been passed on.',
    },
  },
]
