import type { LevelSeed } from './types.ts'

/** Default scale for the probability of occurrence (Eintrittswahrscheinlichkeit). */
export const defaultProbabilityLevels: LevelSeed[] = [
  {
    ref: 1,
    size: { de: 'sehr unwahrscheinlich', fr: 'très improbable', en: 'very unlikely' },
    range: { de: 'seltener als einmal in 20 Jahren', fr: 'moins d’une fois en 20 ans', en: 'less than once in 20 years' },
    description: {
      de: 'Ereignis ist kaum denkbar und nur unter aussergewöhnlichen Umständen zu erwarten.',
      fr: 'L’événement est à peine concevable et ne survient que dans des circonstances exceptionnelles.',
      en: 'The event is hardly conceivable and would only occur in exceptional circumstances.',
    },
  },
  {
    ref: 2,
    size: { de: 'unwahrscheinlich', fr: 'improbable', en: 'unlikely' },
    range: { de: 'einmal in 10 bis 20 Jahren', fr: 'une fois tous les 10 à 20 ans', en: 'once in 10 to 20 years' },
    description: {
      de: 'Ereignis ist möglich, in der Branche jedoch selten beobachtet.',
      fr: 'L’événement est possible, mais rarement observé dans la branche.',
      en: 'The event is possible but rarely observed in the industry.',
    },
  },
  {
    ref: 3,
    size: { de: 'möglich', fr: 'possible', en: 'possible' },
    range: { de: 'einmal in 3 bis 10 Jahren', fr: 'une fois tous les 3 à 10 ans', en: 'once in 3 to 10 years' },
    description: {
      de: 'Ereignis ist bei vergleichbaren Vorsorgeeinrichtungen bereits eingetreten und kann auch uns treffen.',
      fr: 'L’événement s’est déjà produit dans des institutions de prévoyance comparables et peut aussi nous toucher.',
      en: 'The event has already occurred at comparable pension funds and may affect us as well.',
    },
  },
  {
    ref: 4,
    size: { de: 'wahrscheinlich', fr: 'probable', en: 'likely' },
    range: { de: 'einmal in 1 bis 3 Jahren', fr: 'une fois tous les 1 à 3 ans', en: 'once in 1 to 3 years' },
    description: {
      de: 'Ereignis tritt erfahrungsgemäss wiederholt ein; erste Anzeichen sind bereits erkennbar.',
      fr: 'L’expérience montre que l’événement se répète ; des signes avant-coureurs sont déjà visibles.',
      en: 'Experience shows the event recurs; early warning signs are already visible.',
    },
  },
  {
    ref: 5,
    size: { de: 'fast sicher', fr: 'quasi certain', en: 'almost certain' },
    range: { de: 'einmal pro Jahr oder häufiger', fr: 'une fois par an ou plus souvent', en: 'once a year or more often' },
    description: {
      de: 'Ereignis tritt regelmässig ein oder ist bereits eingetreten.',
      fr: 'L’événement survient régulièrement ou s’est déjà produit.',
      en: 'The event occurs regularly or has already occurred.',
    },
  },
]

/** Default scale for the severity (Schadensausmass / Tragweite). */
export const defaultSeverityLevels: LevelSeed[] = [
  {
    ref: 1,
    size: { de: 'unbedeutend', fr: 'négligeable', en: 'insignificant' },
    effect: {
      de: 'unter 0,1 % des Vorsorgevermögens bzw. unter CHF 50 000',
      fr: 'moins de 0,1 % de la fortune de prévoyance ou moins de CHF 50 000',
      en: 'less than 0.1% of pension assets or less than CHF 50,000',
    },
    description: {
      de: 'Keine Aussenwirkung; der Fehler wird im ordentlichen Betrieb behoben.',
      fr: 'Aucun effet externe ; l’erreur est corrigée dans l’exploitation courante.',
      en: 'No external impact; the error is corrected in day-to-day operations.',
    },
  },
  {
    ref: 2,
    size: { de: 'gering', fr: 'mineur', en: 'minor' },
    effect: {
      de: '0,1 bis 0,5 % des Vorsorgevermögens bzw. CHF 50 000 bis 250 000',
      fr: '0,1 à 0,5 % de la fortune de prévoyance ou CHF 50 000 à 250 000',
      en: '0.1% to 0.5% of pension assets or CHF 50,000 to 250,000',
    },
    description: {
      de: 'Einzelne Beschwerden von Versicherten oder Arbeitgebern; Rückfragen der Revisionsstelle.',
      fr: 'Quelques réclamations d’assurés ou d’employeurs ; questions de l’organe de révision.',
      en: 'Isolated complaints from insured persons or employers; queries from the auditor.',
    },
  },
  {
    ref: 3,
    size: { de: 'mittel', fr: 'moyen', en: 'moderate' },
    effect: {
      de: '0,5 bis 2 % des Vorsorgevermögens bzw. CHF 250 000 bis 1 Mio.',
      fr: '0,5 à 2 % de la fortune de prévoyance ou CHF 250 000 à 1 mio',
      en: '0.5% to 2% of pension assets or CHF 250,000 to 1 million',
    },
    description: {
      de: 'Regionale Medienberichte; Auflagen oder Rückfragen der Aufsichtsbehörde; spürbarer Vertrauensverlust.',
      fr: 'Articles dans la presse régionale ; exigences ou questions de l’autorité de surveillance ; perte de confiance sensible.',
      en: 'Regional media coverage; requirements or queries from the supervisory authority; noticeable loss of trust.',
    },
  },
  {
    ref: 4,
    size: { de: 'gross', fr: 'majeur', en: 'major' },
    effect: {
      de: '2 bis 5 % des Vorsorgevermögens bzw. CHF 1 bis 5 Mio.',
      fr: '2 à 5 % de la fortune de prévoyance ou CHF 1 à 5 mio',
      en: '2% to 5% of pension assets or CHF 1 to 5 million',
    },
    description: {
      de: 'Nationale Medienberichte; aufsichtsrechtliche Massnahmen; Kündigung von Anschlussverträgen; Verantwortlichkeitsfragen.',
      fr: 'Couverture médiatique nationale ; mesures de surveillance ; résiliation de contrats d’affiliation ; questions de responsabilité.',
      en: 'National media coverage; supervisory measures; termination of affiliation contracts; liability issues.',
    },
  },
  {
    ref: 5,
    size: { de: 'katastrophal', fr: 'catastrophique', en: 'catastrophic' },
    effect: {
      de: 'über 5 % des Vorsorgevermögens bzw. über CHF 5 Mio.; Unterdeckung droht',
      fr: 'plus de 5 % de la fortune de prévoyance ou plus de CHF 5 mio ; risque de découvert',
      en: 'more than 5% of pension assets or more than CHF 5 million; underfunding looms',
    },
    description: {
      de: 'Existenz oder Eigenständigkeit der Vorsorgeeinrichtung gefährdet; Sanierungsmassnahmen oder Eingriff der Aufsicht; nachhaltiger Reputationsschaden.',
      fr: 'Existence ou autonomie de l’institution menacée ; mesures d’assainissement ou intervention de la surveillance ; atteinte durable à la réputation.',
      en: 'Existence or independence of the fund at stake; recovery measures or supervisory intervention; lasting reputational damage.',
    },
  },
]
