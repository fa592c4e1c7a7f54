import type { KriComputed, KriDirection, KriUnit } from '../core/constants.ts'

/**
 * The KRI catalogue for Swiss pension funds (reference data, issue 27), in German (default), Swiss
 * French and English: the figures the supervisors judge a fund by, the use of the investment limits of
 * Art. 54–55 BVV 2 and a few operational figures the product computes itself. Where the law sets a limit
 * it is the default red bound and the default amber bound lies a little inside it; where it sets none the
 * defaults are usual bounds a council starts from. A fund chooses its KRIs and sets its own bounds (its
 * appetite); an extension of the limits under Art. 50 para. 4 BVV 2 is the fund's own bound, justified
 * in the notes to its annual accounts. The order here is the catalogue's order (`sort`).
 *
 * Percentages are stored as percent (107.5 for 107.5 %), amounts in CHF.
 */

type L10n = { de: string; fr: string; en: string }

export type KriCatalogSeed = {
  /** Stable: the import and the demo data name a KRI by it. */
  key: string
  name: L10n
  description: L10n
  legalBasis: string
  unit: KriUnit
  direction: KriDirection
  computed: KriComputed | null
  /** Decimal text with a dot, or null when the catalogue proposes none. */
  defaultAmber: string | null
  defaultRed: string | null
  sort: number
}

/** The limits of Art. 55 BVV 2: the legal limit is red, amber five points (or a third of it, for small limits) inside. */
const limit = (key: string, sort: number, red: number, amber: number, lit: string, name: L10n, description: L10n): KriCatalogSeed => ({
  key,
  name,
  description,
  legalBasis: `Art. 55 lit. ${lit} BVV 2 (OPP 2)`,
  unit: 'percent',
  direction: 'lower',
  computed: null,
  defaultAmber: String(amber),
  defaultRed: String(red),
  sort,
})

const EXTENSION = {
  de: ' Eine Erweiterung nach Art. 50 Abs. 4 BVV 2 ist im Anhang der Jahresrechnung schlüssig darzulegen; die Vorsorgeeinrichtung setzt dann ihre eigenen Grenzen.',
  fr: ' Une extension selon l’art. 50, al. 4, OPP 2 doit être motivée de manière concluante dans l’annexe aux comptes annuels ; l’institution fixe alors ses propres limites.',
  en: ' An extension under Art. 50 para. 4 BVV 2 must be conclusively justified in the notes to the annual accounts; the fund then sets its own bounds.',
}

const withExtension = (d: L10n): L10n => ({ de: d.de + EXTENSION.de, fr: d.fr + EXTENSION.fr, en: d.en + EXTENSION.en })

export const kriCatalog: KriCatalogSeed[] = [
  {
    key: 'coverageRatio',
    name: { de: 'Deckungsgrad', fr: 'Degré de couverture', en: 'Coverage ratio' },
    description: {
      de: 'Verfügbares Vorsorgevermögen im Verhältnis zum versicherungstechnisch notwendigen Vorsorgekapital (Art. 44 BVV 2), in Prozent. Unter 100 % besteht eine Unterdeckung: die Vorsorgeeinrichtung muss die Aufsichtsbehörde, den Arbeitgeber, die Versicherten und die Rentnerinnen und Rentner informieren und Sanierungsmassnahmen beschliessen (Art. 65c–65d BVG). Zwischen 100 % und 110 % ist die Wertschwankungsreserve in der Regel noch nicht geäufnet.',
      fr: 'Fortune de prévoyance disponible rapportée aux capitaux de prévoyance nécessaires selon les principes actuariels (art. 44 OPP 2), en pour cent. En dessous de 100 %, l’institution est en découvert : elle doit informer l’autorité de surveillance, l’employeur, les assurés et les bénéficiaires de rentes et décider des mesures d’assainissement (art. 65c–65d LPP). Entre 100 % et 110 %, la réserve de fluctuation de valeur n’est en règle générale pas encore constituée.',
      en: 'Available pension assets in relation to the actuarially required pension capital (Art. 44 BVV 2), in per cent. Below 100 % the fund is underfunded: it must inform the supervisory authority, the employer, the insured and the pensioners and decide remediation measures (Art. 65c–65d BVG). Between 100 % and 110 % the fluctuation reserve is usually not yet built up.',
    },
    legalBasis: 'Art. 44 BVV 2 (OPP 2); Art. 65c–65d BVG (LPP)',
    unit: 'percent',
    direction: 'higher',
    computed: null,
    defaultAmber: '110',
    defaultRed: '100',
    sort: 10,
  },
  {
    key: 'fluctuationReserve',
    name: {
      de: 'Wertschwankungsreserve in % des Zielwerts',
      fr: 'Réserve de fluctuation de valeur en % de l’objectif',
      en: 'Fluctuation reserve as % of its target',
    },
    description: {
      de: 'Vorhandene Wertschwankungsreserve im Verhältnis zu ihrem Zielwert nach dem Rückstellungs- und Reservereglement (Swiss GAAP FER 26, Art. 48e BVV 2), in Prozent. Unter 100 % ist die Risikofähigkeit eingeschränkt (amber); unter 50 % trägt die Reserve nicht einmal die Hälfte der angestrebten Schwankungen, die Anlagestrategie ist zu überprüfen (rot).',
      fr: 'Réserve de fluctuation de valeur existante rapportée à son objectif selon le règlement sur les provisions et les réserves (Swiss GAAP RPC 26, art. 48e OPP 2), en pour cent. En dessous de 100 %, la capacité de risque est restreinte (orange) ; en dessous de 50 %, la réserve ne couvre pas la moitié des fluctuations visées et la stratégie de placement doit être réexaminée (rouge).',
      en: 'The fluctuation reserve held in relation to its target under the regulations on provisions and reserves (Swiss GAAP FER 26, Art. 48e BVV 2), in per cent. Below 100 % the capacity to bear risk is limited (amber); below 50 % the reserve covers less than half the fluctuations aimed at and the investment strategy must be reviewed (red).',
    },
    legalBasis: 'Swiss GAAP FER 26 (RPC 26); Art. 48e BVV 2 (OPP 2)',
    unit: 'percent',
    direction: 'higher',
    computed: null,
    defaultAmber: '100',
    defaultRed: '50',
    sort: 20,
  },
  {
    key: 'technicalInterestRate',
    name: { de: 'Technischer Zinssatz', fr: 'Taux d’intérêt technique', en: 'Technical interest rate' },
    description: {
      de: 'Der vom Stiftungsrat auf Empfehlung des Experten für berufliche Vorsorge festgelegte technische Zinssatz, in Prozent. Je tiefer, desto vorsichtiger die Bewertung der Verpflichtungen; er muss mit Marge unter der erwarteten Rendite liegen. Die Vorgaben sind Richtwerte, keine gesetzlichen Grenzen (Fachrichtlinie FRP 4 der Schweizerischen Kammer der Pensionskassen-Experten).',
      fr: 'Taux d’intérêt technique fixé par le conseil de fondation sur recommandation de l’expert en matière de prévoyance professionnelle, en pour cent. Plus il est bas, plus l’évaluation des engagements est prudente ; il doit rester avec une marge en dessous du rendement attendu. Les valeurs proposées sont indicatives et non des limites légales (directive technique DTA 4 de la Chambre Suisse des experts en caisses de pensions).',
      en: 'The technical interest rate set by the council on the recommendation of the occupational pensions expert, in per cent. The lower, the more prudent the valuation of the liabilities; it must stay below the expected return with a margin. The defaults are guide values, not legal limits (technical guideline FRP 4 of the Swiss Chamber of Pension Fund Experts).',
    },
    legalBasis: 'Art. 52e Abs. 2 BVG (LPP); FRP 4 SKPE (DTA 4 CSEP)',
    unit: 'percent',
    direction: 'lower',
    computed: null,
    defaultAmber: '2',
    defaultRed: '2.5',
    sort: 30,
  },
  {
    key: 'expectedReturn',
    name: {
      de: 'Erwartete Rendite der Anlagestrategie',
      fr: 'Rendement attendu de la stratégie de placement',
      en: 'Expected return of the investment strategy',
    },
    description: {
      de: 'Die langfristig erwartete Nettorendite der Anlagestrategie nach der letzten ALM-Studie, in Prozent. Sie muss den technischen Zinssatz, die Verzinsung der Altersguthaben und den Aufbau der Wertschwankungsreserve tragen; die Vorgaben sind Richtwerte.',
      fr: 'Rendement net attendu à long terme de la stratégie de placement selon la dernière étude ALM, en pour cent. Il doit couvrir le taux d’intérêt technique, la rémunération des avoirs de vieillesse et la constitution de la réserve de fluctuation de valeur ; les valeurs proposées sont indicatives.',
      en: 'The long-term expected net return of the investment strategy according to the latest ALM study, in per cent. It must carry the technical interest rate, the interest on the retirement savings and the build-up of the fluctuation reserve; the defaults are guide values.',
    },
    legalBasis: 'Art. 51a Abs. 2 lit. m BVG (LPP); Art. 50 BVV 2 (OPP 2)',
    unit: 'percent',
    direction: 'higher',
    computed: null,
    defaultAmber: '2.5',
    defaultRed: '2',
    sort: 40,
  },
  limit(
    'shareMortgages',
    50,
    50,
    45,
    'a',
    { de: 'Anteil Grundpfandtitel', fr: 'Part des titres hypothécaires', en: 'Share of mortgage claims' },
    withExtension({
      de: 'Schweizerische Grundpfandtitel auf Immobilien, Bauten im Baurecht und Bauland in Prozent des Gesamtvermögens; gesetzliche Begrenzung 50 %, höchstens zu 80 % des Verkehrswerts belehnt.',
      fr: 'Titres hypothécaires suisses sur des immeubles, des constructions en droit de superficie et des terrains à bâtir en pour cent de la fortune totale ; limite légale de 50 %, avec un nantissement de 80 % au plus de la valeur vénale.',
      en: 'Swiss mortgage claims on real estate, buildings in building rights and building land as a percentage of total assets; legal limit 50 %, lent at most up to 80 % of the market value.',
    }),
  ),
  limit(
    'shareEquities',
    60,
    50,
    45,
    'b',
    { de: 'Anteil Aktien', fr: 'Part des actions', en: 'Share of equities' },
    withExtension({
      de: 'Aktien in Prozent des Gesamtvermögens; gesetzliche Begrenzung 50 %.',
      fr: 'Actions en pour cent de la fortune totale ; limite légale de 50 %.',
      en: 'Equities as a percentage of total assets; legal limit 50 %.',
    }),
  ),
  limit(
    'shareRealEstate',
    70,
    30,
    27,
    'c',
    { de: 'Anteil Immobilien', fr: 'Part des biens immobiliers', en: 'Share of real estate' },
    withExtension({
      de: 'Immobilien im In- und Ausland in Prozent des Gesamtvermögens; gesetzliche Begrenzung 30 %.',
      fr: 'Biens immobiliers en Suisse et à l’étranger en pour cent de la fortune totale ; limite légale de 30 %.',
      en: 'Real estate in Switzerland and abroad as a percentage of total assets; legal limit 30 %.',
    }),
  ),
  limit(
    'shareRealEstateForeign',
    80,
    10,
    8,
    'c',
    { de: 'Anteil Immobilien Ausland', fr: 'Part des biens immobiliers à l’étranger', en: 'Share of foreign real estate' },
    withExtension({
      de: 'Immobilien im Ausland in Prozent des Gesamtvermögens; höchstens ein Drittel der Immobilienquote, bei 30 % also 10 %.',
      fr: 'Biens immobiliers à l’étranger en pour cent de la fortune totale ; au plus un tiers de la quote-part immobilière, soit 10 % pour 30 %.',
      en: 'Foreign real estate as a percentage of total assets; at most one third of the real estate share, i.e. 10 % of 30 %.',
    }),
  ),
  limit(
    'shareAlternatives',
    90,
    15,
    13.5,
    'd',
    { de: 'Anteil alternative Anlagen', fr: 'Part des placements alternatifs', en: 'Share of alternative investments' },
    withExtension({
      de: 'Alternative Anlagen (Hedge Funds, Private Equity, Insurance Linked Securities, Rohstoffe u. a.) in Prozent des Gesamtvermögens; gesetzliche Begrenzung 15 %.',
      fr: 'Placements alternatifs (hedge funds, private equity, insurance linked securities, matières premières, etc.) en pour cent de la fortune totale ; limite légale de 15 %.',
      en: 'Alternative investments (hedge funds, private equity, insurance-linked securities, commodities and the like) as a percentage of total assets; legal limit 15 %.',
    }),
  ),
  limit(
    'shareInfrastructure',
    100,
    10,
    8,
    'f',
    { de: 'Anteil Infrastrukturanlagen', fr: 'Part des placements en infrastructures', en: 'Share of infrastructure investments' },
    withExtension({
      de: 'Infrastrukturanlagen in Prozent des Gesamtvermögens; gesetzliche Begrenzung 10 %.',
      fr: 'Placements en infrastructures en pour cent de la fortune totale ; limite légale de 10 %.',
      en: 'Infrastructure investments as a percentage of total assets; legal limit 10 %.',
    }),
  ),
  limit(
    'shareForeignCurrencyUnhedged',
    110,
    30,
    27,
    'e',
    {
      de: 'Anteil Fremdwährungen ohne Währungssicherung',
      fr: 'Part des monnaies étrangères sans couverture du risque de change',
      en: 'Share of unhedged foreign currency',
    },
    withExtension({
      de: 'Anlagen in Fremdwährungen ohne Währungssicherung in Prozent des Gesamtvermögens; gesetzliche Begrenzung 30 %.',
      fr: 'Placements en monnaies étrangères sans couverture du risque de change en pour cent de la fortune totale ; limite légale de 30 %.',
      en: 'Investments in foreign currencies without currency hedging as a percentage of total assets; legal limit 30 %.',
    }),
  ),
  {
    key: 'largestDebtor',
    name: { de: 'Grösster Einzelschuldner', fr: 'Plus grand débiteur individuel', en: 'Largest single debtor' },
    description: withExtension({
      de: 'Forderungen gegenüber dem grössten einzelnen Schuldner in Prozent des Gesamtvermögens; gesetzliche Begrenzung 10 % (Bund, Kantone, Pfandbriefinstitute und schweizerische Banken ausgenommen, Art. 54 Abs. 2 BVV 2).',
      fr: 'Créances envers le plus grand débiteur individuel en pour cent de la fortune totale ; limite légale de 10 % (sauf Confédération, cantons, centrales d’émission de lettres de gage et banques suisses, art. 54, al. 2, OPP 2).',
      en: 'Claims against the largest single debtor as a percentage of total assets; legal limit 10 % (the Confederation, the cantons, the mortgage bond institutions and Swiss banks excepted, Art. 54 para. 2 BVV 2).',
    }),
    legalBasis: 'Art. 54 Abs. 1 BVV 2 (OPP 2)',
    unit: 'percent',
    direction: 'lower',
    computed: null,
    defaultAmber: '8',
    defaultRed: '10',
    sort: 120,
  },
  {
    key: 'liquidity',
    name: { de: 'Liquidität', fr: 'Liquidités', en: 'Liquidity' },
    description: {
      de: 'Flüssige Mittel und Geldmarktanlagen in Prozent des Gesamtvermögens. Die Vorsorgeeinrichtung muss die Ausrichtung der Leistungen jederzeit sicherstellen (Art. 52 BVV 2); die Vorgaben sind Richtwerte.',
      fr: 'Liquidités et placements sur le marché monétaire en pour cent de la fortune totale. L’institution doit garantir à tout moment le versement des prestations (art. 52 OPP 2) ; les valeurs proposées sont indicatives.',
      en: 'Cash and money-market investments as a percentage of total assets. The fund must be able to pay the benefits at all times (Art. 52 BVV 2); the defaults are guide values.',
    },
    legalBasis: 'Art. 52 BVV 2 (OPP 2)',
    unit: 'percent',
    direction: 'higher',
    computed: null,
    defaultAmber: '2',
    defaultRed: '1',
    sort: 130,
  },
  {
    key: 'pensionerLiabilitiesRatio',
    name: {
      de: 'Anteil Rentnerverpflichtungen',
      fr: 'Part des engagements envers les bénéficiaires de rentes',
      en: 'Share of pensioners’ liabilities',
    },
    description: {
      de: 'Vorsorgekapital der Rentnerinnen und Rentner in Prozent des gesamten Vorsorgekapitals. Je höher, desto kleiner die Sanierungsfähigkeit: laufende Renten können nur eingeschränkt zur Sanierung beitragen (Art. 65d Abs. 3 BVG); die Vorgaben sind Richtwerte.',
      fr: 'Capital de prévoyance des bénéficiaires de rentes en pour cent de l’ensemble des capitaux de prévoyance. Plus il est élevé, plus la capacité d’assainissement est faible : les rentes en cours ne peuvent contribuer à l’assainissement que de manière limitée (art. 65d, al. 3, LPP) ; les valeurs proposées sont indicatives.',
      en: 'Pension capital of the pensioners as a percentage of the total pension capital. The higher, the smaller the capacity for remediation: current pensions can contribute to it only within limits (Art. 65d para. 3 BVG); the defaults are guide values.',
    },
    legalBasis: 'Art. 65d Abs. 3 BVG (LPP)',
    unit: 'percent',
    direction: 'lower',
    computed: null,
    defaultAmber: '50',
    defaultRed: '60',
    sort: 140,
  },
  {
    key: 'adminCostPerInsured',
    name: {
      de: 'Verwaltungskosten pro versicherte Person',
      fr: 'Frais d’administration par personne assurée',
      en: 'Administration cost per insured person',
    },
    description: {
      de: 'Allgemeine Verwaltungskosten (ohne Vermögensverwaltungskosten) pro aktive versicherte Person und Rentnerin oder Rentner in CHF, wie in der Jahresrechnung ausgewiesen (Art. 48a BVV 2); die Vorgaben sind Richtwerte.',
      fr: 'Frais d’administration générale (sans les frais de gestion de la fortune) par assuré actif et bénéficiaire de rente en CHF, tels que présentés dans les comptes annuels (art. 48a OPP 2) ; les valeurs proposées sont indicatives.',
      en: 'General administration cost (without asset management cost) per active insured person and pensioner in CHF, as shown in the annual accounts (Art. 48a BVV 2); the defaults are guide values.',
    },
    legalBasis: 'Art. 48a BVV 2 (OPP 2)',
    unit: 'chf',
    direction: 'lower',
    computed: null,
    defaultAmber: '400',
    defaultRed: '550',
    sort: 150,
  },
  {
    key: 'deficientControls',
    name: { de: 'Mangelhafte Schlüsselkontrollen', fr: 'Contrôles clés déficients', en: 'Deficient key controls' },
    description: {
      de: 'Anzahl der IKS-Prozesse, deren letzte Kontrolldurchführung als mangelhaft beurteilt wurde. Das Produkt berechnet den Wert selbst aus den Kontrolldurchführungen.',
      fr: 'Nombre de processus SCI dont la dernière exécution du contrôle a été jugée déficiente. Le produit calcule lui-même la valeur à partir des exécutions des contrôles.',
      en: 'Number of ICS processes whose latest control execution was judged deficient. The product computes the value itself from the control executions.',
    },
    legalBasis: 'Art. 52c BVG (LPP); Art. 35 BVV 2 (OPP 2)',
    unit: 'count',
    direction: 'lower',
    computed: 'deficientControls',
    defaultAmber: '0',
    defaultRed: '2',
    sort: 160,
  },
  {
    key: 'overdueMeasures',
    name: { de: 'Überfällige Massnahmen', fr: 'Mesures en retard', en: 'Overdue measures' },
    description: {
      de: 'Anzahl der offenen Massnahmen, deren Termin am Stichtag überschritten ist. Das Produkt berechnet den Wert selbst aus den Massnahmen.',
      fr: 'Nombre de mesures en suspens dont l’échéance est dépassée à la date de référence. Le produit calcule lui-même la valeur à partir des mesures.',
      en: 'Number of open measures past their due date at the reporting date. The product computes the value itself from the measures.',
    },
    legalBasis: 'Art. 51a BVG (LPP)',
    unit: 'count',
    direction: 'lower',
    computed: 'overdueMeasures',
    defaultAmber: '0',
    defaultRed: '3',
    sort: 170,
  },
  {
    key: 'breaches',
    name: { de: 'Verletzungen der Datensicherheit im Jahr', fr: 'Violations de la sécurité des données de l’année', en: 'Data security breaches of the year' },
    description: {
      de: 'Anzahl der im Kalenderjahr bis zum Stichtag entdeckten Verletzungen der Datensicherheit. Das Produkt berechnet den Wert selbst aus dem Register der Verletzungen.',
      fr: 'Nombre de violations de la sécurité des données découvertes pendant l’année civile jusqu’à la date de référence. Le produit calcule lui-même la valeur à partir du registre des violations.',
      en: 'Number of data security breaches discovered in the calendar year up to the reporting date. The product computes the value itself from the register of breaches.',
    },
    legalBasis: 'Art. 24 DSG (LPD)',
    unit: 'count',
    direction: 'lower',
    computed: 'breaches',
    defaultAmber: '0',
    defaultRed: '1',
    sort: 180,
  },
]
