import { category, type DsgTemplateSeed } from './types.ts'

/*
 * The activities of the fund as an institution: its investments in mortgages, its governing body,
 * its own staff, its website and its IT. None of these is a task under the BVG, so the fund
 * processes under the rules for private persons (Art. 6 and 31 DSG); only the council and the
 * outsourcing touch its BVG duties.
 */
export const fundTemplates: DsgTemplateSeed[] = [
  {
    key: 'mortgage-loans',
    name: {
      de: 'Hypothekardarlehen',
      fr: 'Prêts hypothécaires',
      en: 'Mortgage loans',
    },
    purpose: {
      de: 'Vergabe und Verwaltung von Hypotheken als Vermögensanlage, oft an versicherte Personen: Prüfung von Tragbarkeit und Belehnung, Vertragsabschluss, Zins- und Amortisationsinkasso, Verlängerung, Mahnung und Verwertung. Keine Aufgabe nach BVG: die Vorsorgeeinrichtung bearbeitet die Daten wie ein privater Darlehensgeber und nutzt Vorsorgedaten nur mit Einwilligung.',
      fr: 'Octroi et gestion d’hypothèques comme placement, souvent à des personnes assurées, avec l’examen de la capacité financière et du nantissement, la conclusion du contrat, l’encaissement des intérêts et de l’amortissement, la prolongation, le rappel et la réalisation. Ce n’est pas une tâche selon la LPP, l’institution traite les données comme un prêteur privé et n’utilise les données de prévoyance qu’avec consentement.',
      en: 'Granting and managing mortgages as an investment, often to insured persons: affordability and loan-to-value check, contract, collection of interest and amortisation, renewal, reminders and enforcement. Not a task under the BVG: the fund processes the data like a private lender and uses pension data only with consent.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Darlehensnehmende und Mitschuldner, Bürgen, Ehegatten, Eigentümer und Mieter des Pfandobjekts, Vermittler.',
      fr: 'Emprunteurs et codébiteurs, cautions, conjoints, propriétaires et locataires de l’objet du gage, intermédiaires.',
      en: 'Borrowers and co-debtors, guarantors, spouses, owners and tenants of the mortgaged property, brokers.',
    },
    dataCategories: [
      category('Identität, Kontaktangaben und Zivilstand', 'Identité, coordonnées et état civil', 'Identity, contact details and civil status'),
      category(
        'Finanzielle Verhältnisse (Einkommen, Vermögen, Verpflichtungen, Steuererklärung, Betreibungsregisterauszug)',
        'Situation financière (revenu, fortune, engagements, déclaration d’impôt, extrait du registre des poursuites)',
        'Financial situation (income, assets, liabilities, tax return, debt enforcement register extract)',
      ),
      category(
        'Angaben zum Pfandobjekt (Grundbuchauszug, Schätzung, Gebäudeversicherungswert, Fotos)',
        'Données sur l’objet du gage (extrait du registre foncier, estimation, valeur d’assurance du bâtiment, photos)',
        'Data on the property (land register extract, valuation, building insurance value, photos)',
      ),
      category(
        'Vertrags-, Zins- und Zahlungsdaten, Mahnungen',
        'Données de contrat, d’intérêts et de paiement, rappels',
        'Contract, interest and payment data, reminders',
      ),
      category(
        'Angaben zu Sozialhilfe oder Schuldensanierung, falls sie bei der Prüfung bekannt werden',
        'Données sur l’aide sociale ou un assainissement de dettes, si elles sont connues lors de l’examen',
        'Data on social assistance or debt restructuring, if they become known in the check',
        true,
      ),
    ],
    recipients: {
      de: 'Grundbuchamt und Notariat (Errichtung und Löschung des Grundpfands), Schätzerinnen und Schätzer, Hypothekarverwalter als Auftragsbearbeiter, Betreibungsamt bei der Verwertung, Revisionsstelle.',
      fr: 'Registre foncier et notaire (constitution et radiation du gage immobilier), experts immobiliers, gestionnaire hypothécaire comme sous-traitant, office des poursuites lors de la réalisation, organe de révision.',
      en: 'The land register and notary (creation and release of the mortgage), valuers, the mortgage servicer as processor, the debt enforcement office on enforcement, the statutory auditor.',
    },
    retention: {
      de: 'Bis zehn Jahre nach Rückzahlung und Löschung des Grundpfands (Art. 127 OR; Buchungsbelege Art. 958f OR); Unterlagen abgelehnter Anfragen nach höchstens einem Jahr löschen.',
      fr: 'Jusqu’à dix ans après le remboursement et la radiation du gage (art. 127 CO, pièces comptables art. 958f CO), documents des demandes refusées à effacer après un an au plus.',
      en: 'Up to ten years after repayment and release of the mortgage (Art. 127 OR; accounting records Art. 958f OR); documents of refused applications deleted after one year at most.',
    },
    security: {
      de: 'Kreditdossiers getrennt von den Vorsorgedaten und nur für das Hypothekarteam, keine Verwendung von Vorsorgedaten ohne Einwilligung (Schweigepflicht, Art. 86 BVG), Vier-Augen-Prinzip bei der Vergabe, sichere Verwahrung der Schuldbriefe, verschlüsselte Übermittlung an Notariat und Verwalter.',
      fr: 'Dossiers de crédit séparés des données de prévoyance et réservés à l’équipe hypothécaire, aucune utilisation des données de prévoyance sans consentement (obligation de garder le secret, art. 86 LPP), principe des quatre yeux pour l’octroi, conservation sûre des cédules hypothécaires, transmission chiffrée au notaire et au gestionnaire.',
      en: 'Credit files kept apart from pension data and open only to the mortgage team, no use of pension data without consent (duty of secrecy, Art. 86 BVG), four-eyes principle for granting, safe custody of mortgage certificates, encrypted transmission to the notary and servicer.',
    },
    legalBasis: {
      de: 'Art. 71 BVG und Art. 53 ff. BVV 2 (Vermögensanlage, Grundpfandtitel nach Art. 55 lit. a BVV 2), Darlehensvertrag (Art. 312 ff. OR), Grundpfandrecht (Art. 793 ff. ZGB); Rechtfertigung nach Art. 31 Abs. 2 lit. a und c DSG (Vertrag, Prüfung der Kreditwürdigkeit).',
      fr: 'Art. 71 LPP et art. 53 ss OPP 2 (placements, titres hypothécaires selon l’art. 55 let. a OPP 2), contrat de prêt (art. 312 ss CO), gage immobilier (art. 793 ss CC), motifs justificatifs de l’art. 31 al. 2 let. a et c LPD (contrat, examen de la solvabilité).',
      en: 'Art. 71 BVG and Art. 53 ff. BVV 2 (investments, mortgage securities under Art. 55 lit. a BVV 2), loan contract (Art. 312 ff. OR), mortgage law (Art. 793 ff. ZGB); justification under Art. 31 para. 2 lit. a and c DSG (contract, creditworthiness check).',
    },
  },
  {
    key: 'foundation-council',
    name: {
      de: 'Stiftungsrat und Wahlen',
      fr: 'Conseil de fondation et élections',
      en: 'Foundation council and elections',
    },
    purpose: {
      de: 'Organisation der paritätischen Verwaltung: Wahl der Arbeitnehmer- und Arbeitgebervertretung, Mitgliederliste, Sitzungen und Protokolle, Prüfung von Integrität und Loyalität, Offenlegung von Interessenverbindungen und Vermögensvorteilen, Aus- und Weiterbildung, Entschädigungen, Meldungen an Aufsicht und Handelsregister.',
      fr: 'Organisation de la gestion paritaire, avec l’élection des représentants des salariés et de l’employeur, la liste des membres, les séances et procès-verbaux, le contrôle de l’intégrité et de la loyauté, la déclaration des liens d’intérêts et des avantages financiers, la formation initiale et continue, les indemnités et les annonces à l’autorité de surveillance et au registre du commerce.',
      en: 'Organising the joint management: election of the employee and employer representatives, list of members, meetings and minutes, check of integrity and loyalty, disclosure of interests and financial benefits, initial and continuing training, compensation, reports to the supervisory authority and the commercial register.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Mitglieder des Stiftungsrats und ihre Stellvertretungen, Kandidierende, Wahlberechtigte (versicherte Personen, Delegierte), Mitglieder von Ausschüssen und der Geschäftsführung.',
      fr: 'Membres du conseil de fondation et leurs suppléants, candidats, électeurs (personnes assurées, délégués), membres des commissions et de la direction.',
      en: 'Members of the foundation council and their deputies, candidates, voters (insured persons, delegates), members of committees and of management.',
    },
    dataCategories: [
      category(
        'Identität, Kontaktangaben, Geburtsdatum, Heimatort bzw. Staatsangehörigkeit, AHV-Nummer für das Handelsregister',
        'Identité, coordonnées, date de naissance, lieu d’origine ou nationalité, numéro AVS pour le registre du commerce',
        'Identity, contact details, date of birth, place of origin or nationality, OASI number for the commercial register',
      ),
      category(
        'Funktion, Amtsdauer, Zeichnungsberechtigung und Unterschrift',
        'Fonction, durée du mandat, pouvoir de signature et signature',
        'Function, term of office, signing authority and signature',
      ),
      category(
        'Interessenverbindungen, Mandate und Vermögensvorteile (Art. 48l BVV 2)',
        'Liens d’intérêts, mandats et avantages financiers (art. 48l OPP 2)',
        'Interests, mandates and financial benefits (Art. 48l BVV 2)',
      ),
      category(
        'Straf- und Betreibungsregisterauszüge zur Prüfung des guten Rufs (Art. 51b BVG)',
        'Extraits du casier judiciaire et du registre des poursuites pour le contrôle de la réputation (art. 51b LPP)',
        'Criminal record and debt enforcement extracts for the check of good reputation (Art. 51b BVG)',
        true,
      ),
      category(
        'Gewerkschaftszugehörigkeit, wenn Kandidierende von einer Gewerkschaft vorgeschlagen werden',
        'Appartenance syndicale, lorsque des candidats sont proposés par un syndicat',
        'Trade union membership, where candidates are nominated by a union',
        true,
      ),
      category('Wählerverzeichnis, Stimmabgabe und Wahlresultate', 'Registre des électeurs, votes et résultats', 'Register of voters, votes cast and results'),
      category(
        'Entschädigungen, Spesen und Weiterbildungsnachweise',
        'Indemnités, frais et attestations de formation',
        'Compensation, expenses and training records',
      ),
    ],
    recipients: {
      de: 'Aufsichtsbehörde (Zusammensetzung und Änderungen, Art. 62 BVG), Handelsregisteramt (öffentliche Eintragung der Zeichnungsberechtigten), Revisionsstelle, Versicherte (Wahlresultate, Jahresbericht mit den Namen), Dienstleister für elektronische Wahlen (Auftragsbearbeiter), Bildungsanbieter.',
      fr: 'Autorité de surveillance (composition et changements, art. 62 LPP), registre du commerce (inscription publique des personnes autorisées à signer), organe de révision, assurés (résultats des élections, rapport annuel avec les noms), prestataire de vote électronique (sous-traitant), organismes de formation.',
      en: 'The supervisory authority (composition and changes, Art. 62 BVG), the commercial register (public entry of authorised signatories), the statutory auditor, the insured (election results, annual report with the names), the provider of electronic voting (processor), training providers.',
    },
    retention: {
      de: 'Protokolle und Beschlüsse für die Dauer der Stiftung; persönliche Unterlagen der Mitglieder bis zehn Jahre nach dem Austritt (Verantwortlichkeit, Art. 52 BVG); Strafregisterauszüge nach der Prüfung vernichten und nur das Ergebnis festhalten; Stimmzettel nach Ablauf der Anfechtungsfrist vernichten.',
      fr: 'Procès-verbaux et décisions pour la durée de la fondation, documents personnels des membres jusqu’à dix ans après leur départ (responsabilité, art. 52 LPP), extraits du casier judiciaire détruits après le contrôle en ne conservant que le résultat, bulletins détruits à l’échéance du délai de recours.',
      en: 'Minutes and resolutions for the life of the foundation; members’ personal documents up to ten years after they leave (liability, Art. 52 BVG); criminal record extracts destroyed after the check, keeping only the result; ballots destroyed when the period for challenging the election ends.',
    },
    security: {
      de: 'Strafregisterauszüge nur beim Präsidium bzw. der Geschäftsführung, geheime Stimmabgabe und kontrollierte Auszählung, Zugang zum Stiftungsratsportal mit Zwei-Faktor-Anmeldung, verschlüsselte Sitzungsunterlagen.',
      fr: 'Extraits du casier judiciaire réservés à la présidence ou à la direction, vote secret et dépouillement contrôlé, accès au portail du conseil avec authentification à deux facteurs, documents de séance chiffrés.',
      en: 'Criminal record extracts only with the chair or management, secret ballot and controlled count, access to the council portal with two-factor sign-in, encrypted meeting documents.',
    },
    legalBasis: {
      de: 'Art. 51, 51a und 51b BVG, Art. 48g–48l BVV 2 (Integrität, Loyalität, Offenlegung), Art. 62 BVG, Art. 89a ZGB, Stiftungsurkunde und Wahlreglement, Handelsregisterverordnung.',
      fr: 'Art. 51, 51a et 51b LPP, art. 48g à 48l OPP 2 (intégrité, loyauté, déclaration), art. 62 LPP, art. 89a CC, acte de fondation et règlement électoral, ordonnance sur le registre du commerce.',
      en: 'Art. 51, 51a and 51b BVG, Art. 48g–48l BVV 2 (integrity, loyalty, disclosure), Art. 62 BVG, Art. 89a ZGB, the deed of foundation and the election rules, the Commercial Register Ordinance.',
    },
  },
  {
    key: 'staff-payroll',
    name: {
      de: 'Personal- und Lohnadministration der eigenen Mitarbeitenden',
      fr: 'Gestion du personnel et des salaires des collaborateurs de l’institution',
      en: 'HR and payroll of the fund’s own staff',
    },
    purpose: {
      de: 'Die Vorsorgeeinrichtung als Arbeitgeberin: Anstellung, Personaldossier, Lohnabrechnung, Sozialversicherungs- und Quellensteuerabrechnung, Arbeitszeit und Absenzen, Lohnausweis, Beurteilungen und Arbeitszeugnisse. Hier handelt sie nicht als Bundesorgan, sondern als private Arbeitgeberin.',
      fr: 'L’institution de prévoyance en tant qu’employeur, avec l’engagement, le dossier personnel, le décompte des salaires, les décomptes des assurances sociales et de l’impôt à la source, le temps de travail et les absences, le certificat de salaire, les évaluations et les certificats de travail. Elle n’agit pas ici comme organe fédéral mais comme employeur privé.',
      en: 'The fund as an employer: hiring, personnel file, payroll, social insurance and withholding tax settlements, working time and absences, salary certificate, appraisals and references. Here it acts not as a federal body but as a private employer.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Mitarbeitende, ehemalige Mitarbeitende, Lernende, Angehörige (Kinderzulagen, Notfallkontakt).',
      fr: 'Collaborateurs, anciens collaborateurs, apprentis, proches (allocations pour enfant, contact en cas d’urgence).',
      en: 'Employees, former employees, apprentices, relatives (child allowances, emergency contact).',
    },
    dataCategories: [
      category(
        'Identität, AHV-Nummer, Adresse, Zivilstand, Kinder, Aufenthaltsbewilligung',
        'Identité, numéro AVS, adresse, état civil, enfants, autorisation de séjour',
        'Identity, OASI number, address, civil status, children, residence permit',
      ),
      category(
        'Lohn, Zulagen, Bankverbindung und Lohnpfändungen',
        'Salaire, allocations, coordonnées bancaires et saisies de salaire',
        'Salary, allowances, bank details and wage garnishments',
      ),
      category('Arbeitszeit und Absenzen', 'Temps de travail et absences', 'Working time and absences'),
      category(
        'Arztzeugnisse, Unfallmeldungen und Angaben zur Arbeitsunfähigkeit',
        'Certificats médicaux, déclarations d’accident et données sur l’incapacité de travail',
        'Medical certificates, accident reports and data on incapacity for work',
        true,
      ),
      category(
        'Konfession für die Kirchensteuer im Quellensteuerabzug',
        'Confession pour l’impôt ecclésiastique dans la retenue à la source',
        'Religion for church tax in the withholding tax',
        true,
      ),
      category(
        'Beurteilungen, Zielvereinbarungen und Arbeitszeugnisse',
        'Évaluations, objectifs et certificats de travail',
        'Appraisals, objectives and references',
      ),
    ],
    recipients: {
      de: 'AHV-Ausgleichskasse und Familienausgleichskasse, Unfall- und Krankentaggeldversicherer, Vorsorgeeinrichtung der Mitarbeitenden, kantonale Steuerverwaltung (Quellensteuer, Lohnausweis), Betreibungsamt (Lohnpfändung), Bank, Lohnbuchhaltung als Auftragsbearbeiter, Revisionsstelle.',
      fr: 'Caisse de compensation AVS et caisse d’allocations familiales, assureurs-accidents et d’indemnités journalières maladie, institution de prévoyance du personnel, administration fiscale cantonale (impôt à la source, certificat de salaire), office des poursuites (saisie de salaire), banque, prestataire de comptabilité salariale comme sous-traitant, organe de révision.',
      en: 'OASI compensation office and family allowance fund, accident and sickness daily-allowance insurers, the staff’s pension fund, the cantonal tax administration (withholding tax, salary certificate), the debt enforcement office (wage garnishment), the bank, the payroll provider as processor, the statutory auditor.',
    },
    retention: {
      de: 'Lohnbuchhaltung und Belege zehn Jahre (Art. 958f OR); Arbeitszeitaufzeichnungen fünf Jahre (Art. 73 Abs. 2 ArGV 1); Personaldossier bis zehn Jahre nach dem Austritt (Verjährung, Art. 127 und 128 Ziff. 3 OR, Arbeitszeugnis), nicht mehr benötigte Unterlagen wie Arztzeugnisse früher.',
      fr: 'Comptabilité salariale et pièces dix ans (art. 958f CO), enregistrements du temps de travail cinq ans (art. 73 al. 2 OLT 1), dossier personnel jusqu’à dix ans après le départ (prescription, art. 127 et 128 ch. 3 CO, certificat de travail), documents devenus inutiles comme les certificats médicaux plus tôt.',
      en: 'Payroll accounts and records ten years (Art. 958f OR); working time records five years (Art. 73 para. 2 ArGV 1); personnel file up to ten years after leaving (limitation, Art. 127 and 128 no. 3 OR, reference), documents no longer needed such as medical certificates earlier.',
    },
    security: {
      de: 'Personaldossiers nur für die Personalabteilung und die vorgesetzte Person im nötigen Umfang, Arztzeugnisse getrennt vom Personaldossier, Lohnlauf mit Vier-Augen-Prinzip, verschlüsselte Übermittlung an Dienstleister; die Vorsorgedaten der eigenen Mitarbeitenden sind für Kolleginnen und Kollegen gesperrt, soweit sie sie nicht bearbeiten müssen.',
      fr: 'Dossiers personnels réservés aux ressources humaines et au supérieur dans la mesure nécessaire, certificats médicaux séparés du dossier, paie avec principe des quatre yeux, transmission chiffrée aux prestataires, données de prévoyance des collaborateurs bloquées pour leurs collègues qui n’ont pas à les traiter.',
      en: 'Personnel files open only to HR and the line manager as far as needed, medical certificates kept apart from the file, payroll run with four-eyes principle, encrypted transmission to providers; the pension data of the fund’s own staff are locked for colleagues who need not process them.',
    },
    legalBasis: {
      de: 'Art. 328b OR, Art. 322 ff. OR (Lohn), AHVG, FamZG, UVG und BVG (Pflichten als Arbeitgeberin), Art. 83 ff. DBG und Art. 32 ff. StHG (Quellensteuer), Art. 127 DBG (Lohnausweis), Arbeitsgesetz und Art. 73 ArGV 1; Art. 31 DSG.',
      fr: 'Art. 328b CO, art. 322 ss CO (salaire), LAVS, LAFam, LAA et LPP (obligations de l’employeur), art. 83 ss LIFD et art. 32 ss LHID (impôt à la source), art. 127 LIFD (certificat de salaire), loi sur le travail et art. 73 OLT 1, art. 31 LPD.',
      en: 'Art. 328b OR, Art. 322 ff. OR (salary), AHVG, FamZG, UVG and BVG (duties as employer), Art. 83 ff. DBG and Art. 32 ff. StHG (withholding tax), Art. 127 DBG (salary certificate), Labour Act and Art. 73 ArGV 1; Art. 31 DSG.',
    },
  },
  {
    key: 'applicants',
    name: {
      de: 'Bewerbungen',
      fr: 'Candidatures',
      en: 'Job applicants',
    },
    purpose: {
      de: 'Ausschreibung von Stellen, Entgegennahme und Beurteilung von Bewerbungen, Vorstellungsgespräche, Referenzauskünfte mit Einwilligung, Absage oder Anstellung.',
      fr: 'Mise au concours de postes, réception et évaluation des candidatures, entretiens, prise de références avec consentement, refus ou engagement.',
      en: 'Advertising vacancies, receiving and assessing applications, interviews, references with consent, rejection or hiring.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Bewerberinnen und Bewerber, Referenzpersonen.',
      fr: 'Candidats, personnes de référence.',
      en: 'Applicants, referees.',
    },
    dataCategories: [
      category('Identität und Kontaktangaben', 'Identité et coordonnées', 'Identity and contact details'),
      category(
        'Lebenslauf, Zeugnisse, Diplome und Arbeitsbewilligung',
        'Curriculum vitae, certificats, diplômes et autorisation de travail',
        'CV, references, diplomas and work permit',
      ),
      category(
        'Notizen aus Gesprächen und Referenzauskünfte',
        'Notes d’entretien et renseignements de référence',
        'Interview notes and information from referees',
      ),
      category(
        'Gesundheitsangaben, nur soweit für die Stelle erheblich oder von der Person selbst mitgeteilt',
        'Données de santé, uniquement si elles sont pertinentes pour le poste ou communiquées par la personne',
        'Health data, only where relevant to the job or given by the person',
        true,
      ),
      category(
        'Strafregisterauszug, nur für Funktionen mit Zugriff auf Vermögen oder Auszahlungen',
        'Extrait du casier judiciaire, uniquement pour les fonctions ayant accès à la fortune ou aux paiements',
        'Criminal record extract, only for roles with access to assets or payments',
        true,
      ),
    ],
    recipients: {
      de: 'Personalabteilung und die an der Auswahl beteiligten Vorgesetzten, beauftragte Personalvermittler, Referenzpersonen (nur mit Einwilligung), Anbieter der Bewerbungsplattform als Auftragsbearbeiter.',
      fr: 'Ressources humaines et supérieurs participant à la sélection, agences de placement mandatées, personnes de référence (uniquement avec consentement), fournisseur de la plateforme de candidature comme sous-traitant.',
      en: 'HR and the managers taking part in the selection, recruitment agencies under contract, referees (only with consent), the provider of the application platform as processor.',
    },
    retention: {
      de: 'Nach Abschluss des Verfahrens Unterlagen zurückgeben oder löschen, spätestens nach drei bis sechs Monaten (Frist für eine Klage wegen Diskriminierung bei der Anstellung, Art. 8 GlG); länger nur mit Einwilligung (Bewerberpool). Die Unterlagen der angestellten Person gehen ins Personaldossier.',
      fr: 'Documents restitués ou effacés à la fin de la procédure, au plus tard après trois à six mois (délai d’action pour discrimination à l’embauche, art. 8 LEg), plus longtemps seulement avec consentement (vivier de candidats). Les documents de la personne engagée rejoignent le dossier personnel.',
      en: 'Documents returned or deleted when the procedure ends, at the latest after three to six months (time limit for a claim of discrimination in hiring, Art. 8 GlG); longer only with consent (talent pool). The documents of the person hired go to the personnel file.',
    },
    security: {
      de: 'Bewerbungspostfach nur für die Personalabteilung, Weitergabe an Vorgesetzte über die Plattform statt per E-Mail, automatische Löschfristen, keine Recherchen in sozialen Netzwerken ausserhalb beruflicher Profile.',
      fr: 'Boîte des candidatures réservée aux ressources humaines, transmission aux supérieurs par la plateforme plutôt que par courriel, délais d’effacement automatiques, aucune recherche sur les réseaux sociaux hors profils professionnels.',
      en: 'Application mailbox open only to HR, sharing with managers through the platform rather than e-mail, automatic deletion periods, no searches in social networks beyond professional profiles.',
    },
    legalBasis: {
      de: 'Art. 328b OR (gilt schon vor der Anstellung), Art. 6 und 31 DSG, Art. 3 und 8 GlG; Einwilligung für Referenzauskünfte und Bewerberpool.',
      fr: 'Art. 328b CO (applicable dès avant l’engagement), art. 6 et 31 LPD, art. 3 et 8 LEg, consentement pour les références et le vivier de candidats.',
      en: 'Art. 328b OR (applies before hiring already), Art. 6 and 31 DSG, Art. 3 and 8 GlG; consent for references and the talent pool.',
    },
  },
  {
    key: 'website-newsletter',
    name: {
      de: 'Website und Newsletter',
      fr: 'Site web et newsletter',
      en: 'Website and newsletter',
    },
    purpose: {
      de: 'Betrieb der Website mit Informationen für Versicherte und Arbeitgeber, Kontaktformular, Versand des Newsletters an Abonnentinnen und Abonnenten, Reichweitenmessung und Schutz des Webservers vor Angriffen.',
      fr: 'Exploitation du site web avec des informations pour les assurés et les employeurs, formulaire de contact, envoi de la newsletter aux abonnés, mesure d’audience et protection du serveur web contre les attaques.',
      en: 'Running the website with information for insured persons and employers, the contact form, sending the newsletter to subscribers, audience measurement and protecting the web server against attacks.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Besucherinnen und Besucher der Website, Personen, die das Kontaktformular nutzen, Abonnentinnen und Abonnenten des Newsletters.',
      fr: 'Visiteurs du site web, personnes utilisant le formulaire de contact, abonnés à la newsletter.',
      en: 'Website visitors, people using the contact form, newsletter subscribers.',
    },
    dataCategories: [
      category(
        'Technische Daten in Server-Logs (IP-Adresse, Browser, Zeitpunkt, aufgerufene Seiten)',
        'Données techniques des journaux du serveur (adresse IP, navigateur, heure, pages consultées)',
        'Technical data in server logs (IP address, browser, time, pages visited)',
      ),
      category(
        'Cookies und Nutzungsstatistiken (möglichst anonymisiert)',
        'Cookies et statistiques d’utilisation (si possible anonymisées)',
        'Cookies and usage statistics (anonymised where possible)',
      ),
      category(
        'Angaben im Kontaktformular (Name, E-Mail, Anliegen)',
        'Données du formulaire de contact (nom, courriel, demande)',
        'Contact form data (name, e-mail, request)',
      ),
      category(
        'Newsletter-Abonnement (E-Mail, Sprache, Einwilligung mit Zeitpunkt, Öffnungen und Klicks)',
        'Abonnement à la newsletter (courriel, langue, consentement avec date, ouvertures et clics)',
        'Newsletter subscription (e-mail, language, consent with time, opens and clicks)',
      ),
      category(
        'Gesundheitsangaben, die Versicherte unaufgefordert im Kontaktformular mitteilen',
        'Données de santé que des assurés communiquent spontanément par le formulaire de contact',
        'Health data insured persons volunteer in the contact form',
        true,
      ),
    ],
    recipients: {
      de: 'Hosting-Anbieter und Webagentur, Newsletter-Versanddienst und Analysedienst als Auftragsbearbeiter; bei Sitz im Ausland nur mit angemessenem Schutz oder Standardvertragsklauseln (Art. 16 DSG).',
      fr: 'Hébergeur et agence web, service d’envoi de la newsletter et service d’analyse comme sous-traitants, en cas de siège à l’étranger uniquement avec une protection adéquate ou des clauses contractuelles types (art. 16 LPD).',
      en: 'The hosting provider and web agency, the newsletter service and the analytics service as processors; if based abroad, only with adequate protection or standard contractual clauses (Art. 16 DSG).',
    },
    retention: {
      de: 'Server-Logs höchstens 90 Tage, ausser zur Aufklärung eines Sicherheitsvorfalls; Kontaktanfragen bis zur Erledigung, danach im zugehörigen Dossier oder gelöscht; Newsletter-Daten bis zur Abmeldung, der Nachweis der Einwilligung so lange, wie er benötigt wird.',
      fr: 'Journaux du serveur 90 jours au plus, sauf pour élucider un incident de sécurité, demandes de contact jusqu’à leur traitement, puis classées au dossier concerné ou effacées, données de la newsletter jusqu’à la désinscription, preuve du consentement aussi longtemps que nécessaire.',
      en: 'Server logs 90 days at most, except to investigate a security incident; contact requests until dealt with, then filed in the matching case or deleted; newsletter data until unsubscription, the proof of consent as long as it is needed.',
    },
    security: {
      de: 'TLS-Verschlüsselung, regelmässige Updates des CMS, Web Application Firewall, gekürzte IP-Adressen in Statistiken, kein Tracking ohne Einwilligung, Hinweis im Kontaktformular, keine Gesundheitsangaben zu senden (sicherer Kanal für Versicherte), Double-Opt-in beim Newsletter.',
      fr: 'Chiffrement TLS, mises à jour régulières du CMS, pare-feu applicatif, adresses IP tronquées dans les statistiques, aucun suivi sans consentement, mention dans le formulaire de contact de ne pas envoyer de données de santé (canal sûr pour les assurés), double opt-in pour la newsletter.',
      en: 'TLS encryption, regular CMS updates, web application firewall, truncated IP addresses in statistics, no tracking without consent, a note in the contact form not to send health data (a secure channel for the insured), double opt-in for the newsletter.',
    },
    legalBasis: {
      de: 'Art. 6, 19 und 31 DSG (Datenschutzerklärung nach Art. 19 DSG), Art. 45c FMG (Cookies), Einwilligung und Abmeldemöglichkeit beim Newsletter (Art. 3 Abs. 1 lit. o UWG).',
      fr: 'Art. 6, 19 et 31 LPD (déclaration de protection des données selon l’art. 19 LPD), art. 45c LTC (cookies), consentement et possibilité de désinscription pour la newsletter (art. 3 al. 1 let. o LCD).',
      en: 'Art. 6, 19 and 31 DSG (privacy notice under Art. 19 DSG), Art. 45c FMG (cookies), consent and unsubscribe option for the newsletter (Art. 3 para. 1 lit. o UWG).',
    },
  },
  {
    key: 'it-service-providers',
    name: {
      de: 'IT-Dienstleister (Auftragsbearbeitung)',
      fr: 'Prestataires informatiques (sous-traitance)',
      en: 'IT service providers (processors)',
    },
    purpose: {
      de: 'Auslagerung von Betrieb, Hosting, Software der Versichertenverwaltung, E-Mail, Datensicherung und Support an IT-Dienstleister. Die Vorsorgeeinrichtung bleibt Verantwortliche; die Dienstleister sind Auftragsbearbeiter (Art. 9 DSG): sie bearbeiten die Daten nur so, wie die Vorsorgeeinrichtung es selbst dürfte, nach ihren Weisungen und mit vertraglich gesicherter Datensicherheit, Unterauftragsbearbeiter nur mit vorgängiger Genehmigung. Die Einträge der fachlichen Tätigkeiten nennen die Dienstleister als Empfänger.',
      fr: 'Externalisation de l’exploitation, de l’hébergement, du logiciel de gestion des assurés, de la messagerie, des sauvegardes et du support auprès de prestataires informatiques. L’institution de prévoyance reste responsable du traitement, les prestataires sont des sous-traitants (art. 9 LPD) qui ne traitent les données que comme l’institution elle-même en aurait le droit, selon ses instructions et avec une sécurité garantie par contrat, d’autres sous-traitants seulement avec autorisation préalable. Les activités métier mentionnent les prestataires comme destinataires.',
      en: 'Outsourcing operations, hosting, the pension administration software, e-mail, backups and support to IT providers. The fund remains the controller; the providers are processors (Art. 9 DSG): they process the data only as the fund itself may, on its instructions and with data security secured by contract, with sub-processors only after prior approval. The entries of the business activities name the providers as recipients.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Alle Personen der fachlichen Tätigkeiten (Versicherte, Rentenbeziehende, Hinterlassene, Mitarbeitende), Kontaktpersonen und Mitarbeitende der Dienstleister.',
      fr: 'Toutes les personnes des activités métier (assurés, bénéficiaires de rentes, survivants, collaborateurs), personnes de contact et collaborateurs des prestataires.',
      en: 'Everyone in the business activities (insured persons, pensioners, survivors, staff), contact persons and staff of the providers.',
    },
    dataCategories: [
      category(
        'Daten der fachlichen Tätigkeiten auf den Systemen (Stamm-, Lohn- und Vorsorgedaten)',
        'Données des activités métier sur les systèmes (données de base, salariales et de prévoyance)',
        'Data of the business activities on the systems (master, salary and pension data)',
      ),
      category(
        'Gesundheitsdaten aus Leistungsfällen in der Versichertenverwaltung und im Archiv',
        'Données de santé des cas de prestations dans la gestion des assurés et les archives',
        'Health data from benefit cases in the pension administration system and the archive',
        true,
      ),
      category(
        'Benutzerkonten, Zugriffs- und Protokolldaten',
        'Comptes d’utilisateurs, données d’accès et de journalisation',
        'User accounts, access and log data',
      ),
      category(
        'Kontaktangaben der Mitarbeitenden der Dienstleister',
        'Coordonnées des collaborateurs des prestataires',
        'Contact details of the providers’ staff',
      ),
    ],
    recipients: {
      de: 'Auftragsbearbeiter (Rechenzentrum, Softwareanbieter, Cloud- und E-Mail-Anbieter, Support) und ihre genehmigten Unterauftragsbearbeiter; bei Sitz oder Fernzugriff im Ausland nur mit angemessenem Schutz oder Garantien nach Art. 16 DSG; Revisionsstelle (Prüfberichte der Dienstleister).',
      fr: 'Sous-traitants (centre de calcul, éditeur du logiciel, fournisseurs cloud et de messagerie, support) et leurs sous-traitants autorisés, en cas de siège ou d’accès à distance depuis l’étranger uniquement avec une protection adéquate ou des garanties selon l’art. 16 LPD, organe de révision (rapports de contrôle des prestataires).',
      en: 'Processors (data centre, software vendor, cloud and e-mail providers, support) and their approved sub-processors; where based abroad or with remote access from abroad, only with adequate protection or safeguards under Art. 16 DSG; the statutory auditor (the providers’ audit reports).',
    },
    retention: {
      de: 'Nach der Aufbewahrungsdauer der jeweiligen fachlichen Tätigkeit; bei Vertragsende Rückgabe und nachweisliche Löschung beim Dienstleister, in Backups nach deren Zyklus; Protokolle mindestens ein Jahr (Art. 4 DSV).',
      fr: 'Selon la durée de conservation de chaque activité métier, à la fin du contrat restitution et effacement attesté chez le prestataire, dans les sauvegardes selon leur cycle, journaux au moins un an (art. 4 OPDo).',
      en: 'As long as the retention period of each business activity; at the end of the contract, return and evidenced deletion at the provider, in backups by their cycle; logs at least one year (Art. 4 DSV).',
    },
    security: {
      de: 'Auftragsbearbeitungsvertrag mit Weisungsrecht, Vertraulichkeit und Schweigepflicht (Art. 86 BVG), Genehmigung von Unterauftragsbearbeitern, Datenhaltung in der Schweiz oder einem Staat mit angemessenem Schutz, Verschlüsselung bei Übertragung und Speicherung, Zwei-Faktor-Anmeldung, Protokollierung, jährliche Prüfberichte (z. B. ISAE 3402), Meldung von Verletzungen der Datensicherheit ohne Verzug an die Vorsorgeeinrichtung (Art. 24 Abs. 3 DSG), Exit-Plan.',
      fr: 'Contrat de sous-traitance avec droit d’instruction, confidentialité et obligation de garder le secret (art. 86 LPP), autorisation des sous-traitants ultérieurs, hébergement en Suisse ou dans un État offrant une protection adéquate, chiffrement en transit et au repos, authentification à deux facteurs, journalisation, rapports de contrôle annuels (p. ex. ISAE 3402), annonce sans délai des violations de la sécurité des données à l’institution (art. 24 al. 3 LPD), plan de sortie.',
      en: 'Processing agreement with right of instruction, confidentiality and duty of secrecy (Art. 86 BVG), approval of sub-processors, data kept in Switzerland or a state with adequate protection, encryption in transit and at rest, two-factor sign-in, logging, yearly audit reports (e.g. ISAE 3402), breaches reported to the fund without delay (Art. 24 para. 3 DSG), exit plan.',
    },
    legalBasis: {
      de: 'Art. 9 DSG (Bearbeitung durch Auftragsbearbeiter), Art. 8 DSG und Art. 1–3 DSV (Datensicherheit), Art. 16 und 17 DSG (Bekanntgabe ins Ausland), Art. 85a BVG (Daten bearbeiten oder bearbeiten lassen), Art. 86 BVG (Schweigepflicht, auch für Beauftragte).',
      fr: 'Art. 9 LPD (sous-traitance), art. 8 LPD et art. 1 à 3 OPDo (sécurité des données), art. 16 et 17 LPD (communication à l’étranger), art. 85a LPP (traiter ou faire traiter des données), art. 86 LPP (obligation de garder le secret, aussi pour les mandataires).',
      en: 'Art. 9 DSG (processing by processors), Art. 8 DSG and Art. 1–3 DSV (data security), Art. 16 and 17 DSG (disclosure abroad), Art. 85a BVG (process data or have it processed), Art. 86 BVG (duty of secrecy, also for contractors).',
    },
  },
]
