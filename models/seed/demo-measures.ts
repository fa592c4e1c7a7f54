// Demo content for measures, responsible bodies and documents (seed data only, no app logic).
// alpha: German (Swiss spelling, "ss"), beta: French. Days are relative to the seeding day.

export type DemoBody = { customer: 'alpha' | 'beta'; name: string }
export type DemoMeasure = {
  customer: 'alpha' | 'beta'
  source: 'fund' | 'risk' | 'iks' // pension-fund-wide, risk management, internal control system
  title: string // in the customer's language: alpha German, beta French
  body: string // 1–3 sentences describing what to do
  owner: { email: string } | { body: string } // a demo user e-mail or a responsible body name
  dueInDays: number // relative to the seeding day; negative = overdue
  recurrence: 0 | 7 | 30 | 91 | 182 | 365
  dsgMeasure: boolean // a data-protection (DSG) measure
  inEdit?: boolean // work on it is in progress
  confirmed?: { daysAgo: number; text: string; byEmail: string } // already confirmed, with the confirmation text
}
export type DemoDocument = {
  customer: 'alpha' | 'beta'
  category: 'fund' | 'risk' | 'iks' | 'dsg'
  name: string
  link: string | null // https URL on a fictitious domain, or null (missing link)
  linkText: string
  comment: string
  dueInDays: number | null // reference date relative to the seeding day, or null
  present: boolean
}

export const demoBodies: DemoBody[] = [
  { customer: 'alpha', name: 'Stiftungsrat' },
  { customer: 'alpha', name: 'Anlagekommission' },
  { customer: 'alpha', name: 'Geschäftsstelle' },
  { customer: 'alpha', name: 'Revisionsstelle' },
  { customer: 'beta', name: 'Conseil de fondation' },
  { customer: 'beta', name: 'Commission de placement' },
  { customer: 'beta', name: 'Gérance' },
]

export const demoMeasures: DemoMeasure[] = [
  // ---- alpha: pension-fund-wide ----
  {
    customer: 'alpha',
    source: 'fund',
    title: 'Anlagestrategie und Risikofähigkeit jährlich überprüfen',
    body: 'Die Anlagekommission überprüft die Anlagestrategie gestützt auf die aktuelle ALM-Analyse und beurteilt die Risikofähigkeit der Kasse (Deckungsgrad, Zielgrösse der Wertschwankungsreserve). Antrag und Ergebnis werden dem Stiftungsrat zum Entscheid vorgelegt.',
    owner: { body: 'Anlagekommission' },
    dueInDays: 45,
    recurrence: 365,
    dsgMeasure: false,
    confirmed: {
      daysAgo: 320,
      text: 'Anlagestrategie an der Stiftungsratssitzung vom Frühjahr bestätigt; Zielgrösse der Wertschwankungsreserve unverändert bei 18 %. Protokollauszug abgelegt.',
      byEmail: 'admin@example.com',
    },
  },
  {
    customer: 'alpha',
    source: 'fund',
    title: 'Technischen Zinssatz mit dem Experten für berufliche Vorsorge überprüfen',
    body: 'Gemeinsam mit dem Experten für berufliche Vorsorge werden technischer Zinssatz und Umwandlungssatz für den Jahresabschluss beurteilt. Die Empfehlung wird dem Stiftungsrat zusammen mit dem versicherungstechnischen Bericht vorgelegt.',
    owner: { body: 'Stiftungsrat' },
    dueInDays: 70,
    recurrence: 0,
    dsgMeasure: false,
  },
  {
    customer: 'alpha',
    source: 'fund',
    title: 'Organisationsreglement aktualisieren',
    body: 'Das Organisationsreglement wird an die neue Zusammensetzung der Anlagekommission und die angepassten Zeichnungsberechtigungen angepasst. Der Entwurf geht an den Stiftungsrat zur Verabschiedung.',
    owner: { email: 'admin@example.com' },
    dueInDays: 60,
    recurrence: 0,
    dsgMeasure: false,
  },
  {
    customer: 'alpha',
    source: 'fund',
    title: 'Einführung der neuen Stiftungsratsmitglieder',
    body: 'Die neu gewählten Arbeitnehmervertreter erhalten Reglemente, Risikopolitik und den letzten Geschäftsbericht und besuchen eine Grundausbildung für Stiftungsräte. Die Teilnahme wird dokumentiert.',
    owner: { body: 'Stiftungsrat' },
    dueInDays: 30,
    recurrence: 0,
    dsgMeasure: false,
  },
  {
    customer: 'alpha',
    source: 'fund',
    title: 'Vorsorgereglement per 1. Januar anpassen',
    body: 'Die vom Stiftungsrat beschlossenen Änderungen (Umwandlungssatz, Einkaufsmöglichkeiten) werden ins Vorsorgereglement übernommen. Das Reglement wird der Aufsichtsbehörde eingereicht und Versicherte sowie Arbeitgeber werden rechtzeitig informiert.',
    owner: { body: 'Stiftungsrat' },
    dueInDays: 120,
    recurrence: 0,
    dsgMeasure: false,
  },
  // ---- alpha: risk management ----
  {
    customer: 'alpha',
    source: 'risk',
    title: 'Vierteljährliche Liquiditätsplanung',
    body: 'Die Geschäftsstelle erstellt die rollierende Liquiditätsplanung für die nächsten zwölf Monate (Renten, Freizügigkeitsleistungen, Beiträge, Kapitalabrufe). Abweichungen über CHF 2 Mio. werden der Anlagekommission gemeldet.',
    owner: { email: 'writer@example.com' },
    dueInDays: 12,
    recurrence: 91,
    dsgMeasure: false,
    confirmed: {
      daysAgo: 79,
      text: 'Liquiditätsplanung für das laufende Quartal erstellt; Rentenzahlungen für sechs Monate gedeckt, keine Abweichungen über dem Schwellenwert.',
      byEmail: 'writer@example.com',
    },
  },
  {
    customer: 'alpha',
    source: 'risk',
    title: 'Wiederherstellungstest der Datensicherung',
    body: 'Der IT-Dienstleister stellt eine Stichprobe aus der Datensicherung (Versichertenverwaltung, Finanzbuchhaltung) in einer Testumgebung wieder her. Dauer und Vollständigkeit werden protokolliert und mit den Vorgaben des Notfallkonzepts IT verglichen.',
    owner: { email: 'admin@example.com' },
    dueInDays: -21,
    recurrence: 0,
    dsgMeasure: false,
    inEdit: true,
  },
  {
    customer: 'alpha',
    source: 'risk',
    title: 'Backup-Protokolle wöchentlich kontrollieren',
    body: 'Die Protokolle der nächtlichen Datensicherung werden wöchentlich auf Fehlermeldungen geprüft. Fehlgeschlagene Sicherungen werden sofort beim IT-Dienstleister eskaliert.',
    owner: { email: 'writer@example.com' },
    dueInDays: 3,
    recurrence: 7,
    dsgMeasure: false,
    confirmed: {
      daysAgo: 4,
      text: 'Backup-Protokolle der Vorwoche geprüft: alle Sicherungen erfolgreich abgeschlossen, keine Auffälligkeiten.',
      byEmail: 'writer@example.com',
    },
  },
  {
    customer: 'alpha',
    source: 'risk',
    title: 'Risikoinventar überprüfen und Risikokarte aktualisieren',
    body: 'Eintrittswahrscheinlichkeit und Schadensausmass aller Risiken im Risikoinventar werden neu beurteilt und neue Risikothemen (z. B. Cyberrisiken, Langlebigkeit) ergänzt. Die aktualisierte Risikokarte wird dem Stiftungsrat vorgelegt.',
    owner: { body: 'Geschäftsstelle' },
    dueInDays: -9,
    recurrence: 0,
    dsgMeasure: false,
  },
  {
    customer: 'alpha',
    source: 'risk',
    title: 'Gegenparteirisiko bei Depotbank und Banken beurteilen',
    body: 'Bonität und Konzentration bei der Depotbank und bei den Banken mit Liquiditätsanlagen werden analysiert. Bei Überschreiten der Limiten gemäss Anlagereglement wird eine Umschichtung beantragt.',
    owner: { body: 'Anlagekommission' },
    dueInDays: 25,
    recurrence: 0,
    dsgMeasure: false,
  },
  // ---- alpha: internal control system ----
  {
    customer: 'alpha',
    source: 'iks',
    title: 'Monatliche Abstimmung der Beitragseingänge',
    body: 'Die Beitragseingänge der angeschlossenen Arbeitgeber werden monatlich mit den Sollbeiträgen aus der Versichertenverwaltung abgestimmt. Differenzen werden innert zehn Arbeitstagen geklärt und dokumentiert.',
    owner: { email: 'writer@example.com' },
    dueInDays: -6,
    recurrence: 30,
    dsgMeasure: false,
  },
  {
    customer: 'alpha',
    source: 'iks',
    title: 'Loyalitätserklärungen einholen (Art. 48l BVV 2)',
    body: 'Von Stiftungsräten, Mitgliedern der Anlagekommission und externen Vermögensverwaltern wird die jährliche Offenlegung der Interessenverbindungen und der Vermögensvorteile eingeholt. Fehlende Erklärungen werden gemahnt und die Vollständigkeit zuhanden der Revisionsstelle dokumentiert.',
    owner: { body: 'Geschäftsstelle' },
    dueInDays: -14,
    recurrence: 0,
    dsgMeasure: false,
  },
  {
    customer: 'alpha',
    source: 'iks',
    title: 'Zugriffsrechte in der Verwaltungssoftware überprüfen',
    body: 'Die Berechtigungen in der Versichertenverwaltung und in der Finanzbuchhaltung werden mit der aktuellen Stellenbesetzung abgeglichen. Nicht mehr benötigte Rechte werden entzogen und Abweichungen protokolliert.',
    owner: { email: 'admin@example.com' },
    dueInDays: 20,
    recurrence: 182,
    dsgMeasure: false,
  },
  {
    customer: 'alpha',
    source: 'iks',
    title: 'Selbstbeurteilung der IKS-Kontrollen',
    body: 'Die Prozessverantwortlichen beurteilen Wirksamkeit und Nachvollziehbarkeit der Schlüsselkontrollen gemäss Kontrollmatrix und aktualisieren den Reifegrad. Die Ergebnisse fliessen in den IKS-Bericht an den Stiftungsrat ein.',
    owner: { body: 'Geschäftsstelle' },
    dueInDays: 35,
    recurrence: 0,
    dsgMeasure: false,
  },
  {
    customer: 'alpha',
    source: 'iks',
    title: 'Vier-Augen-Prinzip bei Auszahlungen stichprobenweise prüfen',
    body: 'Anhand einer Stichprobe wird geprüft, ob alle Auszahlungen (Freizügigkeitsleistungen, Kapitalbezüge, WEF-Vorbezüge) kollektiv zu zweien freigegeben wurden. Verstösse werden dem Präsidium gemeldet.',
    owner: { email: 'reader@example.com' },
    dueInDays: 40,
    recurrence: 0,
    dsgMeasure: false,
    confirmed: {
      daysAgo: 15,
      text: 'Stichprobe von 25 Auszahlungen aus dem ersten Halbjahr geprüft; alle mit Kollektivunterschrift zu zweien freigegeben. Keine Verstösse festgestellt.',
      byEmail: 'reader@example.com',
    },
  },
  {
    customer: 'alpha',
    source: 'iks',
    title: 'Empfehlungen der Revisionsstelle umsetzen',
    body: 'Die Feststellungen aus dem Management Letter der Revisionsstelle werden mit Verantwortlichkeiten und Terminen erfasst. Die Umsetzung wird bis zur nächsten Zwischenrevision abgeschlossen und belegt.',
    owner: { email: 'admin@example.com' },
    dueInDays: 90,
    recurrence: 0,
    dsgMeasure: false,
  },
  // ---- alpha: data protection (DSG) ----
  {
    customer: 'alpha',
    source: 'fund',
    title: 'Bearbeitungsverzeichnis aktualisieren (Art. 12 DSG)',
    body: 'Das Verzeichnis der Bearbeitungstätigkeiten wird um neue Bearbeitungen ergänzt (z. B. Online-Versichertenportal). Zweck, Datenkategorien, Empfänger und Aufbewahrungsdauer werden für jede Bearbeitung überprüft.',
    owner: { email: 'dsg@example.com' },
    dueInDays: 15,
    recurrence: 365,
    dsgMeasure: true,
  },
  {
    customer: 'alpha',
    source: 'risk',
    title: 'Datenschutz-Folgenabschätzung für das Versichertenportal',
    body: 'Vor der Einführung des Online-Versichertenportals wird eine Datenschutz-Folgenabschätzung nach Art. 22 DSG durchgeführt, da auch Gesundheitsdaten aus Invaliditätsfällen bearbeitet werden. Bei einem hohen Restrisiko ist der EDÖB vorgängig zu konsultieren.',
    owner: { email: 'dsg@example.com' },
    dueInDays: 50,
    recurrence: 0,
    dsgMeasure: true,
    inEdit: true,
  },
  {
    customer: 'alpha',
    source: 'risk',
    title: 'Übung zur Verletzung der Datensicherheit durchführen',
    body: 'Anhand eines Szenarios (Vorsorgeausweise an falsche Empfänger versandt) wird der Ablauf bis zur Meldung an den EDÖB nach Art. 24 DSG durchgespielt. Meldewege, Zuständigkeiten und Vorlagen werden anschliessend angepasst.',
    owner: { email: 'dsg@example.com' },
    dueInDays: -40,
    recurrence: 0,
    dsgMeasure: true,
  },
  {
    customer: 'alpha',
    source: 'iks',
    title: 'Auftragsbearbeitungsverträge überprüfen',
    body: 'Die Verträge mit IT-Dienstleister, Versanddienstleister und Cloud-Anbieter werden auf die Anforderungen von Art. 9 DSG geprüft (Weisungen, Datensicherheit, Unterauftragsbearbeiter, Bekanntgabe ins Ausland). Fehlende Klauseln werden nachverhandelt.',
    owner: { email: 'admin@example.com' },
    dueInDays: 30,
    recurrence: 0,
    dsgMeasure: true,
  },
  {
    customer: 'alpha',
    source: 'iks',
    title: 'Löschkonzept für Versichertendaten umsetzen',
    body: 'Für ausgetretene Versicherte und abgeschlossene Leistungsfälle werden Aufbewahrungsfristen festgelegt; nach deren Ablauf werden die Daten gelöscht oder anonymisiert. Die gesetzlichen Aufbewahrungspflichten der beruflichen Vorsorge bleiben vorbehalten.',
    owner: { body: 'Geschäftsstelle' },
    dueInDays: 100,
    recurrence: 0,
    dsgMeasure: true,
  },
  {
    customer: 'alpha',
    source: 'fund',
    title: 'Datenschutzschulung für die Mitarbeitenden der Geschäftsstelle',
    body: 'Alle Mitarbeitenden mit Zugriff auf Versichertendaten absolvieren die Datenschutzschulung (Grundsätze, Auskunftsrecht, Umgang mit Gesundheitsdaten, Phishing). Die Teilnahme wird dokumentiert.',
    owner: { email: 'dsg@example.com' },
    dueInDays: 14,
    recurrence: 0,
    dsgMeasure: true,
    confirmed: {
      daysAgo: 30,
      text: 'Schulung durchgeführt; 9 von 9 Mitarbeitenden haben teilgenommen. Teilnehmerliste und Unterlagen im Datenschutzordner abgelegt.',
      byEmail: 'dsg@example.com',
    },
  },
  // ---- beta (French) ----
  {
    customer: 'beta',
    source: 'fund',
    title: 'Examen annuel de la stratégie de placement',
    body: "La commission de placement examine la stratégie de placement sur la base de l'étude ALM et évalue la capacité de risque de la caisse. Elle soumet sa proposition au conseil de fondation pour décision.",
    owner: { body: 'Commission de placement' },
    dueInDays: 60,
    recurrence: 365,
    dsgMeasure: false,
  },
  {
    customer: 'beta',
    source: 'fund',
    title: 'Recueillir les déclarations de loyauté (art. 48l OPP 2)',
    body: "Obtenir des membres du conseil de fondation, de la commission de placement et des gestionnaires de fortune externes la déclaration annuelle de leurs liens d'intérêts et des avantages financiers reçus. Relancer les déclarations manquantes.",
    owner: { body: 'Gérance' },
    dueInDays: 75,
    recurrence: 0,
    dsgMeasure: false,
  },
  {
    customer: 'beta',
    source: 'risk',
    title: 'Mettre à jour le plan de liquidités',
    body: "Mettre à jour la planification des liquidités avant le versement des rentes et des prestations de libre passage de fin d'année. Les écarts importants sont signalés à la commission de placement.",
    owner: { email: 'beta@example.com' },
    dueInDays: -10,
    recurrence: 0,
    dsgMeasure: false,
  },
  {
    customer: 'beta',
    source: 'iks',
    title: "Contrôler les droits d'accès au logiciel de gestion",
    body: "Comparer les droits d'accès au logiciel de gestion des assurés avec l'organigramme actuel. Retirer les droits devenus inutiles et consigner les écarts.",
    owner: { email: 'admin@example.com' },
    dueInDays: 20,
    recurrence: 0,
    dsgMeasure: false,
  },
  {
    customer: 'beta',
    source: 'iks',
    title: 'Mettre à jour la matrice de contrôle',
    body: "Adapter la matrice de contrôle du SCI aux nouvelles compétences de la gérance et évaluer l'efficacité des contrôles clés.",
    owner: { email: 'beta@example.com' },
    dueInDays: 45,
    recurrence: 0,
    dsgMeasure: false,
    inEdit: true,
  },
  {
    customer: 'beta',
    source: 'fund',
    title: 'Mettre à jour le registre des activités de traitement (art. 12 LPD)',
    body: 'Compléter le registre des activités de traitement avec les nouveaux traitements et vérifier pour chacun la finalité, les catégories de données, les destinataires et la durée de conservation.',
    owner: { email: 'beta@example.com' },
    dueInDays: 30,
    recurrence: 0,
    dsgMeasure: true,
    confirmed: {
      daysAgo: 5,
      text: 'Registre complété avec le portail en ligne des assurés et validé par la gérance.',
      byEmail: 'beta@example.com',
    },
  },
]

const A = 'https://intranet.pk-alpha.example'
const B = 'https://intranet.cp-beta.example'

export const demoDocuments: DemoDocument[] = [
  // ---- alpha ----
  { customer: 'alpha', category: 'fund', name: 'Anlagereglement', link: `${A}/reglemente/anlagereglement.pdf`, linkText: 'Anlagereglement (PDF)', comment: 'Gültig ab 1. Januar; Anhang Anlagestrategie mit Bandbreiten.', dueInDays: -420, present: true },
  { customer: 'alpha', category: 'fund', name: 'Organisationsreglement', link: `${A}/reglemente/organisationsreglement.pdf`, linkText: 'Organisationsreglement (PDF)', comment: 'Revision wegen neuer Zeichnungsberechtigungen in Arbeit.', dueInDays: -800, present: true },
  { customer: 'alpha', category: 'fund', name: 'Vorsorgereglement', link: `${A}/reglemente/vorsorgereglement.pdf`, linkText: 'Vorsorgereglement (PDF)', comment: 'Vom Stiftungsrat verabschiedet, bei der Aufsichtsbehörde eingereicht.', dueInDays: -150, present: true },
  { customer: 'alpha', category: 'fund', name: 'Reglement Rückstellungen und Schwankungsreserven', link: `${A}/reglemente/rueckstellungsreglement.pdf`, linkText: 'Rückstellungsreglement (PDF)', comment: 'Mit dem Experten für berufliche Vorsorge abgestimmt.', dueInDays: -365, present: true },
  { customer: 'alpha', category: 'risk', name: 'Risikopolitik', link: `${A}/risiko/risikopolitik.pdf`, linkText: 'Risikopolitik (PDF)', comment: 'Risikotoleranz und Zuständigkeiten im Risikomanagement.', dueInDays: -300, present: true },
  { customer: 'alpha', category: 'risk', name: 'Versicherungstechnisches Gutachten', link: `${A}/risiko/gutachten-experte.pdf`, linkText: 'Gutachten Experte (PDF)', comment: 'Letztes Gutachten des Experten für berufliche Vorsorge.', dueInDays: -120, present: true },
  { customer: 'alpha', category: 'risk', name: 'Notfallkonzept IT', link: null, linkText: '', comment: 'Entwurf beim IT-Dienstleister; Verabschiedung durch den Stiftungsrat ausstehend.', dueInDays: 60, present: false },
  { customer: 'alpha', category: 'iks', name: 'IKS-Handbuch', link: `${A}/iks/iks-handbuch.pdf`, linkText: 'IKS-Handbuch (PDF)', comment: 'Grundsätze, Prozessinventar und Reifegrade.', dueInDays: -250, present: true },
  { customer: 'alpha', category: 'iks', name: 'Kontrollmatrix', link: `${A}/iks/kontrollmatrix.xlsx`, linkText: 'Kontrollmatrix (Excel)', comment: 'Zuständigkeiten E, A, M je Teilprozess.', dueInDays: -60, present: true },
  { customer: 'alpha', category: 'dsg', name: 'Bearbeitungsverzeichnis', link: `${A}/datenschutz/bearbeitungsverzeichnis.xlsx`, linkText: 'Bearbeitungsverzeichnis (Excel)', comment: 'Verzeichnis nach Art. 12 DSG; Ergänzung Versichertenportal offen.', dueInDays: -30, present: true },
  { customer: 'alpha', category: 'dsg', name: 'Datenschutzerklärung für Versicherte', link: `${A}/datenschutz/datenschutzerklaerung.pdf`, linkText: 'Datenschutzerklärung (PDF)', comment: 'Auch auf der Website der Pensionskasse veröffentlicht.', dueInDays: -200, present: true },
  { customer: 'alpha', category: 'dsg', name: 'Auftragsbearbeitungsverträge', link: null, linkText: '', comment: 'Unterzeichnete Verträge nur in Papierform bei der Geschäftsstelle; Ablage im Intranet fehlt.', dueInDays: null, present: true },
  // ---- beta ----
  { customer: 'beta', category: 'fund', name: 'Règlement de placement', link: `${B}/reglements/reglement-placement.pdf`, linkText: 'Règlement de placement (PDF)', comment: "Avec l'annexe sur l'allocation stratégique.", dueInDays: -400, present: true },
  { customer: 'beta', category: 'risk', name: 'Politique de risque', link: `${B}/risques/politique-risque.pdf`, linkText: 'Politique de risque (PDF)', comment: 'Approuvée par le conseil de fondation.', dueInDays: -280, present: true },
  { customer: 'beta', category: 'iks', name: 'Manuel SCI', link: null, linkText: '', comment: "Version papier uniquement ; publication sur l'intranet prévue.", dueInDays: null, present: true },
  { customer: 'beta', category: 'dsg', name: 'Registre des activités de traitement', link: `${B}/protection-donnees/registre.xlsx`, linkText: 'Registre (Excel)', comment: 'Registre selon art. 12 LPD.', dueInDays: -5, present: true },
]
