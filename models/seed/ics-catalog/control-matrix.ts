import type { ControlMatrixSeed, L10n } from './types.ts'

/** Recurring labels for departments, controllers and cycles. */
const council: L10n = { de: 'Stiftungsrat', fr: 'Conseil de fondation', en: 'Foundation council' }
const management: L10n = { de: 'Geschäftsführung', fr: 'Direction', en: 'Management' }
const investmentCommittee: L10n = { de: 'Anlagekommission', fr: 'Commission de placement', en: 'Investment committee' }
const auditor: L10n = { de: 'Revisionsstelle', fr: 'Organe de révision', en: 'Auditor' }
const actuary: L10n = { de: 'Experte für berufliche Vorsorge', fr: 'Expert en prévoyance professionnelle', en: 'Pension actuary' }
const annually: L10n = { de: 'jährlich', fr: 'annuel', en: 'annually' }
const monthly: L10n = { de: 'monatlich', fr: 'mensuel', en: 'monthly' }
const ongoing: L10n = { de: 'laufend', fr: 'en continu', en: 'ongoing' }
const asRequired: L10n = { de: 'bei Bedarf', fr: 'au besoin', en: 'as required' }

/** Typical competence and control matrix (Funktionendiagramm) of a Swiss pension fund. */
export const controlMatrixSeed: ControlMatrixSeed[] = [
  {
    task: { de: 'Anlagestrategie festlegen', fr: 'Définir la stratégie de placement', en: 'Define the investment strategy' },
    revision: null, management: 'M', responsible: 'E',
    department: investmentCommittee, controller: council,
    cycle: { de: 'alle 3–5 Jahre', fr: 'tous les 3 à 5 ans', en: 'every 3–5 years' },
    comment: { de: 'Gestützt auf ALM-Studie; Antrag der Anlagekommission', fr: 'Sur la base d’une étude ALM ; proposition de la commission de placement', en: 'Based on an ALM study; proposed by the investment committee' },
  },
  {
    task: { de: 'Anlagereglement erlassen', fr: 'Adopter le règlement de placement', en: 'Adopt the investment regulations' },
    revision: null, management: 'A', responsible: 'E',
    department: investmentCommittee, controller: council, cycle: asRequired,
    comment: { de: 'Jährlich auf Anpassungsbedarf prüfen; Aufsicht informieren', fr: 'Vérifier chaque année le besoin d’adaptation ; informer l’autorité de surveillance', en: 'Review annually for changes; inform the supervisory authority' },
  },
  {
    task: { de: 'Vermögensverwalter mandatieren', fr: 'Mandater les gestionnaires de fortune', en: 'Appoint asset managers' },
    revision: null, management: 'A', responsible: 'E',
    department: investmentCommittee, controller: council, cycle: asRequired,
    comment: { de: 'Nach Ausschreibung; schriftlicher Mandatsvertrag', fr: 'Après appel d’offres ; contrat de mandat écrit', en: 'After a tender; written mandate agreement' },
  },
  {
    task: { de: 'Bandbreiten überwachen und Rebalancing auslösen', fr: 'Surveiller les marges et déclencher le rééquilibrage', en: 'Monitor ranges and trigger rebalancing' },
    revision: null, management: 'E', responsible: null,
    department: { de: 'Vermögensanlage', fr: 'Placements', en: 'Investments' }, controller: investmentCommittee, cycle: monthly,
    comment: { de: 'Im Rahmen des Anlagereglements', fr: 'Dans le cadre du règlement de placement', en: 'Within the investment regulations' },
  },
  {
    task: { de: 'Technischen Zinssatz festlegen', fr: 'Fixer le taux d’intérêt technique', en: 'Set the technical interest rate' },
    revision: null, management: 'M', responsible: 'E',
    department: { de: 'Versicherungstechnik', fr: 'Technique actuarielle', en: 'Actuarial' }, controller: actuary, cycle: annually,
    comment: { de: 'Auf Empfehlung des Experten; Abweichungen begründen', fr: 'Sur recommandation de l’expert ; motiver les écarts', en: 'On the actuary’s recommendation; justify deviations' },
  },
  {
    task: { de: 'Verzinsung der Altersguthaben festlegen', fr: 'Fixer la rémunération des avoirs de vieillesse', en: 'Set the interest on retirement savings' },
    revision: null, management: 'A', responsible: 'E',
    department: { de: 'Versicherungstechnik', fr: 'Technique actuarielle', en: 'Actuarial' }, controller: actuary, cycle: annually,
    comment: { de: 'Unter Berücksichtigung von Deckungsgrad und Wertschwankungsreserve', fr: 'En tenant compte du degré de couverture et de la réserve de fluctuation de valeurs', en: 'Taking into account the funding ratio and the value fluctuation reserve' },
  },
  {
    task: { de: 'Reglemente ändern', fr: 'Modifier les règlements', en: 'Amend the regulations' },
    revision: null, management: 'A', responsible: 'E',
    department: management, controller: { de: 'Aufsichtsbehörde', fr: 'Autorité de surveillance', en: 'Supervisory authority' }, cycle: asRequired,
    comment: { de: 'Vorsorgereglement mit Stellungnahme des Experten', fr: 'Règlement de prévoyance avec avis de l’expert', en: 'Pension regulations with the actuary’s opinion' },
  },
  {
    task: { de: 'Jahresrechnung genehmigen', fr: 'Approuver les comptes annuels', en: 'Approve the annual accounts' },
    revision: 'M', management: 'A', responsible: 'E',
    department: { de: 'Finanzen', fr: 'Finances', en: 'Finance' }, controller: auditor, cycle: annually,
    comment: { de: 'Nach Prüfung durch die Revisionsstelle; Einreichung an die Aufsicht', fr: 'Après contrôle par l’organe de révision ; remise à l’autorité de surveillance', en: 'After audit; filed with the supervisory authority' },
  },
  {
    task: { de: 'Budget genehmigen', fr: 'Approuver le budget', en: 'Approve the budget' },
    revision: null, management: 'A', responsible: 'E',
    department: { de: 'Finanzen', fr: 'Finances', en: 'Finance' }, controller: council, cycle: annually,
    comment: { de: 'Soll-Ist-Vergleich quartalsweise', fr: 'Comparaison budget-réalisé trimestrielle', en: 'Quarterly budget-to-actual comparison' },
  },
  {
    task: { de: 'Leistungsfälle freigeben', fr: 'Libérer les cas de prestation', en: 'Release benefit cases' },
    revision: null, management: 'E', responsible: null,
    department: { de: 'Leistungen', fr: 'Prestations', en: 'Benefits' }, controller: management, cycle: ongoing,
    comment: { de: 'Vier-Augen-Prinzip; Sonderfälle an den Stiftungsrat', fr: 'Principe des quatre yeux ; cas particuliers au conseil de fondation', en: 'Four-eyes principle; special cases to the foundation council' },
  },
  {
    task: { de: 'Zahlungen freigeben', fr: 'Libérer les paiements', en: 'Release payments' },
    revision: null, management: 'E', responsible: null,
    department: { de: 'Finanzen', fr: 'Finances', en: 'Finance' }, controller: auditor, cycle: ongoing,
    comment: { de: 'Kollektivunterschrift zu zweien gemäss Unterschriftenregelung', fr: 'Signature collective à deux selon le règlement des signatures', en: 'Joint signature by two under the signature rules' },
  },
  {
    task: { de: 'Unterschriftenregelung festlegen', fr: 'Fixer le règlement des signatures', en: 'Define the signature rules' },
    revision: null, management: 'A', responsible: 'E',
    department: management, controller: council, cycle: annually,
    comment: { de: 'Abgleich mit Handelsregister und Bankvollmachten', fr: 'Rapprochement avec le registre du commerce et les procurations bancaires', en: 'Reconcile with the commercial register and bank mandates' },
  },
  {
    task: { de: 'Revisionsstelle und Experten wählen', fr: 'Désigner l’organe de révision et l’expert', en: 'Appoint the auditor and the actuary' },
    revision: null, management: 'M', responsible: 'E',
    department: council, controller: { de: 'Aufsichtsbehörde', fr: 'Autorité de surveillance', en: 'Supervisory authority' }, cycle: asRequired,
    comment: { de: 'Unabhängigkeit periodisch beurteilen', fr: 'Évaluer périodiquement l’indépendance', en: 'Assess independence periodically' },
  },
  {
    task: { de: 'Risikobeurteilung und IKS genehmigen', fr: 'Approuver l’évaluation des risques et le SCI', en: 'Approve the risk assessment and the ICS' },
    revision: 'M', management: 'A', responsible: 'E',
    department: management, controller: council, cycle: annually,
    comment: { de: 'Stiftungsrat legt den Mindest-Reifegrad fest', fr: 'Le conseil de fondation fixe le degré de maturité minimal', en: 'The foundation council sets the minimum maturity level' },
  },
  {
    task: { de: 'Loyalitätserklärungen einholen', fr: 'Recueillir les déclarations de loyauté', en: 'Obtain loyalty declarations' },
    revision: 'M', management: 'E', responsible: null,
    department: management, controller: council, cycle: annually,
    comment: { de: 'Stiftungsrat, Geschäftsführung und Vermögensverwalter', fr: 'Conseil de fondation, direction et gestionnaires de fortune', en: 'Foundation council, management and asset managers' },
  },
  {
    task: { de: 'Zugriffsrechte überprüfen', fr: 'Réviser les droits d’accès', en: 'Review access rights' },
    revision: null, management: 'E', responsible: null,
    department: { de: 'Informatik', fr: 'Informatique', en: 'IT' },
    controller: { de: 'Datenschutzverantwortliche(r)', fr: 'Responsable de la protection des données', en: 'Data protection officer' }, cycle: annually,
    comment: { de: 'Bestätigung durch die Vorgesetzten', fr: 'Confirmation par les supérieurs', en: 'Confirmed by line managers' },
  },
  {
    task: { de: 'Datensicherheitsverletzung an den EDÖB melden', fr: 'Annoncer une violation de la sécurité des données au PFPDT', en: 'Report a data security breach to the FDPIC' },
    revision: null, management: 'E', responsible: 'M',
    department: { de: 'Datenschutz', fr: 'Protection des données', en: 'Data protection' }, controller: council,
    cycle: { de: 'im Ereignisfall', fr: 'en cas d’incident', en: 'when an incident occurs' },
    comment: { de: 'So rasch als möglich bei voraussichtlich hohem Risiko (Art. 24 DSG)', fr: 'Dès que possible en cas de risque élevé probable (art. 24 LPD)', en: 'As soon as possible if a high risk is likely (Art. 24 DSG)' },
  },
]
