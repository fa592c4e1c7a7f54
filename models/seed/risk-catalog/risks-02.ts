import type { RiskCatalogSeed } from './types.ts'

/** Theme 02 – investments */
export const risks02: RiskCatalogSeed[] = [
  {
    idkey: '02.01', theme: '02',
    title: { de: 'Anlagestrategie nicht auf Risikofähigkeit abgestimmt', fr: 'Stratégie de placement inadaptée à la capacité de risque', en: 'Investment strategy not aligned with risk capacity' },
    description: {
      de: 'Die Anlagestrategie berücksichtigt Struktur der Verpflichtungen, Deckungsgrad und Wertschwankungsreserve nicht ausreichend. Ein Kurseinbruch an den Aktien- oder Zinsmärkten senkt den Deckungsgrad stärker als tragbar. Es droht eine Unterdeckung mit Sanierungsmassnahmen.',
      fr: 'La stratégie de placement ne tient pas suffisamment compte de la structure des engagements, du degré de couverture et de la réserve de fluctuation de valeur. Une chute des marchés des actions ou des taux fait baisser le degré de couverture au-delà du supportable. Un découvert avec mesures d’assainissement menace.',
      en: 'The investment strategy does not adequately reflect the liability structure, funding ratio and fluctuation reserve. A slump in equity or bond markets lowers the funding ratio more than the fund can bear. Underfunding and recovery measures may follow.',
    },
    reaction: {
      de: 'Periodische Asset-Liability-Studie durchführen und Strategie sowie Zielgrösse der Wertschwankungsreserve daraus ableiten.',
      fr: 'Réaliser périodiquement une étude de congruence actifs-passifs (ALM) et en déduire la stratégie et l’objectif de réserve de fluctuation.',
      en: 'Carry out a periodic asset-liability study and derive the strategy and target fluctuation reserve from it.',
    },
    controlling: {
      de: 'Anlagekommission überwacht monatlich Deckungsgrad, Risikobudget und Abweichungen von der Strategie.',
      fr: 'La commission de placement suit chaque mois le degré de couverture, le budget de risque et les écarts par rapport à la stratégie.',
      en: 'The investment committee monitors funding ratio, risk budget and deviations from strategy monthly.',
    },
    probability: 3, severity: 5, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['investment', 'alm', 'market'],
  },
  {
    idkey: '02.02', theme: '02',
    title: { de: 'Verletzung der Anlagevorschriften nach BVV 2', fr: 'Violation des prescriptions de placement de l’OPP 2', en: 'Breach of BVV 2 investment rules' },
    description: {
      de: 'Kategorien- oder Schuldnerbegrenzungen der BVV 2 (Art. 54 und 55) werden überschritten, ohne dass eine Erweiterung nach Art. 50 Abs. 4 BVV 2 im Anhang der Jahresrechnung schlüssig begründet ist. Ursachen sind Marktbewegungen oder unklare Kategorisierung von Produkten. Revisionsstelle und Aufsicht beanstanden die Anlagen.',
      fr: 'Les limites par catégorie ou par débiteur de l’OPP 2 (art. 54 et 55) sont dépassées sans que l’extension selon l’art. 50, al. 4, OPP 2 soit justifiée de manière concluante dans l’annexe des comptes annuels. Les causes sont des mouvements de marché ou une classification floue des produits. L’organe de révision et l’autorité de surveillance contestent les placements.',
      en: 'BVV 2 category or single-debtor limits (Art. 54 and 55) are exceeded without an extension under Art. 50(4) BVV 2 being conclusively justified in the notes to the annual accounts. Causes include market movements or unclear product classification. The auditor and the supervisory authority object to the investments.',
    },
    reaction: {
      de: 'Anlagereglement mit Bandbreiten führen, Limiten im Depotbankreporting abbilden und Erweiterungen dokumentieren.',
      fr: 'Tenir un règlement de placement avec marges de fluctuation, intégrer les limites au reporting de la banque dépositaire et documenter les extensions.',
      en: 'Maintain investment regulations with ranges, map limits into the custodian’s reporting and document any extensions.',
    },
    controlling: {
      de: 'Monatliche Limitenprüfung durch Global Custodian oder Investment Controller mit Meldung an die Anlagekommission.',
      fr: 'Contrôle mensuel des limites par le global custodian ou l’investment controller, avec rapport à la commission de placement.',
      en: 'Monthly limit check by the global custodian or investment controller, reported to the investment committee.',
    },
    probability: 2, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['investment', 'compliance', 'limits'],
  },
  {
    idkey: '02.03', theme: '02',
    title: { de: 'Ausfall von Gegenparteien, Emittenten oder Depotbank', fr: 'Défaillance de contreparties, d’émetteurs ou de la banque dépositaire', en: 'Default of counterparties, issuers or custodian' },
    description: {
      de: 'Ein Emittent, eine Derivat-Gegenpartei oder ein Vermögensverwalter kann seinen Verpflichtungen nicht nachkommen. Hohe Konzentrationen, ungesicherte Positionen oder Guthaben beim Arbeitgeber verstärken den Schaden. Die Kasse erleidet direkte Vermögensverluste.',
      fr: 'Un émetteur, une contrepartie de dérivés ou un gérant de fortune ne peut honorer ses engagements. Des concentrations élevées, des positions non couvertes ou des créances envers l’employeur aggravent le dommage. La caisse subit des pertes directes.',
      en: 'An issuer, derivatives counterparty or asset manager cannot meet its obligations. High concentrations, unsecured exposures or receivables from the employer increase the loss. The fund suffers direct losses on its assets.',
    },
    reaction: {
      de: 'Mindestratings und Gegenparteilimiten festlegen, Sicherheiten verlangen und nur beaufsichtigte Vermögensverwalter mandatieren.',
      fr: 'Fixer des notations minimales et des limites par contrepartie, exiger des garanties et ne mandater que des gérants surveillés.',
      en: 'Set minimum ratings and counterparty limits, require collateral and appoint only supervised asset managers.',
    },
    controlling: {
      de: 'Quartalsweise Auswertung der Gegenparteien- und Emittentenkonzentration durch den Investment Controller.',
      fr: 'Analyse trimestrielle des concentrations par contrepartie et par émetteur par l’investment controller.',
      en: 'Quarterly analysis of counterparty and issuer concentration by the investment controller.',
    },
    probability: 2, severity: 4, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['investment', 'counterparty', 'credit'],
  },
  {
    idkey: '02.04', theme: '02',
    title: { de: 'Währungsverluste auf Fremdwährungsanlagen', fr: 'Pertes de change sur les placements en monnaies étrangères', en: 'Currency losses on foreign-currency assets' },
    description: {
      de: 'Die Verpflichtungen lauten auf Franken, ein grosser Teil der Anlagen jedoch auf Fremdwährungen. Eine Aufwertung des Frankens schmälert die Rendite erheblich. Ungesicherte Fremdwährungen dürfen 30 % des Vermögens nicht übersteigen (Art. 55 BVV 2).',
      fr: 'Les engagements sont libellés en francs, mais une grande partie des placements en monnaies étrangères. Une appréciation du franc réduit sensiblement le rendement. Les monnaies étrangères non couvertes ne doivent pas dépasser 30 % de la fortune (art. 55 OPP 2).',
      en: 'Liabilities are in Swiss francs, but a large part of the assets is in foreign currencies. An appreciation of the franc substantially reduces returns. Unhedged foreign currencies must not exceed 30% of assets (Art. 55 BVV 2).',
    },
    reaction: {
      de: 'Währungsabsicherungsstrategie mit Absicherungsquote je Anlageklasse festlegen und umsetzen.',
      fr: 'Définir et appliquer une stratégie de couverture de change avec un taux de couverture par classe d’actifs.',
      en: 'Define and implement a currency hedging policy with a hedge ratio per asset class.',
    },
    controlling: {
      de: 'Monatliche Überwachung der ungesicherten Fremdwährungsquote und der Absicherungsgeschäfte.',
      fr: 'Suivi mensuel de la part non couverte en monnaies étrangères et des opérations de couverture.',
      en: 'Monthly monitoring of the unhedged currency share and hedging transactions.',
    },
    probability: 3, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['investment', 'currency'],
  },
  {
    idkey: '02.05', theme: '02',
    title: { de: 'Illiquidität und Bewertung von Immobilien und Privatmarktanlagen', fr: 'Illiquidité et évaluation de l’immobilier et des marchés privés', en: 'Illiquidity and valuation of real estate and private markets' },
    description: {
      de: 'Direkte Immobilien, Immobilienfonds und Privatmarktanlagen sind schwer verkäuflich und werden verzögert bewertet. Bei Marktstress, Leerständen oder steigenden Zinsen sinken die Werte, während Kapitalabrufe und Rentenzahlungen weiterlaufen. Rebalancing wird unmöglich und die Kasse muss zu ungünstigen Preisen verkaufen.',
      fr: 'L’immobilier direct, les fonds immobiliers et les placements en marchés privés sont difficiles à vendre et leur évaluation est décalée. En cas de tensions, de vacance ou de hausse des taux, les valeurs baissent alors que les appels de capitaux et les rentes continuent. Le rééquilibrage devient impossible et la caisse doit vendre à des prix défavorables.',
      en: 'Direct real estate, property funds and private-market investments are hard to sell and valued with a lag. Under market stress, vacancies or rising rates their values fall while capital calls and pension payments continue. Rebalancing becomes impossible and the fund must sell at unfavourable prices.',
    },
    reaction: {
      de: 'Obergrenze für illiquide Anlagen festlegen, Liquiditätsplanung mit Kapitalzusagen führen und Immobilien unabhängig schätzen lassen.',
      fr: 'Plafonner les placements illiquides, tenir une planification des liquidités incluant les engagements de capital et faire estimer l’immobilier de manière indépendante.',
      en: 'Cap illiquid investments, keep a liquidity plan including commitments and have real estate valued independently.',
    },
    controlling: {
      de: 'Quartalsweise Liquiditätsplanung und jährliche Immobilienbewertung durch unabhängige Schätzer.',
      fr: 'Planification trimestrielle des liquidités et évaluation immobilière annuelle par des experts indépendants.',
      en: 'Quarterly liquidity planning and annual real estate valuation by independent valuers.',
    },
    probability: 2, severity: 4, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['investment', 'liquidity', 'real-estate'],
  },
  {
    idkey: '02.06', theme: '02',
    title: { de: 'ESG- und Klimarisiken im Portfolio', fr: 'Risques ESG et climatiques dans le portefeuille', en: 'ESG and climate risks in the portfolio' },
    description: {
      de: 'Physische Klimarisiken und der Übergang zu einer CO₂-armen Wirtschaft können Anlagen entwerten, etwa fossile Beteiligungen oder energetisch veraltete Liegenschaften. Fehlende ESG-Grundsätze und Transparenz führen zudem zu Kritik von Versicherten und Öffentlichkeit. Rendite und Reputation der Kasse leiden.',
      fr: 'Les risques climatiques physiques et la transition vers une économie bas carbone peuvent déprécier des placements, par exemple des participations fossiles ou des immeubles énergivores. L’absence de principes ESG et de transparence suscite en outre des critiques des assurés et du public. Le rendement et la réputation de la caisse en pâtissent.',
      en: 'Physical climate risks and the transition to a low-carbon economy can impair assets such as fossil-fuel holdings or energy-inefficient buildings. A lack of ESG principles and transparency also draws criticism from members and the public. Returns and reputation suffer.',
    },
    reaction: {
      de: 'ESG-Grundsätze im Rahmen der Treuepflicht festlegen, Stimmrechte ausüben und Klimakennzahlen offenlegen.',
      fr: 'Fixer des principes ESG compatibles avec le devoir fiduciaire, exercer les droits de vote et publier des indicateurs climatiques.',
      en: 'Set ESG principles consistent with fiduciary duty, exercise voting rights and disclose climate metrics.',
    },
    controlling: {
      de: 'Jährliches ESG-Reporting mit CO₂-Intensität, Stimmrechtsbericht und Prüfung durch die Anlagekommission.',
      fr: 'Reporting ESG annuel avec intensité carbone et rapport de vote, examiné par la commission de placement.',
      en: 'Annual ESG report with carbon intensity and voting record, reviewed by the investment committee.',
    },
    probability: 3, severity: 3, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['investment', 'esg', 'climate'],
  },
]
