import type { RiskCatalogSeed } from './types.ts'

/** Theme 01 – governance and organisation */
export const risks01: RiskCatalogSeed[] = [
  {
    idkey: '01.01', theme: '01',
    title: { de: 'Ungenügende Fachkompetenz des Stiftungsrats', fr: 'Compétences insuffisantes du conseil de fondation', en: 'Insufficient expertise of the foundation council' },
    description: {
      de: 'Den Mitgliedern des Stiftungsrats fehlen Kenntnisse in Anlage, Versicherungstechnik oder Recht. Entscheide werden ohne kritische Prüfung gefällt oder Beratern überlassen. Dies kann zu Fehlentscheiden und zur persönlichen Haftung der Stiftungsräte führen.',
      fr: 'Les membres du conseil de fondation manquent de connaissances en placements, en technique actuarielle ou en droit. Les décisions sont prises sans examen critique ou abandonnées aux conseillers. Il en résulte des erreurs de décision et une responsabilité personnelle des membres.',
      en: 'Foundation council members lack knowledge of investments, actuarial matters or law. Decisions are taken without critical review or left to advisers. This can lead to poor decisions and personal liability of the members.',
    },
    reaction: {
      de: 'Anforderungsprofil für Stiftungsräte festlegen und Erst- und Weiterbildung gemäss Art. 51a BVG verbindlich planen.',
      fr: 'Définir un profil d’exigences et planifier de manière contraignante la formation initiale et continue selon l’art. 51a LPP.',
      en: 'Define a skills profile and make initial and continuing training under Art. 51a BVG mandatory and planned.',
    },
    controlling: {
      de: 'Jährliche Selbstbeurteilung des Stiftungsrats und Nachweis der besuchten Weiterbildungen.',
      fr: 'Autoévaluation annuelle du conseil de fondation et attestation des formations suivies.',
      en: 'Annual self-assessment of the foundation council and record of training attended.',
    },
    probability: 3, severity: 4, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['governance', 'board', 'training'],
  },
  {
    idkey: '01.02', theme: '01',
    title: { de: 'Parität im Stiftungsrat nicht gewährleistet', fr: 'Parité non garantie au conseil de fondation', en: 'Parity of the foundation council not ensured' },
    description: {
      de: 'Sitze bleiben unbesetzt oder das Wahlreglement wird nicht eingehalten, sodass Arbeitnehmer und Arbeitgeber nicht gleich vertreten sind (Art. 51 BVG). Beschlüsse können angefochten werden. Die Aufsichtsbehörde kann Massnahmen anordnen.',
      fr: 'Des sièges restent vacants ou le règlement électoral n’est pas respecté, de sorte que salariés et employeurs ne sont pas représentés à parts égales (art. 51 LPP). Les décisions peuvent être contestées. L’autorité de surveillance peut ordonner des mesures.',
      en: 'Seats remain vacant or the election rules are not followed, so employees and employers are not equally represented (Art. 51 BVG). Resolutions may be challenged. The supervisory authority may order measures.',
    },
    reaction: {
      de: 'Wahlreglement aktuell halten, Amtsdauern überwachen und Ersatzwahlen frühzeitig einleiten.',
      fr: 'Tenir le règlement électoral à jour, suivre la durée des mandats et lancer les élections complémentaires à temps.',
      en: 'Keep the election rules up to date, track terms of office and start by-elections early.',
    },
    controlling: {
      de: 'Geschäftsführung prüft die Zusammensetzung des Stiftungsrats jährlich anhand einer Mandatsliste.',
      fr: 'La direction vérifie chaque année la composition du conseil au moyen d’une liste des mandats.',
      en: 'Management reviews the council’s composition annually against a list of mandates.',
    },
    probability: 2, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['governance', 'board'],
  },
  {
    idkey: '01.03', theme: '01',
    title: { de: 'Interessenkonflikte und Verstoss gegen Loyalitätsvorschriften', fr: 'Conflits d’intérêts et violation des règles de loyauté', en: 'Conflicts of interest and breach of loyalty rules' },
    description: {
      de: 'Verantwortliche verfolgen eigene Interessen oder schliessen Rechtsgeschäfte mit Nahestehenden zu nicht marktüblichen Bedingungen ab (Art. 51b und 51c BVG). Vermögensvorteile werden nicht offengelegt oder abgeliefert. Die Kasse erleidet finanziellen Schaden und Vertrauensverlust.',
      fr: 'Des responsables poursuivent leurs propres intérêts ou concluent des actes juridiques avec des personnes proches à des conditions non conformes au marché (art. 51b et 51c LPP). Des avantages financiers ne sont ni déclarés ni rétrocédés. La caisse subit un dommage financier et une perte de confiance.',
      en: 'Responsible persons pursue their own interests or enter into transactions with related parties on non-market terms (Art. 51b and 51c BVG). Financial benefits are neither disclosed nor passed on. The fund suffers financial loss and a loss of trust.',
    },
    reaction: {
      de: 'Integritäts- und Loyalitätsreglement erlassen, Ausstandsregeln anwenden und Rechtsgeschäfte mit Nahestehenden ausschreiben.',
      fr: 'Adopter un règlement d’intégrité et de loyauté, appliquer les règles de récusation et mettre en concurrence les actes avec des proches.',
      en: 'Adopt integrity and loyalty rules, apply recusal rules and put related-party transactions out to tender.',
    },
    controlling: {
      de: 'Jährliche schriftliche Loyalitätserklärung aller Verantwortlichen, geprüft durch die Revisionsstelle.',
      fr: 'Déclaration de loyauté écrite annuelle de tous les responsables, vérifiée par l’organe de révision.',
      en: 'Annual written loyalty declaration by all responsible persons, checked by the auditor.',
    },
    probability: 2, severity: 4, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['governance', 'integrity', 'compliance'],
  },
  {
    idkey: '01.04', theme: '01',
    title: { de: 'Unklare Aufgaben, Kompetenzen und Verantwortlichkeiten', fr: 'Tâches, compétences et responsabilités peu claires', en: 'Unclear tasks, powers and responsibilities' },
    description: {
      de: 'Organisationsreglement, Kompetenzordnung und Unterschriftenregelung sind lückenhaft oder veraltet. Aufgaben werden doppelt oder gar nicht wahrgenommen, Entscheide fallen auf der falschen Stufe. Die Gesamtleitung durch den Stiftungsrat ist nicht sichergestellt.',
      fr: 'Le règlement d’organisation, la répartition des compétences et le régime des signatures sont lacunaires ou obsolètes. Des tâches sont exécutées à double ou pas du tout, des décisions sont prises au mauvais niveau. La direction générale par le conseil de fondation n’est pas garantie.',
      en: 'The organisational regulations, delegation of authority and signing rules are incomplete or outdated. Tasks are duplicated or neglected and decisions are taken at the wrong level. Overall management by the foundation council is not ensured.',
    },
    reaction: {
      de: 'Organisationsreglement mit Funktionendiagramm (Kontrollmatrix) führen und bei Änderungen sofort nachführen.',
      fr: 'Tenir un règlement d’organisation avec diagramme des fonctions (matrice de contrôle) et l’adapter dès tout changement.',
      en: 'Maintain organisational regulations with a function chart (control matrix) and update them after every change.',
    },
    controlling: {
      de: 'Stiftungsrat überprüft Reglemente und Kompetenzordnung mindestens alle drei Jahre.',
      fr: 'Le conseil de fondation revoit les règlements et les compétences au moins tous les trois ans.',
      en: 'The foundation council reviews regulations and powers at least every three years.',
    },
    probability: 3, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['governance', 'organisation'],
  },
  {
    idkey: '01.05', theme: '01',
    title: { de: 'Unzureichendes internes Kontrollsystem (IKS)', fr: 'Système de contrôle interne (SCI) insuffisant', en: 'Inadequate internal control system (ICS)' },
    description: {
      de: 'Wesentliche Prozesse sind nicht dokumentiert oder Kontrollen werden nicht durchgeführt und nicht nachgewiesen. Fehler und Unregelmässigkeiten bleiben unentdeckt. Die Revisionsstelle beanstandet das IKS, und der Stiftungsrat kann seine Aufsichtspflicht nicht belegen.',
      fr: 'Des processus essentiels ne sont pas documentés ou les contrôles ne sont ni effectués ni attestés. Erreurs et irrégularités passent inaperçues. L’organe de révision émet des réserves sur le SCI et le conseil ne peut prouver qu’il exerce sa surveillance.',
      en: 'Key processes are not documented or controls are neither performed nor evidenced. Errors and irregularities go undetected. The auditor criticises the ICS and the council cannot demonstrate that it exercises oversight.',
    },
    reaction: {
      de: 'IKS risikobasiert aufbauen, Kontrollaktivitäten mit Verantwortlichen und Fälligkeiten festlegen und Mindestreifegrad definieren.',
      fr: 'Construire le SCI selon les risques, attribuer les activités de contrôle avec responsables et échéances et fixer un degré de maturité minimal.',
      en: 'Build a risk-based ICS, assign control activities with owners and due dates and set a minimum maturity level.',
    },
    controlling: {
      de: 'Jährlicher IKS-Bericht an den Stiftungsrat mit Reifegrad und Status überfälliger Kontrollen.',
      fr: 'Rapport SCI annuel au conseil de fondation avec degré de maturité et état des contrôles en retard.',
      en: 'Annual ICS report to the council showing maturity level and status of overdue controls.',
    },
    probability: 3, severity: 3, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['governance', 'ics'],
  },
  {
    idkey: '01.06', theme: '01',
    title: { de: 'Abhängigkeit von Schlüsselpersonen in den Führungsorganen', fr: 'Dépendance envers des personnes clés des organes dirigeants', en: 'Key-person dependency in the governing bodies' },
    description: {
      de: 'Wissen und Einfluss konzentrieren sich auf wenige Personen, etwa Präsidium oder Geschäftsführung. Fallen diese aus oder dominieren sie die Entscheide, fehlen Kontinuität und gegenseitige Kontrolle. Die Handlungsfähigkeit der Kasse ist gefährdet.',
      fr: 'Le savoir et l’influence sont concentrés sur peu de personnes, par exemple la présidence ou la direction. En cas d’absence ou de domination de ces personnes, la continuité et le contrôle mutuel font défaut. La capacité d’action de la caisse est menacée.',
      en: 'Knowledge and influence are concentrated in a few people, such as the presidency or management. If they drop out or dominate decisions, continuity and mutual checks are lost. The fund’s ability to act is at risk.',
    },
    reaction: {
      de: 'Stellvertretungen regeln, Vier-Augen-Prinzip durchsetzen und Amtszeitbeschränkungen vorsehen.',
      fr: 'Organiser les suppléances, appliquer le principe des quatre yeux et prévoir une limitation de la durée des mandats.',
      en: 'Arrange deputies, enforce the four-eyes principle and provide for term limits.',
    },
    controlling: {
      de: 'Stiftungsrat prüft jährlich Stellvertretungsregelungen und die Verteilung kritischer Zuständigkeiten.',
      fr: 'Le conseil vérifie chaque année les suppléances et la répartition des responsabilités critiques.',
      en: 'The council reviews deputy arrangements and the allocation of critical duties annually.',
    },
    probability: 3, severity: 3, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['governance', 'key-person'],
  },
]
