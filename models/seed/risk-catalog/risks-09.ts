import type { RiskCatalogSeed } from './types.ts'

/** Theme 09 – people and know-how */
export const risks09: RiskCatalogSeed[] = [
  {
    idkey: '09.01', theme: '09',
    title: { de: 'Ausfall von Schlüsselpersonen in der Geschäftsstelle', fr: 'Absence de personnes clés au secrétariat', en: 'Loss of key staff in the fund office' },
    description: {
      de: 'In kleinen Geschäftsstellen hängen Leistungsfälle, Buchhaltung oder Anlagecontrolling oft an einer Person. Krankheit, Unfall oder Kündigung führen zu Rückständen und Fehlern. Fristen gegenüber Versicherten, Arbeitgebern und Aufsicht werden verpasst.',
      fr: 'Dans les petits secrétariats, les cas de prestations, la comptabilité ou le contrôle des placements reposent souvent sur une seule personne. Maladie, accident ou démission entraînent retards et erreurs. Des délais envers les assurés, les employeurs et l’autorité de surveillance sont manqués.',
      en: 'In small fund offices, benefit cases, accounting or investment controlling often depend on one person. Illness, accident or resignation cause backlogs and errors. Deadlines towards members, employers and the supervisor are missed.',
    },
    reaction: {
      de: 'Für jede kritische Funktion eine eingearbeitete Stellvertretung bestimmen und Notfallvereinbarung mit einem externen Verwalter prüfen.',
      fr: 'Désigner pour chaque fonction critique un suppléant formé et examiner une convention de secours avec un gérant externe.',
      en: 'Assign a trained deputy for every critical function and consider a standby agreement with an external administrator.',
    },
    controlling: {
      de: 'Jährliche Überprüfung der Stellvertretungsmatrix durch die Geschäftsführung.',
      fr: 'Revue annuelle de la matrice des suppléances par la direction.',
      en: 'Annual review of the deputy matrix by management.',
    },
    probability: 3, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['people', 'key-person'],
  },
  {
    idkey: '09.02', theme: '09',
    title: { de: 'Fehlende Nachfolgeplanung in Stiftungsrat und Geschäftsführung', fr: 'Absence de planification de la relève au conseil et à la direction', en: 'Lack of succession planning for council and management' },
    description: {
      de: 'Mehrere Amtszeiten enden gleichzeitig oder die Geschäftsführung geht in Pension, ohne dass Nachfolger aufgebaut wurden. Geeignete Kandidaten sind schwer zu finden. Es entsteht eine Führungslücke mit Verlust an Erfahrung und Kontinuität.',
      fr: 'Plusieurs mandats prennent fin en même temps ou la direction part à la retraite sans que la relève ait été préparée. Les candidats appropriés sont difficiles à trouver. Il en résulte un vide de direction avec perte d’expérience et de continuité.',
      en: 'Several terms of office end at once or management retires without successors having been developed. Suitable candidates are hard to find. A leadership gap arises with loss of experience and continuity.',
    },
    reaction: {
      de: 'Nachfolgeplanung mit gestaffelten Amtszeiten, Anforderungsprofilen und frühzeitiger Kandidatensuche führen.',
      fr: 'Planifier la relève avec des mandats échelonnés, des profils d’exigences et une recherche précoce de candidats.',
      en: 'Plan succession with staggered terms, skills profiles and an early search for candidates.',
    },
    controlling: {
      de: 'Stiftungsrat behandelt die Nachfolgeplanung jährlich anhand einer Übersicht der Amtszeiten und Pensionierungen.',
      fr: 'Le conseil de fondation traite chaque année la relève sur la base d’un aperçu des mandats et des départs à la retraite.',
      en: 'The foundation council reviews succession annually using an overview of terms and retirements.',
    },
    probability: 3, severity: 3, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['people', 'succession'],
  },
  {
    idkey: '09.03', theme: '09',
    title: { de: 'Verlust von undokumentiertem Fachwissen', fr: 'Perte de savoir-faire non documenté', en: 'Loss of undocumented know-how' },
    description: {
      de: 'Wissen über Sonderfälle, historische Reglementsbestimmungen oder Systemabläufe ist nur in den Köpfen einzelner Mitarbeitender vorhanden. Bei deren Weggang fehlen Grundlagen für korrekte Entscheide. Fehler und Ineffizienz nehmen zu.',
      fr: 'Le savoir sur les cas particuliers, les anciennes dispositions réglementaires ou le fonctionnement des systèmes n’existe que dans la tête de certains collaborateurs. À leur départ, les bases pour des décisions correctes font défaut. Erreurs et inefficacités augmentent.',
      en: 'Knowledge of special cases, historical plan rules or system workflows exists only in the heads of individual employees. When they leave, the basis for correct decisions is missing. Errors and inefficiency increase.',
    },
    reaction: {
      de: 'Arbeitsprozesse und Sonderregelungen im Prozessinventar dokumentieren und Übergaben mit Einarbeitungszeit planen.',
      fr: 'Documenter les processus de travail et les cas particuliers dans l’inventaire des processus et planifier les transmissions avec une période de mise au courant.',
      en: 'Document work processes and special arrangements in the process inventory and plan handovers with an overlap period.',
    },
    controlling: {
      de: 'Jährliche Prüfung der Aktualität der Prozessdokumentation im Rahmen des IKS.',
      fr: 'Contrôle annuel de l’actualité de la documentation des processus dans le cadre du SCI.',
      en: 'Annual check that process documentation is up to date as part of the ICS.',
    },
    probability: 3, severity: 2, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['people', 'know-how', 'documentation'],
  },
  {
    idkey: '09.04', theme: '09',
    title: { de: 'Fachkräftemangel bei Vorsorge- und IT-Spezialisten', fr: 'Pénurie de spécialistes en prévoyance et en informatique', en: 'Shortage of pension and IT specialists' },
    description: {
      de: 'Fachleute für berufliche Vorsorge, Rechnungslegung und Informatik sind auf dem Arbeitsmarkt knapp. Offene Stellen bleiben lange unbesetzt oder werden mit unerfahrenen Personen besetzt. Qualität und Termintreue der Verwaltung sinken, Kosten für externe Unterstützung steigen.',
      fr: 'Les spécialistes en prévoyance professionnelle, en comptabilité et en informatique sont rares sur le marché du travail. Des postes restent longtemps vacants ou sont occupés par des personnes peu expérimentées. La qualité et le respect des délais diminuent, les coûts de soutien externe augmentent.',
      en: 'Specialists in occupational pensions, accounting and IT are scarce on the labour market. Vacancies remain open for long periods or are filled with inexperienced staff. Quality and timeliness of administration decline while external support costs rise.',
    },
    reaction: {
      de: 'Attraktive Anstellungsbedingungen bieten, Nachwuchs ausbilden (z. B. eidg. Fachausweis in der Personalvorsorge) und Kooperationen mit Dienstleistern prüfen.',
      fr: 'Offrir des conditions d’engagement attrayantes, former la relève (p. ex. brevet fédéral en prévoyance en faveur du personnel) et examiner des coopérations avec des prestataires.',
      en: 'Offer attractive employment terms, train junior staff (e.g. federal professional certificate in occupational pensions) and consider partnerships with service providers.',
    },
    controlling: {
      de: 'Halbjährliche Auswertung von Vakanzen, Fluktuation und Rekrutierungsdauer.',
      fr: 'Analyse semestrielle des postes vacants, de la rotation du personnel et de la durée de recrutement.',
      en: 'Semi-annual review of vacancies, staff turnover and time to hire.',
    },
    probability: 4, severity: 2, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['people', 'recruitment'],
  },
  {
    idkey: '09.05', theme: '09',
    title: { de: 'Überlastung der Mitarbeitenden in Spitzenzeiten', fr: 'Surcharge du personnel en période de pointe', en: 'Staff overload at peak times' },
    description: {
      de: 'Jahresabschluss, Vorsorgeausweise, Reglementsänderungen und Projekte fallen zeitlich zusammen. Kontrollen werden verkürzt oder ausgelassen, Fehler häufen sich. Dauerhafte Überlastung führt zu Krankheitsausfällen und Kündigungen.',
      fr: 'Clôture annuelle, certificats de prévoyance, modifications réglementaires et projets coïncident. Les contrôles sont écourtés ou omis et les erreurs se multiplient. Une surcharge durable entraîne des absences pour maladie et des démissions.',
      en: 'Year-end closing, benefit statements, plan changes and projects coincide. Controls are shortened or skipped and errors pile up. Persistent overload leads to sick leave and resignations.',
    },
    reaction: {
      de: 'Jahresplanung mit Kapazitätsreserven erstellen, Projekte priorisieren und bei Bedarf temporäre Unterstützung beiziehen.',
      fr: 'Établir une planification annuelle avec réserves de capacité, prioriser les projets et recourir au besoin à un soutien temporaire.',
      en: 'Plan the year with capacity reserves, prioritise projects and bring in temporary support when needed.',
    },
    controlling: {
      de: 'Monatliche Auswertung von Pendenzen, Überstunden und überfälligen Kontrollen durch die Geschäftsführung.',
      fr: 'Analyse mensuelle des affaires en suspens, des heures supplémentaires et des contrôles en retard par la direction.',
      en: 'Monthly review of backlogs, overtime and overdue controls by management.',
    },
    probability: 3, severity: 2, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['people', 'workload'],
  },
]
