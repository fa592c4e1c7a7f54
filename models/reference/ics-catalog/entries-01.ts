import type { IcsCatalogSeed } from './types.ts'

/** Main process 01 – management and governance */
export const icsEntries01: IcsCatalogSeed[] = [
  {
    idkey: '01.1.01',
    mainTheme: '01',
    subTheme: '01.1',
    dsgRelevant: false,
    tags: ['governance', 'regulations'],
    title: { de: 'Erlass und Überprüfung der Reglemente', fr: 'Adoption et révision des règlements', en: 'Adoption and review of regulations' },
    description: {
      de: 'Der Stiftungsrat erlässt Organisations-, Vorsorge-, Anlage- und Rückstellungsreglement. Veraltete oder widersprüchliche Reglemente führen zu rechtswidrigen Entscheiden und Beanstandungen durch die Aufsichtsbehörde.',
      fr: 'Le conseil de fondation adopte les règlements d’organisation, de prévoyance, de placement et sur les provisions. Des règlements obsolètes ou contradictoires entraînent des décisions illicites et des remarques de l’autorité de surveillance.',
      en: 'The foundation council adopts the organisational, pension, investment and provisions regulations. Outdated or contradictory regulations lead to unlawful decisions and findings by the supervisory authority.',
    },
    defaultControlTarget: {
      de: 'Alle Reglemente sind aktuell, gesetzeskonform, vom Stiftungsrat genehmigt und der Aufsichtsbehörde eingereicht.',
      fr: 'Tous les règlements sont à jour, conformes à la loi, approuvés par le conseil de fondation et remis à l’autorité de surveillance.',
      en: 'All regulations are up to date, compliant with the law, approved by the foundation council and filed with the supervisory authority.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung führt eine Reglementsübersicht mit Inkraftsetzungsdatum und prüft jährlich sowie bei Gesetzesänderungen den Anpassungsbedarf. Änderungen werden vom Stiftungsrat beschlossen und protokolliert.',
      fr: 'La direction tient un inventaire des règlements avec leur date d’entrée en vigueur et examine chaque année, ainsi qu’à chaque modification légale, le besoin d’adaptation. Les modifications sont décidées par le conseil de fondation et consignées au procès-verbal.',
      en: 'Management keeps an overview of all regulations with their effective dates and reviews the need for changes annually and whenever the law changes. Changes are resolved by the foundation council and minuted.',
    },
  },
  {
    idkey: '01.1.02',
    mainTheme: '01',
    subTheme: '01.1',
    dsgRelevant: false,
    tags: ['governance', 'training'],
    title: {
      de: 'Zusammensetzung und Weiterbildung des Stiftungsrats',
      fr: 'Composition et formation du conseil de fondation',
      en: 'Composition and training of the foundation council',
    },
    description: {
      de: 'Der Stiftungsrat ist paritätisch zusammengesetzt und muss über die nötige Fachkompetenz verfügen. Fehlende Kenntnisse oder unbesetzte Sitze gefährden die Führung und können eine persönliche Haftung der Mitglieder nach sich ziehen.',
      fr: 'Le conseil de fondation est composé de manière paritaire et doit disposer des compétences nécessaires. Des connaissances lacunaires ou des sièges vacants compromettent la conduite et peuvent engager la responsabilité personnelle des membres.',
      en: 'The foundation council has equal employer and employee representation and must have the required expertise. Lack of knowledge or vacant seats jeopardise governance and may result in personal liability of its members.',
    },
    defaultControlTarget: {
      de: 'Die paritätische Zusammensetzung ist jederzeit gewährleistet und alle Mitglieder verfügen über eine angemessene Erst- und Weiterbildung (Art. 51a BVG).',
      fr: 'La composition paritaire est garantie en tout temps et tous les membres bénéficient d’une formation initiale et continue adéquate (art. 51a LPP).',
      en: 'Equal representation is ensured at all times and all members receive adequate initial and continuing training (Art. 51a BVG).',
    },
    defaultControlActivity: {
      de: 'Das Präsidium überprüft jährlich die Amtsdauern, die paritätische Besetzung und den Weiterbildungsplan. Besuchte Weiterbildungen werden pro Mitglied dokumentiert und dem Stiftungsrat berichtet.',
      fr: 'La présidence vérifie chaque année la durée des mandats, la représentation paritaire et le plan de formation. Les formations suivies sont documentées pour chaque membre et communiquées au conseil de fondation.',
      en: 'The presidency annually reviews terms of office, equal representation and the training plan. Training attended is recorded per member and reported to the foundation council.',
    },
  },
  {
    idkey: '01.2.01',
    mainTheme: '01',
    subTheme: '01.2',
    dsgRelevant: false,
    tags: ['actuarial', 'funding'],
    title: {
      de: 'Festlegung des technischen Zinssatzes und der technischen Grundlagen',
      fr: 'Fixation du taux d’intérêt technique et des bases techniques',
      en: 'Setting the technical interest rate and actuarial bases',
    },
    description: {
      de: 'Der Stiftungsrat legt den technischen Zinssatz und die technischen Grundlagen fest. Ein zu hoher Zinssatz oder veraltete Sterbetafeln führen zu ungenügenden Vorsorgekapitalien und technischen Rückstellungen.',
      fr: 'Le conseil de fondation fixe le taux d’intérêt technique et les bases techniques. Un taux trop élevé ou des tables de mortalité dépassées entraînent des capitaux de prévoyance et des provisions techniques insuffisants.',
      en: 'The foundation council sets the technical interest rate and the actuarial bases. An excessive rate or outdated mortality tables lead to insufficient pension liabilities and technical provisions.',
    },
    defaultControlTarget: {
      de: 'Technischer Zinssatz und Grundlagen entsprechen der Empfehlung des Experten für berufliche Vorsorge und den anerkannten Fachrichtlinien.',
      fr: 'Le taux d’intérêt technique et les bases correspondent à la recommandation de l’expert en matière de prévoyance professionnelle et aux directives techniques reconnues.',
      en: 'The technical interest rate and actuarial bases follow the recommendation of the pension actuary and recognised professional guidelines.',
    },
    defaultControlActivity: {
      de: 'Der Experte für berufliche Vorsorge gibt jährlich eine schriftliche Empfehlung ab. Der Stiftungsrat beschliesst gestützt darauf und begründet Abweichungen im Protokoll.',
      fr: 'L’expert en matière de prévoyance professionnelle émet chaque année une recommandation écrite. Le conseil de fondation décide sur cette base et motive tout écart au procès-verbal.',
      en: 'The pension actuary issues a written recommendation every year. The foundation council decides on that basis and justifies any deviation in the minutes.',
    },
  },
  {
    idkey: '01.2.02',
    mainTheme: '01',
    subTheme: '01.2',
    dsgRelevant: false,
    tags: ['actuarial', 'funding', 'monitoring'],
    title: {
      de: 'Überwachung des Deckungsgrads und Massnahmen bei Unterdeckung',
      fr: 'Surveillance du degré de couverture et mesures en cas de découvert',
      en: 'Monitoring the funding ratio and measures in case of underfunding',
    },
    description: {
      de: 'Der Deckungsgrad zeigt, ob die Verpflichtungen durch das Vermögen gedeckt sind. Wird eine Unterdeckung zu spät erkannt, fehlen rechtzeitige Sanierungsmassnahmen und die Information der Aufsicht, der Arbeitgeber und der Versicherten.',
      fr: 'Le degré de couverture indique si les engagements sont couverts par la fortune. Un découvert détecté trop tard empêche de prendre à temps des mesures d’assainissement et d’informer l’autorité de surveillance, les employeurs et les assurés.',
      en: 'The funding ratio shows whether liabilities are covered by assets. If underfunding is detected too late, remedial measures and the information of the supervisory authority, employers and insured persons are delayed.',
    },
    defaultControlTarget: {
      de: 'Eine Unterdeckung wird frühzeitig erkannt und die gesetzlich vorgeschriebenen Sanierungs- und Informationsmassnahmen werden fristgerecht eingeleitet.',
      fr: 'Un découvert est détecté rapidement et les mesures d’assainissement et d’information prescrites par la loi sont engagées dans les délais.',
      en: 'Underfunding is detected early and the legally required remedial and information measures are initiated on time.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung schätzt den Deckungsgrad monatlich und legt ihn dem Stiftungsrat vor. Unterschreitet er einen festgelegten Schwellenwert, wird der Experte beigezogen und ein Sanierungskonzept beantragt.',
      fr: 'La direction estime le degré de couverture chaque mois et le présente au conseil de fondation. S’il passe sous un seuil défini, l’expert est consulté et un concept d’assainissement est proposé.',
      en: 'Management estimates the funding ratio monthly and submits it to the foundation council. If it falls below a defined threshold, the actuary is consulted and a recovery plan is proposed.',
    },
  },
  {
    idkey: '01.3.01',
    mainTheme: '01',
    subTheme: '01.3',
    dsgRelevant: false,
    tags: ['risk', 'governance'],
    title: { de: 'Periodische Risikobeurteilung', fr: 'Évaluation périodique des risques', en: 'Periodic risk assessment' },
    description: {
      de: 'Die wesentlichen Risiken der Vorsorgeeinrichtung werden im Risikoinventar erfasst, bewertet und gesteuert. Ohne regelmässige Aktualisierung bleiben neue Risiken unerkannt und Massnahmen werden nicht umgesetzt.',
      fr: 'Les risques majeurs de l’institution de prévoyance sont saisis dans l’inventaire des risques, évalués et pilotés. Sans mise à jour régulière, de nouveaux risques ne sont pas détectés et les mesures ne sont pas mises en œuvre.',
      en: 'The pension fund’s material risks are recorded in the risk inventory, assessed and managed. Without regular updates, new risks go unnoticed and measures are not implemented.',
    },
    defaultControlTarget: {
      de: 'Das Risikoinventar ist vollständig und aktuell, und für alle wesentlichen Risiken bestehen wirksame Massnahmen mit Verantwortlichen und Terminen.',
      fr: 'L’inventaire des risques est complet et à jour, et tous les risques majeurs font l’objet de mesures efficaces avec responsables et échéances.',
      en: 'The risk inventory is complete and up to date, and effective measures with owners and deadlines exist for all material risks.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung aktualisiert das Risikoinventar jährlich mit den Risikoverantwortlichen. Der Stiftungsrat genehmigt die Risikobeurteilung und überwacht den Stand der Massnahmen halbjährlich.',
      fr: 'La direction met à jour l’inventaire des risques chaque année avec les responsables des risques. Le conseil de fondation approuve l’évaluation et surveille l’état des mesures chaque semestre.',
      en: 'Management updates the risk inventory annually together with the risk owners. The foundation council approves the risk assessment and monitors the status of measures semi-annually.',
    },
  },
  {
    idkey: '01.3.02',
    mainTheme: '01',
    subTheme: '01.3',
    dsgRelevant: false,
    tags: ['reporting', 'governance'],
    title: {
      de: 'Berichterstattung an den Stiftungsrat und Beschlusskontrolle',
      fr: 'Rapports au conseil de fondation et suivi des décisions',
      en: 'Reporting to the foundation council and follow-up of resolutions',
    },
    description: {
      de: 'Der Stiftungsrat stützt seine Entscheide auf die Berichte der Geschäftsführung und der Ausschüsse. Unvollständige Berichte oder nicht umgesetzte Beschlüsse untergraben die Führungsverantwortung.',
      fr: 'Le conseil de fondation fonde ses décisions sur les rapports de la direction et des commissions. Des rapports incomplets ou des décisions non appliquées compromettent sa responsabilité de conduite.',
      en: 'The foundation council bases its decisions on reports from management and committees. Incomplete reports or resolutions that are not implemented undermine its governance responsibility.',
    },
    defaultControlTarget: {
      de: 'Der Stiftungsrat erhält zeitgerecht vollständige Entscheidungsgrundlagen, und alle Beschlüsse werden nachweislich umgesetzt.',
      fr: 'Le conseil de fondation reçoit à temps des bases de décision complètes, et toutes les décisions sont mises en œuvre de manière vérifiable.',
      en: 'The foundation council receives complete decision documents in good time, and all resolutions are demonstrably implemented.',
    },
    defaultControlActivity: {
      de: 'Die Geschäftsführung führt eine Pendenzenliste aller Beschlüsse mit Verantwortlichen und Fristen. Das Präsidium prüft sie an jeder Sitzung, und der Stand wird protokolliert.',
      fr: 'La direction tient une liste des suspens de toutes les décisions avec responsables et délais. La présidence la contrôle à chaque séance et l’état d’avancement est consigné au procès-verbal.',
      en: 'Management keeps a follow-up list of all resolutions with owners and deadlines. The presidency reviews it at every meeting and the status is minuted.',
    },
  },
]
