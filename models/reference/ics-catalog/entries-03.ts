import type { IcsCatalogSeed } from './types.ts'

/** Main process 03 – contributions and insured persons */
export const icsEntries03: IcsCatalogSeed[] = [
  {
    idkey: '03.1.01',
    mainTheme: '03',
    subTheme: '03.1',
    dsgRelevant: true,
    tags: ['insured', 'data-quality'],
    title: {
      de: 'Erfassung von Eintritten, Austritten und Mutationen',
      fr: 'Saisie des entrées, sorties et mutations',
      en: 'Recording of entries, exits and changes',
    },
    description: {
      de: 'Die Arbeitgeber melden Eintritte, Austritte, Lohn- und Zivilstandsänderungen, die in der Versichertenverwaltung erfasst werden. Fehlende oder falsche Meldungen führen zu falschen Beiträgen, Altersguthaben und Leistungen.',
      fr: 'Les employeurs annoncent les entrées, sorties, modifications de salaire et d’état civil, qui sont saisies dans la gestion des assurés. Des annonces manquantes ou erronées entraînent des cotisations, des avoirs de vieillesse et des prestations erronés.',
      en: 'Employers report entries, exits and changes in salary and marital status, which are recorded in the member administration. Missing or incorrect notifications result in wrong contributions, retirement savings and benefits.',
    },
    defaultControlTarget: {
      de: 'Alle Mutationen werden vollständig, korrekt und zeitnah erfasst, und die Versichertendaten entsprechen den Meldungen der Arbeitgeber.',
      fr: 'Toutes les mutations sont saisies de manière complète, exacte et rapide, et les données des assurés correspondent aux annonces des employeurs.',
      en: 'All changes are recorded completely, accurately and promptly, and the member data match the employers’ notifications.',
    },
    defaultControlActivity: {
      de: 'Jede Mutation wird nach dem Vier-Augen-Prinzip erfasst und visiert. Die Versichertenverwaltung prüft monatlich eine Mutationsliste sowie Plausibilitätsauswertungen, etwa zu Lohnsprüngen oder fehlenden Geburtsdaten.',
      fr: 'Chaque mutation est saisie et visée selon le principe des quatre yeux. La gestion des assurés contrôle chaque mois une liste des mutations et des analyses de plausibilité, par exemple sur les hausses de salaire inhabituelles ou les dates de naissance manquantes.',
      en: 'Every change is recorded and approved under the four-eyes principle. Member administration reviews a monthly change list and plausibility reports, for example on unusual salary jumps or missing dates of birth.',
    },
  },
  {
    idkey: '03.1.02',
    mainTheme: '03',
    subTheme: '03.1',
    dsgRelevant: true,
    tags: ['insured', 'information'],
    title: {
      de: 'Jährlicher Vorsorgeausweis und Information der Versicherten',
      fr: 'Certificat de prévoyance annuel et information des assurés',
      en: 'Annual pension certificate and information of insured persons',
    },
    description: {
      de: 'Die Versicherten sind jährlich über ihre Leistungsansprüche, den versicherten Lohn, die Beiträge und das Altersguthaben zu informieren (Art. 86b BVG). Fehlerhafte oder an falsche Adressen versandte Ausweise verursachen Fehlentscheide und Datenschutzverletzungen.',
      fr: 'Les assurés doivent être informés chaque année de leurs droits aux prestations, du salaire assuré, des cotisations et de l’avoir de vieillesse (art. 86b LPP). Des certificats erronés ou envoyés à une mauvaise adresse entraînent des décisions erronées et des violations de la protection des données.',
      en: 'Insured persons must be informed every year about their benefit entitlements, insured salary, contributions and retirement savings (Art. 86b BVG). Incorrect certificates or certificates sent to wrong addresses lead to wrong decisions and data protection breaches.',
    },
    defaultControlTarget: {
      de: 'Alle Versicherten erhalten fristgerecht einen korrekten Vorsorgeausweis, der nur ihnen selbst zugestellt wird.',
      fr: 'Tous les assurés reçoivent dans les délais un certificat de prévoyance exact, remis à eux seuls.',
      en: 'All insured persons receive a correct pension certificate on time, delivered to them only.',
    },
    defaultControlActivity: {
      de: 'Vor dem Versand prüft die Versichertenverwaltung eine Stichprobe von Ausweisen gegen die Stammdaten und Berechnungsgrundlagen. Die Geschäftsführung gibt den Versand frei, und Rückläufer werden dokumentiert und nachbearbeitet.',
      fr: 'Avant l’envoi, la gestion des assurés contrôle un échantillon de certificats par rapport aux données de base et aux bases de calcul. La direction autorise l’envoi, et les retours sont documentés et traités.',
      en: 'Before dispatch, member administration checks a sample of certificates against the master data and calculation bases. Management releases the dispatch, and returned mail is documented and followed up.',
    },
  },
  {
    idkey: '03.2.01',
    mainTheme: '03',
    subTheme: '03.2',
    dsgRelevant: false,
    tags: ['contributions', 'reconciliation'],
    title: {
      de: 'Beitragsabrechnung und Abstimmung mit den Arbeitgebern',
      fr: 'Décompte des cotisations et rapprochement avec les employeurs',
      en: 'Contribution billing and reconciliation with employers',
    },
    description: {
      de: 'Die Beiträge werden aufgrund der gemeldeten Löhne berechnet und den angeschlossenen Arbeitgebern in Rechnung gestellt. Differenzen zwischen Soll- und Ist-Beiträgen führen zu falschen Altersguthaben und Forderungsausfällen.',
      fr: 'Les cotisations sont calculées sur la base des salaires annoncés et facturées aux employeurs affiliés. Des écarts entre cotisations dues et encaissées entraînent des avoirs de vieillesse erronés et des pertes sur créances.',
      en: 'Contributions are calculated from the reported salaries and invoiced to the affiliated employers. Differences between contributions due and received lead to incorrect retirement savings and bad debts.',
    },
    defaultControlTarget: {
      de: 'Die in Rechnung gestellten Beiträge entsprechen den reglementarischen Vorgaben und stimmen mit den eingegangenen Zahlungen und der Buchhaltung überein.',
      fr: 'Les cotisations facturées sont conformes au règlement et concordent avec les paiements reçus et la comptabilité.',
      en: 'Invoiced contributions comply with the regulations and agree with the payments received and the accounts.',
    },
    defaultControlActivity: {
      de: 'Die Versichertenverwaltung stimmt monatlich die Beitragsrechnungen pro Arbeitgeber mit den Zahlungseingängen und der Finanzbuchhaltung ab. Differenzen werden mit dem Arbeitgeber geklärt und die Abstimmung von einer zweiten Person visiert.',
      fr: 'La gestion des assurés rapproche chaque mois les factures de cotisations par employeur avec les paiements reçus et la comptabilité financière. Les écarts sont clarifiés avec l’employeur et le rapprochement est visé par une deuxième personne.',
      en: 'Member administration reconciles contribution invoices per employer with incoming payments and the general ledger every month. Differences are clarified with the employer and the reconciliation is signed off by a second person.',
    },
  },
  {
    idkey: '03.2.02',
    mainTheme: '03',
    subTheme: '03.2',
    dsgRelevant: false,
    tags: ['contributions', 'receivables'],
    title: { de: 'Überwachung der Beitragsausstände', fr: 'Surveillance des cotisations arriérées', en: 'Monitoring of outstanding contributions' },
    description: {
      de: 'Arbeitgeber überweisen Beiträge verspätet oder gar nicht. Werden Ausstände nicht konsequent gemahnt und gemeldet, entstehen Verluste und Meldepflichten gegenüber der Aufsichtsbehörde werden verletzt.',
      fr: 'Des employeurs versent les cotisations en retard ou pas du tout. Si les arriérés ne sont pas rappelés et annoncés de manière systématique, des pertes surviennent et l’obligation d’annonce à l’autorité de surveillance n’est pas respectée.',
      en: 'Employers pay contributions late or not at all. If arrears are not consistently chased and reported, losses occur and reporting duties towards the supervisory authority are breached.',
    },
    defaultControlTarget: {
      de: 'Beitragsausstände werden frühzeitig erkannt, konsequent gemahnt, verzinst und bei Bedarf der Aufsichtsbehörde gemeldet.',
      fr: 'Les arriérés de cotisations sont détectés tôt, rappelés systématiquement, soumis à intérêts et annoncés si nécessaire à l’autorité de surveillance.',
      en: 'Outstanding contributions are detected early, consistently chased, charged with interest and reported to the supervisory authority where required.',
    },
    defaultControlActivity: {
      de: 'Die Buchhaltung erstellt monatlich eine Liste der offenen Beitragsforderungen nach Alter und führt das Mahnverfahren durch. Die Geschäftsführung prüft die Liste und entscheidet über Betreibung und Meldung an die Aufsicht.',
      fr: 'La comptabilité établit chaque mois une liste des créances de cotisations ouvertes par ancienneté et mène la procédure de rappel. La direction examine la liste et décide des poursuites et de l’annonce à l’autorité de surveillance.',
      en: 'Accounting prepares a monthly ageing list of open contribution receivables and runs the dunning process. Management reviews the list and decides on debt enforcement and reporting to the supervisory authority.',
    },
  },
  {
    idkey: '03.3.01',
    mainTheme: '03',
    subTheme: '03.3',
    dsgRelevant: true,
    tags: ['vested-benefits', 'payments'],
    title: {
      de: 'Berechnung und Überweisung der Austrittsleistungen',
      fr: 'Calcul et transfert des prestations de sortie',
      en: 'Calculation and transfer of vested benefits on exit',
    },
    description: {
      de: 'Beim Austritt wird die Freizügigkeitsleistung nach FZG berechnet und an die neue Vorsorgeeinrichtung oder eine Freizügigkeitseinrichtung überwiesen. Falsche Berechnungen, verspätete Überweisungen oder Zahlungen an falsche Empfänger verursachen Verzugszinsen und Schadenersatzforderungen.',
      fr: 'Lors de la sortie, la prestation de libre passage est calculée selon la LFLP et transférée à la nouvelle institution de prévoyance ou à une institution de libre passage. Des calculs erronés, des transferts tardifs ou des paiements à un mauvais destinataire entraînent des intérêts moratoires et des prétentions en dommages-intérêts.',
      en: 'On exit, the vested benefit is calculated under the FZG and transferred to the new pension fund or a vested benefits institution. Wrong calculations, late transfers or payments to the wrong recipient result in default interest and damage claims.',
    },
    defaultControlTarget: {
      de: 'Austrittsleistungen werden korrekt berechnet, inklusive Mindestbetrag, und fristgerecht an die richtige Einrichtung überwiesen.',
      fr: 'Les prestations de sortie sont calculées correctement, y compris le montant minimal, et transférées dans les délais à la bonne institution.',
      en: 'Exit benefits are calculated correctly, including the minimum amount, and transferred on time to the correct institution.',
    },
    defaultControlActivity: {
      de: 'Eine zweite Person prüft jede Austrittsabrechnung auf Berechnung, Zahlungsadresse und Zustimmung des Ehegatten bei Barauszahlung. Die Geschäftsführung kontrolliert monatlich die Liste offener Austritte ohne Zahlungsinstruktion.',
      fr: 'Une deuxième personne contrôle chaque décompte de sortie quant au calcul, à l’adresse de paiement et au consentement du conjoint en cas de paiement en espèces. La direction contrôle chaque mois la liste des sorties ouvertes sans instruction de paiement.',
      en: 'A second person checks each exit statement for the calculation, the payment address and the spouse’s consent for cash payments. Management reviews the monthly list of open exits without payment instructions.',
    },
  },
  {
    idkey: '03.3.02',
    mainTheme: '03',
    subTheme: '03.3',
    dsgRelevant: true,
    tags: ['vested-benefits', 'buy-in'],
    title: {
      de: 'Eingehende Freizügigkeitsleistungen und Einkäufe',
      fr: 'Prestations de libre passage reçues et rachats',
      en: 'Incoming vested benefits and buy-ins',
    },
    description: {
      de: 'Eingebrachte Freizügigkeitsleistungen und freiwillige Einkäufe müssen den richtigen Versicherten gutgeschrieben werden. Nicht eingeforderte Leistungen oder zu hohe Einkäufe führen zu Leistungslücken bzw. zu steuerlichen Problemen.',
      fr: 'Les prestations de libre passage apportées et les rachats volontaires doivent être crédités aux bons assurés. Des prestations non réclamées ou des rachats trop élevés entraînent des lacunes de prévoyance ou des problèmes fiscaux.',
      en: 'Incoming vested benefits and voluntary buy-ins must be credited to the correct insured persons. Benefits not claimed or excessive buy-ins lead to pension gaps or tax problems.',
    },
    defaultControlTarget: {
      de: 'Alle Freizügigkeitsleistungen werden eingefordert und korrekt gutgeschrieben, und Einkäufe überschreiten das reglementarische Maximum nicht.',
      fr: 'Toutes les prestations de libre passage sont réclamées et créditées correctement, et les rachats ne dépassent pas le maximum réglementaire.',
      en: 'All vested benefits are claimed and credited correctly, and buy-ins do not exceed the regulatory maximum.',
    },
    defaultControlActivity: {
      de: 'Die Versichertenverwaltung überwacht monatlich die Liste der Neueintritte mit ausstehender Freizügigkeitsleistung und fordert diese ein. Vor jeder Einkaufsbestätigung wird das maximale Einkaufspotenzial berechnet und von einer zweiten Person geprüft.',
      fr: 'La gestion des assurés surveille chaque mois la liste des nouveaux assurés dont la prestation de libre passage est en attente et la réclame. Avant chaque confirmation de rachat, le potentiel de rachat maximal est calculé et vérifié par une deuxième personne.',
      en: 'Member administration monitors the monthly list of new members with outstanding vested benefits and claims them. Before each buy-in is confirmed, the maximum buy-in amount is calculated and checked by a second person.',
    },
  },
]
