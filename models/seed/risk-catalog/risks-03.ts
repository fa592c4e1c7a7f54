import type { RiskCatalogSeed } from './types.ts'

/** Theme 03 – actuarial and funding */
export const risks03: RiskCatalogSeed[] = [
  {
    idkey: '03.01', theme: '03',
    title: { de: 'Unterdeckung der Vorsorgeeinrichtung', fr: 'Découvert de l’institution de prévoyance', en: 'Underfunding of the pension fund' },
    description: {
      de: 'Anlageverluste, zu tiefe Beiträge oder steigende Verpflichtungen lassen den Deckungsgrad unter 100 % fallen. Die Kasse muss Aufsicht, Arbeitgeber und Versicherte informieren und Sanierungsmassnahmen beschliessen (Art. 65c und 65d BVG). Sanierungsbeiträge oder Minderverzinsung belasten Versicherte und Arbeitgeber.',
      fr: 'Des pertes de placement, des cotisations trop basses ou des engagements croissants font passer le degré de couverture sous 100 %. La caisse doit informer l’autorité de surveillance, l’employeur et les assurés et décider des mesures d’assainissement (art. 65c et 65d LPP). Cotisations d’assainissement ou rémunération réduite pèsent sur assurés et employeurs.',
      en: 'Investment losses, insufficient contributions or rising liabilities push the funding ratio below 100%. The fund must inform the supervisory authority, employers and members and adopt recovery measures (Art. 65c and 65d BVG). Recovery contributions or reduced interest burden members and employers.',
    },
    reaction: {
      de: 'Risikofähigkeit laufend beurteilen und ein Sanierungskonzept mit Massnahmenstufen vorsorglich bereithalten.',
      fr: 'Évaluer en continu la capacité de risque et tenir prêt un concept d’assainissement avec des paliers de mesures.',
      en: 'Assess risk capacity continuously and keep a recovery plan with staged measures ready in advance.',
    },
    controlling: {
      de: 'Monatliche Schätzung des Deckungsgrads mit Frühwarnschwellen, Bericht an den Stiftungsrat.',
      fr: 'Estimation mensuelle du degré de couverture avec seuils d’alerte, rapport au conseil de fondation.',
      en: 'Monthly funding ratio estimate with early-warning thresholds, reported to the foundation council.',
    },
    probability: 2, severity: 5, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['funding', 'underfunding'],
  },
  {
    idkey: '03.02', theme: '03',
    title: { de: 'Zu hoher technischer Zinssatz', fr: 'Taux d’intérêt technique trop élevé', en: 'Technical interest rate set too high' },
    description: {
      de: 'Der technische Zinssatz liegt über der nachhaltig erwarteten Rendite der Anlagestrategie. Die Vorsorgekapitalien der Rentner werden dadurch zu tief bewertet. Eine spätere Senkung verursacht einen Einmalaufwand und verschlechtert den Deckungsgrad.',
      fr: 'Le taux d’intérêt technique dépasse le rendement durablement attendu de la stratégie de placement. Les capitaux de prévoyance des bénéficiaires de rentes sont ainsi sous-évalués. Une baisse ultérieure entraîne une charge unique et détériore le degré de couverture.',
      en: 'The technical interest rate exceeds the return the investment strategy can sustainably deliver. Pensioners’ liabilities are therefore undervalued. A later reduction causes a one-off cost and lowers the funding ratio.',
    },
    reaction: {
      de: 'Technischen Zinssatz auf Empfehlung des Experten für berufliche Vorsorge festlegen und frühzeitig Rückstellungen für eine Senkung bilden.',
      fr: 'Fixer le taux technique sur recommandation de l’expert en prévoyance professionnelle et constituer à temps des provisions pour une baisse.',
      en: 'Set the technical rate on the pension actuary’s recommendation and build provisions for a reduction in good time.',
    },
    controlling: {
      de: 'Jährliche Überprüfung im versicherungstechnischen Bericht des Experten (Art. 52e BVG).',
      fr: 'Examen annuel dans le rapport actuariel de l’expert (art. 52e LPP).',
      en: 'Annual review in the actuary’s report (Art. 52e BVG).',
    },
    probability: 3, severity: 4, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['actuarial', 'interest-rate'],
  },
  {
    idkey: '03.03', theme: '03',
    title: { de: 'Zu hoher Umwandlungssatz und Pensionierungsverluste', fr: 'Taux de conversion trop élevé et pertes sur retraites', en: 'Excessive conversion rate and retirement losses' },
    description: {
      de: 'Der reglementarische Umwandlungssatz ist im Verhältnis zu Lebenserwartung und technischem Zinssatz zu hoch. Jede Pensionierung verursacht einen Verlust, der von den aktiven Versicherten getragen wird. Dies führt zu einer systemfremden Umverteilung und zu Spannungen zwischen den Generationen.',
      fr: 'Le taux de conversion réglementaire est trop élevé par rapport à l’espérance de vie et au taux technique. Chaque départ à la retraite génère une perte supportée par les assurés actifs. Il en résulte une redistribution étrangère au système et des tensions entre générations.',
      en: 'The conversion rate in the regulations is too high relative to life expectancy and the technical rate. Each retirement generates a loss borne by active members. This causes unintended redistribution and tension between generations.',
    },
    reaction: {
      de: 'Umwandlungssatz schrittweise senken, unter Beachtung des BVG-Minimums im Obligatorium, und Übergangsmassnahmen finanzieren.',
      fr: 'Abaisser progressivement le taux de conversion en respectant le minimum LPP dans la part obligatoire et financer des mesures transitoires.',
      en: 'Lower the conversion rate gradually, respecting the BVG minimum for mandatory benefits, and fund transitional measures.',
    },
    controlling: {
      de: 'Jährliche Auswertung der Pensionierungsverluste im Bericht des Experten für berufliche Vorsorge.',
      fr: 'Analyse annuelle des pertes sur retraites dans le rapport de l’expert en prévoyance professionnelle.',
      en: 'Annual analysis of retirement losses in the pension actuary’s report.',
    },
    probability: 4, severity: 3, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['actuarial', 'conversion-rate'],
  },
  {
    idkey: '03.04', theme: '03',
    title: { de: 'Zunahme der Lebenserwartung (Langlebigkeitsrisiko)', fr: 'Hausse de l’espérance de vie (risque de longévité)', en: 'Rising life expectancy (longevity risk)' },
    description: {
      de: 'Die Rentner leben länger als in den technischen Grundlagen (z. B. BVG 2020 oder VZ 2020) angenommen. Renten müssen länger ausgerichtet werden als finanziert. Die Vorsorgekapitalien müssen verstärkt werden, was den Deckungsgrad belastet.',
      fr: 'Les bénéficiaires de rentes vivent plus longtemps que ne le prévoient les bases techniques (p. ex. LPP 2020 ou VZ 2020). Les rentes sont versées plus longtemps que prévu dans le financement. Les capitaux de prévoyance doivent être renforcés, ce qui pèse sur le degré de couverture.',
      en: 'Pensioners live longer than assumed in the technical bases (e.g. BVG 2020 or VZ 2020). Pensions are paid for longer than they were funded. Liabilities must be strengthened, which weighs on the funding ratio.',
    },
    reaction: {
      de: 'Generationentafeln verwenden oder eine Rückstellung für die Zunahme der Lebenserwartung jährlich äufnen.',
      fr: 'Utiliser des tables générationnelles ou alimenter chaque année une provision pour l’augmentation de l’espérance de vie.',
      en: 'Use generational tables or build up an annual provision for increasing life expectancy.',
    },
    controlling: {
      de: 'Der Experte prüft die technischen Grundlagen bei jeder Publikation neuer Tafeln und im jährlichen Gutachten.',
      fr: 'L’expert vérifie les bases techniques à chaque publication de nouvelles tables et dans son expertise annuelle.',
      en: 'The actuary reviews the technical bases whenever new tables are published and in the annual report.',
    },
    probability: 4, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['actuarial', 'longevity'],
  },
  {
    idkey: '03.05', theme: '03',
    title: { de: 'Ungünstige Struktur des Versichertenbestands', fr: 'Structure défavorable de l’effectif des assurés', en: 'Unfavourable structure of the insured population' },
    description: {
      de: 'Der Anteil der Rentner am Vorsorgekapital steigt, etwa durch Überalterung oder Austritt angeschlossener Arbeitgeber. Sanierungsbeiträge wirken nur noch auf eine kleine aktive Basis. Die Risiko- und Sanierungsfähigkeit der Kasse nimmt ab, Teilliquidationen können folgen.',
      fr: 'La part des bénéficiaires de rentes dans le capital de prévoyance augmente, par exemple en raison du vieillissement ou du départ d’employeurs affiliés. Les cotisations d’assainissement ne reposent plus que sur une petite base active. Les capacités de risque et d’assainissement diminuent, des liquidations partielles peuvent suivre.',
      en: 'The pensioners’ share of liabilities grows, for example through ageing or the departure of affiliated employers. Recovery contributions only apply to a small active base. The fund’s risk and recovery capacity declines and partial liquidations may follow.',
    },
    reaction: {
      de: 'Bestandesentwicklung in der ALM-Studie berücksichtigen, Anlagerisiko anpassen und Teilliquidationsreglement aktuell halten.',
      fr: 'Intégrer l’évolution de l’effectif dans l’étude ALM, adapter le risque de placement et tenir à jour le règlement de liquidation partielle.',
      en: 'Reflect population trends in the ALM study, adjust investment risk and keep the partial liquidation rules current.',
    },
    controlling: {
      de: 'Jährliche Auswertung des Verhältnisses Aktive zu Rentnern und der Anschlussbewegungen.',
      fr: 'Analyse annuelle du rapport actifs/bénéficiaires de rentes et des mouvements d’affiliations.',
      en: 'Annual analysis of the active-to-pensioner ratio and affiliation movements.',
    },
    probability: 3, severity: 3, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['actuarial', 'demographics'],
  },
  {
    idkey: '03.06', theme: '03',
    title: { de: 'Ungenügende Rückstellungen für Invaliditäts- und Todesfallrisiken', fr: 'Provisions insuffisantes pour les risques invalidité et décès', en: 'Insufficient reserves for disability and death risks' },
    description: {
      de: 'Eine Häufung von Invaliditäts- oder Todesfällen übersteigt die Risikobeiträge und Schwankungsrückstellungen. Besonders kleine, autonome Kassen ohne Rückversicherung sind exponiert. Der Deckungsgrad sinkt unerwartet.',
      fr: 'Une accumulation de cas d’invalidité ou de décès dépasse les cotisations de risque et les provisions de fluctuation. Les petites caisses autonomes sans réassurance sont particulièrement exposées. Le degré de couverture baisse de manière inattendue.',
      en: 'A cluster of disability or death claims exceeds risk contributions and fluctuation provisions. Small autonomous funds without reinsurance are particularly exposed. The funding ratio drops unexpectedly.',
    },
    reaction: {
      de: 'Rückstellungsreglement mit Risikoschwankungsreserve führen und Stop-Loss- oder Kongruenzrückversicherung prüfen.',
      fr: 'Tenir un règlement sur les provisions avec réserve de fluctuation des risques et examiner une réassurance stop-loss ou congruente.',
      en: 'Maintain provisioning rules with a risk fluctuation reserve and consider stop-loss or congruent reinsurance.',
    },
    controlling: {
      de: 'Jährlicher Vergleich von Schadenverlauf und Risikobeiträgen durch den Experten für berufliche Vorsorge.',
      fr: 'Comparaison annuelle de la sinistralité et des cotisations de risque par l’expert en prévoyance professionnelle.',
      en: 'Annual comparison of claims experience and risk contributions by the pension actuary.',
    },
    probability: 2, severity: 4, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['actuarial', 'reserves', 'disability'],
  },
]
