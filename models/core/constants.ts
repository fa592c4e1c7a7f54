// Plain constants shared by the server and the browser (no database code here).

export const LANGUAGES = ['de', 'fr', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

export const ROLES = ['none', 'dsg', 'read', 'write', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const TOOLS = ['risk', 'iks'] as const
export type Tool = (typeof TOOLS)[number]

export const POSITIONS = [
  'management',
  'presidency',
  'viceChairman',
  'foundationCouncilMember',
  'presidentInvestmentCommission',
  'extern',
  'technicalAdministation',
  'salesAndDistribution',
] as const
export type Position = (typeof POSITIONS)[number]

export const USER_STATES = ['active', 'disabled'] as const
/** A membership of a fund's own people, or of an external auditor: read-only and ending on a date (issue 12). */
export const MEMBERSHIP_KINDS = ['member', 'auditor'] as const
export type MembershipKind = (typeof MEMBERSHIP_KINDS)[number]
/** How a session was signed in: password alone, password and second factor (a TOTP or recovery code), the fund's OpenID provider. */
export const SIGN_IN_METHODS = ['password', 'second_factor', 'provider'] as const
export type SignInMethod = (typeof SIGN_IN_METHODS)[number]
/** Recovery codes handed out when the second factor is turned on (each good once). */
export const RECOVERY_CODE_COUNT = 10
/** How long the second step of a sign-in waits for its code, and how many wrong codes it takes. */
export const SIGN_IN_CHALLENGE_MINUTES = 5
export const SIGN_IN_CHALLENGE_ATTEMPTS = 5
export const CUSTOMER_STATES = ['active', 'inactive'] as const
export const AUDIT_ACTIONS = ['Created', 'Updated', 'Deleted', 'SignedIn', 'SignInFailed', 'SignedOut', 'Downloaded'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** Recurrence in days (SPEC.md §9): one-off, weekly, monthly, quarterly, semi-annually, annually. */
export const RECURRENCES = [0, 7, 30, 91, 182, 365] as const
export type Recurrence = (typeof RECURRENCES)[number]
export const MEASURE_SOURCES = ['fund', 'risk', 'iks'] as const
export type MeasureSource = (typeof MEASURE_SOURCES)[number]
export const MEASURE_STATES = ['pending', 'confirmed'] as const
export const DOCUMENT_CATEGORIES = ['fund', 'risk', 'iks', 'dsg'] as const
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number]

/** Only web and mail links: a javascript: or data: URL never reaches a page. */
export function isSafeLink(link: string) {
  try {
    const url = new URL(link)
    return ['http:', 'https:', 'mailto:'].includes(url.protocol)
  } catch {
    return false
  }
}

/** Risk states (SPEC.md §4): Analyse, Bewertung, Steuerung, Überwachung. */
export const RISK_STATES = ['analyse', 'bewertung', 'steuerung', 'ueberwachung'] as const
export type RiskState = (typeof RISK_STATES)[number]
export const RISK_RELEVANCES = ['low', 'medium', 'high'] as const
export type RiskRelevance = (typeof RISK_RELEVANCES)[number]
/** How a risk is answered. */
export const RISK_ANSWERS = ['avoid', 'reduce', 'transfer', 'accept'] as const
export type RiskAnswer = (typeof RISK_ANSWERS)[number]
/** The blocks of the risk detail stepper, in order. */
export const RISK_BLOCKS = ['intro', 'analysis', 'evaluation', 'steering', 'dsg', 'monitoring', 'documents'] as const
export type RiskBlock = (typeof RISK_BLOCKS)[number]
/** The blocks that hold fields (the documents block holds a list). */
export const EDITABLE_RISK_BLOCKS = ['intro', 'analysis', 'evaluation', 'steering', 'dsg', 'monitoring'] as const
export type EditableRiskBlock = (typeof EDITABLE_RISK_BLOCKS)[number]

/** Leading number of a theme: exactly two characters (SPEC.md §5). */
export const LEADING_NUMBER_LENGTH = 2

/** Who sees a news item (SPEC.md §6): all customers, ICS users, RM users, or one customer. */
export const NEWS_AUDIENCES = ['all', 'iks', 'risk', 'customer'] as const
export type NewsAudience = (typeof NEWS_AUDIENCES)[number]

/** ICS process states (SPEC.md §4): Analyse, Bewertung, Überwachung. */
export const ICS_STATES = ['analyse', 'bewertung', 'ueberwachung'] as const
export type IcsState = (typeof ICS_STATES)[number]
/** How far a control meets a criterion (effectiveness, traceability, efficiency). */
export const ICS_RATINGS = ['fulfilled', 'partly', 'notFulfilled'] as const
export type IcsRating = (typeof ICS_RATINGS)[number]
/** The blocks of the ICS process stepper, in order. */
/** The ICS process stepper's steps; 'execution' shows the plan and the executions (issue 25), edited on their own forms. */
export const ICS_BLOCKS = ['intro', 'control', 'assessment', 'objectives', 'dsg', 'execution', 'documents'] as const
export type IcsBlock = (typeof ICS_BLOCKS)[number]
export const EDITABLE_ICS_BLOCKS = ['intro', 'control', 'assessment', 'objectives', 'dsg'] as const
export type EditableIcsBlock = (typeof EDITABLE_ICS_BLOCKS)[number]
/** How often a key control runs (issue 25): never planned, per month, quarter, half-year, year, or on occasion only. */
export const CONTROL_FREQUENCIES = ['none', 'monthly', 'quarterly', 'semiannual', 'annual', 'occasional'] as const
export type ControlFrequency = (typeof CONTROL_FREQUENCIES)[number]
/**
 * The stored states of a control execution. "Due" and "overdue" are not stored: they are a planned or
 * returned execution seen against its due date and the day (executions.ts in the feature).
 */
export const EXECUTION_STATES = ['planned', 'submitted', 'returned', 'approved'] as const
export type ExecutionState = (typeof EXECUTION_STATES)[number]
/** The states the list filters by: the stored ones with planned split by the day. */
export const EXECUTION_VIEW_STATES = ['planned', 'due', 'overdue', 'submitted', 'returned', 'approved'] as const
export type ExecutionViewState = (typeof EXECUTION_VIEW_STATES)[number]
export const EXECUTION_RESULTS = ['effective', 'deficient', 'notApplicable'] as const
export type ExecutionResult = (typeof EXECUTION_RESULTS)[number]
/** Days after a period's end until its execution is due, unless the fund sets its own. */
export const EXECUTION_GRACE_DAYS = 30
/** What a stored file belongs to (the one file store, decision 0063). */
export const FILE_OWNERS = ['execution', 'document', 'measure', 'declaration', 'transaction'] as const
export type FileOwner = (typeof FILE_OWNERS)[number]

/*
 * Loyalty and integrity (issue 26, Art. 51b–51c BVG, Art. 48f–48l BVV 2).
 */
/** The function of a person subject to the loyalty rules. */
export const LOYALTY_FUNCTIONS = ['council', 'management', 'assetManagement', 'externalAssetManager', 'adviser', 'administration', 'pensionExpert'] as const
export type LoyaltyFunction = (typeof LOYALTY_FUNCTIONS)[number]
/** A declaration: asked for, signed (declared), reviewed by the supreme body. Declared and reviewed are frozen. */
export const DECLARATION_STATES = ['requested', 'declared', 'reviewed'] as const
export type DeclarationState = (typeof DECLARATION_STATES)[number]
/** How a declaration was given: in the app by a member, through the personal link, or on paper recorded by an admin. */
export const DECLARATION_CHANNELS = ['app', 'link', 'paper'] as const
export type DeclarationChannel = (typeof DECLARATION_CHANNELS)[number]
/** The kinds of a declared interest (Art. 48l BVV 2, Art. 51c BVG). */
export const INTEREST_KINDS = ['mandate', 'boardSeat', 'holding', 'businessRelation', 'closePerson', 'other'] as const
export type InterestKind = (typeof INTEREST_KINDS)[number]
/** A change among the persons the supervisor must hear of (Art. 48g para. 2 BVV 2). */
export const PERSON_CHANGE_KINDS = ['joined', 'left', 'functionChanged', 'other'] as const
export type PersonChangeKind = (typeof PERSON_CHANGE_KINDS)[number]
/** Days before the due date the first reminder goes out; after it, every this many days. */
export const DECLARATION_REMINDER_DAYS = 14
/** Days the personal link of a declaration stays valid (and at most until the campaign closes). */
export const DECLARATION_TOKEN_DAYS = 60

/*
 * Key risk indicators and the risk appetite (issue 27, decision 0067).
 */
/** What a KRI's figure is: a percentage, an amount in CHF, or a count. */
export const KRI_UNITS = ['percent', 'chf', 'count'] as const
export type KriUnit = (typeof KRI_UNITS)[number]
/** Which way is better: a higher figure (coverage ratio) or a lower one (share of shares, overdue measures). */
export const KRI_DIRECTIONS = ['higher', 'lower'] as const
export type KriDirection = (typeof KRI_DIRECTIONS)[number]
/** The KRIs the product computes itself from its own records; every other KRI is entered or imported. */
export const KRI_COMPUTED = ['deficientControls', 'overdueMeasures', 'breaches'] as const
export type KriComputed = (typeof KRI_COMPUTED)[number]
/** How often a fund reports a KRI: at each month's or each quarter's end. */
export const KRI_FREQUENCIES = ['monthly', 'quarterly'] as const
export type KriFrequency = (typeof KRI_FREQUENCIES)[number]
/** Where a value came from. */
export const KRI_VALUE_SOURCES = ['manual', 'import', 'computed'] as const
export type KriValueSource = (typeof KRI_VALUE_SOURCES)[number]
/** A figure judged by the thresholds in force on its date. */
export const KRI_STATUSES = ['green', 'amber', 'red'] as const
export type KriStatus = (typeof KRI_STATUSES)[number]
/** The catalogue key of the coverage ratio (Art. 44 BVV 2): below 100 % it opens the underfunding duties. */
export const COVERAGE_RATIO_KEY = 'coverageRatio'
/**
 * The duties of a fund in underfunding (Art. 65c–65d BVG, Art. 44 BVV 2), in their order, with the days
 * after the reporting date that showed it within which each is due (the fund may move a due date).
 */
export const UNDERFUNDING_DUTIES = ['informSupervisor', 'informEmployer', 'informInsured', 'informPensioners', 'decideMeasures', 'reportEffect'] as const
export type UnderfundingDuty = (typeof UNDERFUNDING_DUTIES)[number]
export const UNDERFUNDING_DUTY_DAYS: Record<UnderfundingDuty, number> = {
  informSupervisor: 90,
  informEmployer: 90,
  informInsured: 90,
  informPensioners: 90,
  decideMeasures: 180,
  reportEffect: 365,
}
/** The net score (probability × severity) up to which a risk is inside the appetite, until the council sets its own. */
export const APPETITE_SCORE_LIMIT = 9
/** A risk acceptance lasts this many months unless the council says otherwise; a reminder goes out this many days before it lapses. */
export const ACCEPTANCE_MONTHS = 12
export const ACCEPTANCE_REMINDER_DAYS = 30
/** Years of trend the report shows per KRI. */
export const KRI_TREND_YEARS = 5

/** Quality (maturity) levels 1–5; level 4 is the ideal target (SPEC.md §9). */
export const QUALITY_LEVELS = [1, 2, 3, 4, 5] as const
export const QUALITY_TARGET = 4
/** Cells of the control matrix: E decision, A proposal/request, M cooperation (SPEC.md §9). */
export const MATRIX_CELLS = ['E', 'A', 'M'] as const
export type MatrixCell = (typeof MATRIX_CELLS)[number]
export const MATRIX_ROLES = ['revision', 'management', 'responsible'] as const

/** Work process states: a draft, in force, or withdrawn. */
export const WORK_PROCESS_STATES = ['draft', 'inForce', 'withdrawn'] as const
export type WorkProcessState = (typeof WORK_PROCESS_STATES)[number]

/*
 * Data protection duties under the revised DSG (docs/decisions/0029-data-protection-area.md).
 */
/** A processing activity in the record (Art. 12 DSG): a draft, in use, or no longer done. */
export const DSG_ACTIVITY_STATES = ['draft', 'active', 'retired'] as const
export type DsgActivityState = (typeof DSG_ACTIVITY_STATES)[number]
/** The fund as controller of the processing, or as processor for someone else. */
export const DSG_ACTIVITY_ROLES = ['controller', 'processor'] as const
export type DsgActivityRole = (typeof DSG_ACTIVITY_ROLES)[number]
/**
 * The safeguard for a disclosure abroad: a state on the Federal Council's adequacy list (Art. 16
 * para. 1, Annex 1 DSV), standard data protection clauses or other guarantees (Art. 16 para. 2),
 * or an exception (Art. 17).
 */
export const DSG_SAFEGUARDS = ['adequacy', 'clauses', 'exception'] as const
export type DsgSafeguard = (typeof DSG_SAFEGUARDS)[number]
/** An activity not reviewed for this many months shows as due. */
export const DSG_REVIEW_MONTHS = 12
/** A data protection impact assessment (Art. 22/23 DSG): screening, not required, open, approved. */
export const DSG_DPIA_STATES = ['screening', 'notRequired', 'open', 'approved'] as const
export type DsgDpiaState = (typeof DSG_DPIA_STATES)[number]
/** Kept at least this many years after the processing ends (DSV Art. 14). */
export const DSG_DPIA_KEEP_YEARS = 2
/** A data security breach (Art. 24 DSG): open until it is closed. */
export const DSG_BREACH_STATES = ['open', 'closed'] as const
export type DsgBreachState = (typeof DSG_BREACH_STATES)[number]
/** The fund's target for telling the FDPIC of a high-risk breach, unless it sets its own. */
export const DSG_BREACH_NOTICE_HOURS = 72
/** A breach is kept at least this many years after its report (DSV Art. 15 para. 4). */
export const DSG_BREACH_KEEP_YEARS = 2
/** Requests of data subjects (Art. 25-32 DSG). */
export const DSG_REQUEST_KINDS = ['access', 'rectification', 'erasure', 'objection', 'portability'] as const
export type DsgRequestKind = (typeof DSG_REQUEST_KINDS)[number]
export const DSG_REQUEST_STATES = ['open', 'answered', 'refused', 'withdrawn'] as const
export type DsgRequestState = (typeof DSG_REQUEST_STATES)[number]
/** Days to answer a request (DSV Art. 18), and the window in which it shows as due soon. */
export const DSG_REQUEST_DAYS = 30
export const DSG_REQUEST_DUE_SOON_DAYS = 7
/** An extended deadline more than this many days after the receipt is confirmed expressly (DSV Art. 18). */
export const DSG_REQUEST_LONG_DAYS = 60
/** Import of an inventory from XLSX or CSV (docs/decisions/0033-import.md): at most this large a file and this many data rows. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
export const IMPORT_MAX_ROWS = 10_000
/** An import draft not confirmed within this many hours is deleted. */
export const IMPORT_DRAFT_HOURS = 24
export const IMPORT_KINDS = ['risks', 'measures', 'kriValues'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]
/** An import file's header has at most this many columns. */
export const IMPORT_MAX_COLUMNS = 200
/** An XLSX file whose parts unpack to more than this is refused before it is read (a zip bomb). */
export const IMPORT_MAX_UNZIPPED_BYTES = 64 * 1024 * 1024
/** An import file's cell holds at most this many characters: Excel's own limit for a cell (decision 0052). */
export const IMPORT_MAX_CELL_CHARS = 32_767
/** The import's form: its file plus room for the other fields and the multipart framing (the request gate's limit there). */
export const IMPORT_MAX_FORM_BYTES = IMPORT_MAX_BYTES + 64 * 1024

/** An auditor's access ends this many days after it is granted, unless the admin sets another end (issue 12). */
export const AUDITOR_DEFAULT_DAYS = 60
/** Reads of particularly sensitive personal data are logged and kept this long (DSV Art. 4; issue 12). */
export const READ_LOG_KEEP_DAYS = 365

/*
 * Third parties, findings and the council's decisions (issue 28, decision 0068).
 */
/** The service a provider renders to the fund. */
export const PROVIDER_SERVICES = ['administration', 'assetManagement', 'custody', 'actuarialExpert', 'itCloud', 'memberPortal', 'printMail', 'other'] as const
export type ProviderService = (typeof PROVIDER_SERVICES)[number]
/** How much the fund depends on the provider. */
export const PROVIDER_CRITICALITIES = ['high', 'medium', 'low'] as const
export type ProviderCriticality = (typeof PROVIDER_CRITICALITIES)[number]
/** The provider's role under the DSG: processor (Art. 9), controller in its own right, or no personal data of the fund. */
export const PROVIDER_DSG_ROLES = ['processor', 'controller', 'none'] as const
export type ProviderDsgRole = (typeof PROVIDER_DSG_ROLES)[number]
/** The safeguard of a disclosure abroad (Art. 16 DSG): adequacy by the Federal Council's list, standard clauses, binding corporate rules, another one. */
export const ABROAD_SAFEGUARDS = ['adequacy', 'standardClauses', 'bindingRules', 'other'] as const
export type AbroadSafeguard = (typeof ABROAD_SAFEGUARDS)[number]
/** The view state of a provider's yearly assurance (derived, never stored). */
export const ASSURANCE_STATES = ['notRequired', 'current', 'due', 'overdue', 'deficient'] as const
export type AssuranceState = (typeof ASSURANCE_STATES)[number]
/** A provider's yearly assurance report is due this month unless the provider sets another (6: 30 June). */
export const ASSURANCE_DUE_MONTH = 6
/** Contract end and notice dates are announced this many days ahead. */
export const PROVIDER_NOTICE_LEAD_DAYS = 60
/** Who found it: the auditor (management letter), the pension expert (Art. 52e BVG), the supervisor, the internal review. */
export const FINDING_SOURCES = ['auditor', 'expert', 'supervisor', 'internal'] as const
export type FindingSource = (typeof FINDING_SOURCES)[number]
export const FINDING_SEVERITIES = ['high', 'medium', 'low'] as const
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number]
/** The stored states of a finding; "escalated" is an open or in-progress finding past its deadline (derived). */
export const FINDING_STATES = ['open', 'inProgress', 'done', 'accepted'] as const
export type FindingState = (typeof FINDING_STATES)[number]
/** What the supreme body decided that the product's areas depend on (Art. 51a BVG). */
export const DECISION_SUBJECTS = [
  'riskPolicy',
  'riskAppetite',
  'icsMinimum',
  'annualReport',
  'loyaltyReview',
  'riskAcceptance',
  'findingAcceptance',
  'provider',
  'other',
] as const
export type DecisionSubject = (typeof DECISION_SUBJECTS)[number]
