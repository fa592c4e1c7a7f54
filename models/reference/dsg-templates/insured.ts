import { category, type DsgTemplateSeed } from './types.ts'

/*
 * The activities around the insured persons and their benefits. For the mandatory part (BVG) a
 * registered pension fund acts as a federal body (Art. 34 DSG needs a basis in law, which the BVG
 * gives in Art. 85a ff.); for extra-mandatory cover it processes under private law, on the basis of
 * its pension regulations (a contract with the insured person).
 */
export const insuredTemplates: DsgTemplateSeed[] = [
  {
    key: 'insured-administration',
    name: {
      de: 'Verwaltung der versicherten Personen',
      fr: 'Gestion des personnes assurées',
      en: 'Administration of insured persons',
    },
    purpose: {
      de: 'Aufnahme, Führung und Austritt der aktiven Versicherten und der Rentenbeziehenden: Stammdaten, Lohn- und Beschäftigungsdaten der angeschlossenen Arbeitgeber, jährlicher Vorsorgeausweis, Auskünfte und Korrespondenz sowie die Aufnahmeprüfung mit Gesundheitserklärung für die weitergehende Vorsorge.',
      fr: 'Admission, gestion et sortie des assurés actifs et des bénéficiaires de rentes, avec les données de base, les données salariales et d’emploi transmises par les employeurs affiliés, le certificat de prévoyance annuel, les renseignements et la correspondance ainsi que l’examen d’admission avec déclaration de santé pour la prévoyance plus étendue.',
      en: 'Admission, administration and exit of active insured persons and pensioners: master data, salary and employment data from the affiliated employers, the annual pension certificate, information and correspondence, and the admission check with a health declaration for extra-mandatory cover.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Aktive Versicherte, Rentenbeziehende, Ehegatten und eingetragene Partnerinnen und Partner (Zivilstand, Zustimmungen), Kontaktpersonen der angeschlossenen Arbeitgeber.',
      fr: 'Assurés actifs, bénéficiaires de rentes, conjoints et partenaires enregistrés (état civil, consentements), personnes de contact des employeurs affiliés.',
      en: 'Active insured persons, pensioners, spouses and registered partners (civil status, consents), contact persons of the affiliated employers.',
    },
    dataCategories: [
      category(
        'Identität und Kontakt (Name, Adresse, Geburtsdatum, Geschlecht, Zivilstand, Staatsangehörigkeit)',
        'Identité et contact (nom, adresse, date de naissance, sexe, état civil, nationalité)',
        'Identity and contact (name, address, date of birth, sex, civil status, nationality)',
      ),
      category(
        'AHV-Nummer (systematische Verwendung, Art. 153c AHVG)',
        'Numéro AVS (utilisation systématique, art. 153c LAVS)',
        'OASI number (systematic use, Art. 153c AHVG)',
      ),
      category(
        'Beschäftigung und Lohn (Arbeitgeber, Eintritt, Beschäftigungsgrad, AHV-Lohn, versicherter Lohn)',
        'Emploi et salaire (employeur, entrée, taux d’occupation, salaire AVS, salaire assuré)',
        'Employment and salary (employer, entry date, level of employment, OASI salary, insured salary)',
      ),
      category(
        'Vorsorgedaten (Vorsorgeplan, Altersguthaben, versicherte Leistungen, Vorsorgeausweis)',
        'Données de prévoyance (plan, avoir de vieillesse, prestations assurées, certificat de prévoyance)',
        'Pension data (plan, retirement savings, insured benefits, pension certificate)',
      ),
      category('Bankverbindung der Rentenbeziehenden', 'Coordonnées bancaires des bénéficiaires de rentes', 'Bank details of pensioners'),
      category(
        'Gesundheitsangaben bei der Aufnahme (Gesundheitserklärung, Gesundheitsvorbehalt nach Art. 331c OR)',
        'Données de santé à l’admission (déclaration de santé, réserve pour raisons de santé selon l’art. 331c CO)',
        'Health data at admission (health declaration, health reservation under Art. 331c OR)',
        true,
      ),
    ],
    recipients: {
      de: 'Angeschlossene Arbeitgeber (nur Eintritt, Lohn und Austritt; der Vorsorgeausweis geht verschlossen an die versicherte Person), Experte für berufliche Vorsorge, Revisionsstelle, Aufsichtsbehörde, Rückversicherer (Gesundheitsangaben nur an dessen ärztlichen Dienst), Zentrale Ausgleichsstelle (Prüfung der AHV-Nummer), Auftragsbearbeiter für Verwaltung und IT.',
      fr: 'Employeurs affiliés (uniquement entrée, salaire et sortie, le certificat de prévoyance est remis sous pli fermé à la personne assurée), expert en matière de prévoyance professionnelle, organe de révision, autorité de surveillance, réassureur (données de santé uniquement à son service médical), Centrale de compensation (vérification du numéro AVS), sous-traitants pour la gestion et l’informatique.',
      en: 'Affiliated employers (only entry, salary and exit; the pension certificate goes sealed to the insured person), the occupational pension expert, the statutory auditor, the supervisory authority, the reinsurer (health data only to its medical service), the Central Compensation Office (check of the OASI number), processors for administration and IT.',
    },
    retention: {
      de: 'Bis zehn Jahre nach Ende der Leistungspflicht (Art. 27j Abs. 1 BVV 2); nach einem Austritt zehn Jahre nach Überweisung der Austrittsleistung (Art. 27j Abs. 3 BVV 2); wird keine Leistung geltend gemacht, bis die versicherte Person das 100. Altersjahr vollendet hätte (Art. 27j Abs. 2 BVV 2). Gesundheitserklärungen nach Ablauf des Vorbehalts (höchstens fünf Jahre) ohne Leistungsfall löschen oder sperren.',
      fr: 'Jusqu’à dix ans après la fin du droit aux prestations (art. 27j al. 1 OPP 2), après une sortie dix ans après le transfert de la prestation de sortie (art. 27j al. 3 OPP 2), sans prestation réclamée jusqu’au moment où la personne assurée aurait atteint l’âge de 100 ans (art. 27j al. 2 OPP 2). Déclarations de santé à effacer ou bloquer à l’échéance de la réserve (cinq ans au plus) sans cas de prestation.',
      en: 'Up to ten years after the end of the benefit obligation (Art. 27j para. 1 BVV 2); after an exit, ten years after the transfer of the vested benefit (Art. 27j para. 3 BVV 2); where no benefit is claimed, until the insured person would have reached the age of 100 (Art. 27j para. 2 BVV 2). Health declarations are deleted or blocked when the reservation ends (five years at most) without a benefit case.',
    },
    security: {
      de: 'Rollenbasierte Berechtigungen nach dem Need-to-know-Prinzip, Gesundheitsangaben getrennt und nur für den medizinischen Dienst, Datenaustausch mit Arbeitgebern über ein Portal statt per E-Mail, Protokollierung der Zugriffe (Art. 4 DSV), Datensicherung mit Wiederherstellungstests, Bearbeitungsreglement (Art. 6 DSV), jährliche Schulung zur Schweigepflicht (Art. 86 BVG).',
      fr: 'Autorisations par rôle selon le besoin d’en connaître, données de santé séparées et réservées au service médical, échanges avec les employeurs par un portail plutôt que par courriel, journalisation des accès (art. 4 OPDo), sauvegardes avec tests de restauration, règlement de traitement (art. 6 OPDo), formation annuelle à l’obligation de garder le secret (art. 86 LPP).',
      en: 'Role-based access on a need-to-know basis, health data kept apart and open only to the medical service, exchange with employers through a portal rather than e-mail, logging of access (Art. 4 DSV), backups with restore tests, processing rules (Art. 6 DSV), yearly training on the duty of secrecy (Art. 86 BVG).',
    },
    legalBasis: {
      de: 'Obligatorium (als Bundesorgan): Art. 10 und 11 BVG, Art. 85a lit. a und b BVG, Art. 86 und 86a BVG, Art. 86b BVG (Information der Versicherten); AHV-Nummer: Art. 153c AHVG. Weitergehende Vorsorge: Vorsorgereglement (Vertrag, Art. 31 Abs. 2 lit. a DSG), Gesundheitsvorbehalt nach Art. 331c OR.',
      fr: 'Prévoyance obligatoire (en tant qu’organe fédéral), art. 10 et 11 LPP, art. 85a let. a et b LPP, art. 86 et 86a LPP, art. 86b LPP (information des assurés), numéro AVS selon l’art. 153c LAVS. Prévoyance plus étendue, règlement de prévoyance (contrat, art. 31 al. 2 let. a LPD), réserve pour raisons de santé selon l’art. 331c CO.',
      en: 'Mandatory cover (as a federal body): Art. 10 and 11 BVG, Art. 85a lit. a and b BVG, Art. 86 and 86a BVG, Art. 86b BVG (information of the insured); OASI number: Art. 153c AHVG. Extra-mandatory cover: the pension regulations (contract, Art. 31 para. 2 lit. a DSG), health reservation under Art. 331c OR.',
    },
  },
  {
    key: 'contributions-vested-benefits',
    name: {
      de: 'Beiträge und Freizügigkeitsleistungen',
      fr: 'Cotisations et prestations de libre passage',
      en: 'Contributions and vested benefits',
    },
    purpose: {
      de: 'Festsetzung und Erhebung der Beiträge beim Arbeitgeber, Führung der Altersguthaben, Einkäufe, Eintritts- und Austrittsleistungen, Barauszahlungen, Vorsorgeausgleich bei Scheidung, jährliche Meldung an die Zentralstelle 2. Säule und Überweisung an die Auffangeinrichtung, wenn die versicherte Person keine Angaben macht.',
      fr: 'Fixation et perception des cotisations auprès de l’employeur, tenue des avoirs de vieillesse, rachats, prestations d’entrée et de sortie, paiements en espèces, partage de la prévoyance en cas de divorce, annonce annuelle à la Centrale du 2e pilier et transfert à l’institution supplétive lorsque la personne assurée ne donne pas d’instructions.',
      en: 'Setting and collecting contributions from the employer, keeping the retirement savings, purchases, entry and exit benefits, cash payments, pension splitting on divorce, the yearly report to the Central Office 2nd Pillar and the transfer to the Substitute Occupational Benefit Institution when the insured person gives no instructions.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Aktive und ausgetretene Versicherte, Ehegatten und eingetragene Partner (Zustimmung zur Barauszahlung, Scheidung), angeschlossene Arbeitgeber und ihre Kontaktpersonen.',
      fr: 'Assurés actifs et sortants, conjoints et partenaires enregistrés (consentement au paiement en espèces, divorce), employeurs affiliés et leurs personnes de contact.',
      en: 'Active and former insured persons, spouses and registered partners (consent to cash payment, divorce), affiliated employers and their contact persons.',
    },
    dataCategories: [
      category(
        'Identität, AHV-Nummer und Adresse, auch nach dem Austritt',
        'Identité, numéro AVS et adresse, aussi après la sortie',
        'Identity, OASI number and address, also after the exit',
      ),
      category(
        'Lohn- und Beitragsdaten (AHV-Lohn, versicherter Lohn, Beitragsrechnungen, Ausstände des Arbeitgebers)',
        'Données de salaire et de cotisations (salaire AVS, salaire assuré, factures de cotisations, arriérés de l’employeur)',
        'Salary and contribution data (OASI salary, insured salary, contribution invoices, employer arrears)',
      ),
      category(
        'Altersguthaben, Einkäufe, Eintritts- und Austrittsleistung, Vorbezüge und Scheidungsanteile',
        'Avoir de vieillesse, rachats, prestations d’entrée et de sortie, versements anticipés et parts de divorce',
        'Retirement savings, purchases, entry and exit benefits, withdrawals and divorce shares',
      ),
      category(
        'Begründung der Barauszahlung (Wegzug, selbständige Erwerbstätigkeit, geringfügiger Betrag) und Zustimmung des Ehegatten',
        'Motif du paiement en espèces (départ, activité indépendante, montant minime) et consentement du conjoint',
        'Reason for cash payment (leaving Switzerland, self-employment, small amount) and the spouse’s consent',
      ),
      category(
        'Scheidungsurteil bzw. Angaben des Gerichts zum Vorsorgeausgleich',
        'Jugement de divorce ou indications du tribunal sur le partage de la prévoyance',
        'Divorce judgment or the court’s instructions on pension splitting',
      ),
      category(
        'Bankverbindung und Angaben zur neuen Vorsorge- oder Freizügigkeitseinrichtung',
        'Coordonnées bancaires et indications sur la nouvelle institution de prévoyance ou de libre passage',
        'Bank details and details of the new pension or vested benefits institution',
      ),
    ],
    recipients: {
      de: 'Angeschlossene Arbeitgeber (Beitragsrechnungen), Vorsorgeeinrichtung des neuen Arbeitgebers und Freizügigkeitseinrichtungen (Art. 3 und 4 FZG), Stiftung Auffangeinrichtung BVG (Art. 4 Abs. 2 FZG), Zentralstelle 2. Säule (Art. 24a FZG), Sicherheitsfonds BVG (Beiträge und Zuschüsse, Art. 56 und 59 BVG), Scheidungsgerichte (Art. 24 und 25a FZG), Eidgenössische Steuerverwaltung (Meldung von Kapitalauszahlungen, Art. 19 VStG), Experte für berufliche Vorsorge, Revisionsstelle.',
      fr: 'Employeurs affiliés (factures de cotisations), institution de prévoyance du nouvel employeur et institutions de libre passage (art. 3 et 4 LFLP), Fondation institution supplétive LPP (art. 4 al. 2 LFLP), Centrale du 2e pilier (art. 24a LFLP), Fonds de garantie LPP (cotisations et subsides, art. 56 et 59 LPP), tribunaux du divorce (art. 24 et 25a LFLP), Administration fédérale des contributions (annonce des versements en capital, art. 19 LIA), expert en matière de prévoyance professionnelle, organe de révision.',
      en: 'Affiliated employers (contribution invoices), the pension fund of the new employer and vested benefits institutions (Art. 3 and 4 FZG), the Substitute Occupational Benefit Institution (Art. 4 para. 2 FZG), the Central Office 2nd Pillar (Art. 24a FZG), the Guarantee Fund BVG (contributions and subsidies, Art. 56 and 59 BVG), divorce courts (Art. 24 and 25a FZG), the Federal Tax Administration (report of capital payments, Art. 19 VStG), the occupational pension expert, the statutory auditor.',
    },
    retention: {
      de: 'Zehn Jahre nach Überweisung der Austrittsleistung (Art. 27j Abs. 3 BVV 2) bzw. nach Ende der Leistungspflicht (Art. 27j Abs. 1 BVV 2); Beitragsforderungen verjähren nach fünf Jahren (Art. 41 Abs. 2 BVG); Buchungsbelege zehn Jahre (Art. 958f OR).',
      fr: 'Dix ans après le transfert de la prestation de sortie (art. 27j al. 3 OPP 2) ou après la fin du droit aux prestations (art. 27j al. 1 OPP 2), les créances de cotisations se prescrivent par cinq ans (art. 41 al. 2 LPP), pièces comptables dix ans (art. 958f CO).',
      en: 'Ten years after the transfer of the vested benefit (Art. 27j para. 3 BVV 2) or after the end of the benefit obligation (Art. 27j para. 1 BVV 2); contribution claims become time-barred after five years (Art. 41 para. 2 BVG); accounting records ten years (Art. 958f OR).',
    },
    security: {
      de: 'Vier-Augen-Prinzip bei Auszahlungen und bei Änderungen der Bankverbindung, Prüfung der Identität und der Unterschrift des Ehegatten vor einer Barauszahlung, verschlüsselter Datenaustausch mit Arbeitgebern und Freizügigkeitseinrichtungen, Berechtigungen nach Rolle, Protokollierung (Art. 4 DSV).',
      fr: 'Principe des quatre yeux pour les paiements et les changements de coordonnées bancaires, contrôle de l’identité et de la signature du conjoint avant un paiement en espèces, échanges chiffrés avec les employeurs et les institutions de libre passage, autorisations par rôle, journalisation (art. 4 OPDo).',
      en: 'Four-eyes principle for payments and changes of bank details, check of the identity and of the spouse’s signature before a cash payment, encrypted exchange with employers and vested benefits institutions, role-based access, logging (Art. 4 DSV).',
    },
    legalBasis: {
      de: 'Art. 85a lit. a und b BVG, Art. 86 und 86a BVG, Art. 66 BVG (Beitragspflicht des Arbeitgebers), Art. 79b BVG (Einkauf); FZG, namentlich Art. 2–5 (Austrittsleistung, Überweisung, Barauszahlung), Art. 22–25a (Scheidung) und Art. 24a (Meldung an die Zentralstelle 2. Säule); FZV. Weitergehende Vorsorge: Vorsorgereglement.',
      fr: 'Art. 85a let. a et b LPP, art. 86 et 86a LPP, art. 66 LPP (obligation de cotiser de l’employeur), art. 79b LPP (rachat), LFLP, notamment art. 2 à 5 (prestation de sortie, transfert, paiement en espèces), art. 22 à 25a (divorce) et art. 24a (annonce à la Centrale du 2e pilier), OLP. Prévoyance plus étendue, règlement de prévoyance.',
      en: 'Art. 85a lit. a and b BVG, Art. 86 and 86a BVG, Art. 66 BVG (employer’s duty to pay contributions), Art. 79b BVG (purchase); FZG, in particular Art. 2–5 (exit benefit, transfer, cash payment), Art. 22–25a (divorce) and Art. 24a (report to the Central Office 2nd Pillar); FZV. Extra-mandatory cover: the pension regulations.',
    },
  },
  {
    key: 'disability-benefits',
    name: {
      de: 'Invalidenleistungen',
      fr: 'Prestations d’invalidité',
      en: 'Disability benefits',
    },
    purpose: {
      de: 'Prüfung und Ausrichtung von Invalidenrenten, Invaliden-Kinderrenten und Beitragsbefreiung: Anmeldung durch Arbeitgeber oder versicherte Person, Beizug der Verfügungen und Akten der IV-Stelle, vertrauensärztliche Beurteilung in der weitergehenden Vorsorge, Koordination mit anderen Sozialversicherungen und Überentschädigungsberechnung, Rückgriff auf haftpflichtige Dritte, periodische Revision.',
      fr: 'Examen et versement des rentes d’invalidité, des rentes pour enfant d’invalide et de la libération des cotisations, avec l’annonce par l’employeur ou la personne assurée, l’obtention des décisions et du dossier de l’office AI, l’appréciation par le médecin-conseil dans la prévoyance plus étendue, la coordination avec les autres assurances sociales et le calcul de la surindemnisation, le recours contre les tiers responsables et la révision périodique.',
      en: 'Assessing and paying disability pensions, child pensions of disabled persons and the waiver of contributions: notice by the employer or the insured person, obtaining the decisions and files of the IV office, assessment by the medical adviser for extra-mandatory cover, coordination with other social insurances and the overinsurance calculation, recourse against liable third parties, periodic review.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Versicherte Personen mit Arbeitsunfähigkeit oder Invalidität, ihre Kinder (Invaliden-Kinderrenten), behandelnde Ärztinnen und Ärzte, Arbeitgeber.',
      fr: 'Personnes assurées en incapacité de travail ou invalides, leurs enfants (rentes pour enfant), médecins traitants, employeurs.',
      en: 'Insured persons unable to work or disabled, their children (child pensions), treating doctors, employers.',
    },
    dataCategories: [
      category(
        'Identität, AHV-Nummer, Zivilstand und Kinder',
        'Identité, numéro AVS, état civil et enfants',
        'Identity, OASI number, civil status and children',
      ),
      category(
        'Gesundheitsdaten (Arbeitsunfähigkeit, Diagnosen, Arztberichte, Gutachten)',
        'Données de santé (incapacité de travail, diagnostics, rapports médicaux, expertises)',
        'Health data (incapacity for work, diagnoses, medical reports, expert opinions)',
        true,
      ),
      category(
        'Verfügungen und Akten der IV-Stelle, des Unfall- und des Militärversicherers (Invaliditätsgrad, Beginn)',
        'Décisions et dossiers de l’office AI, de l’assureur-accidents et de l’assurance militaire (taux d’invalidité, début)',
        'Decisions and files of the IV office, the accident insurer and military insurance (degree of disability, start)',
        true,
      ),
      category(
        'Einkommen und Leistungen Dritter für die Überentschädigungsberechnung (Lohn, Taggelder, Renten, Resterwerbseinkommen)',
        'Revenus et prestations de tiers pour le calcul de la surindemnisation (salaire, indemnités journalières, rentes, revenu résiduel)',
        'Income and third-party benefits for the overinsurance calculation (salary, daily allowances, pensions, remaining earnings)',
      ),
      category(
        'Angaben zur Sozialhilfe (Vorschussleistungen, Auszahlung an den Sozialdienst)',
        'Données sur l’aide sociale (avances, versement au service social)',
        'Social assistance data (advance payments, payment to the social services)',
        true,
      ),
      category('Bankverbindung', 'Coordonnées bancaires', 'Bank details'),
    ],
    recipients: {
      de: 'IV-Stelle (Art. 86a BVG; ihre Verfügungen werden der Vorsorgeeinrichtung eröffnet, Art. 49 Abs. 4 ATSG), Unfall-, Krankentaggeld- und Militärversicherer zur Koordination (Art. 34a BVG), Rückversicherer, vertrauensärztlicher Dienst und Gutachter, Arbeitgeber (nur Beginn und Umfang der Beitragsbefreiung, keine Diagnosen), Sozialhilfebehörden bei Vorschussleistungen, haftpflichtige Dritte und deren Versicherer beim Rückgriff, Gerichte.',
      fr: 'Office AI (art. 86a LPP, ses décisions sont notifiées à l’institution de prévoyance, art. 49 al. 4 LPGA), assureurs-accidents, assureurs d’indemnités journalières et assurance militaire pour la coordination (art. 34a LPP), réassureur, médecin-conseil et experts, employeur (uniquement début et étendue de la libération des cotisations, sans diagnostic), services sociaux en cas d’avances, tiers responsables et leurs assureurs lors du recours, tribunaux.',
      en: 'The IV office (Art. 86a BVG; its decisions are notified to the pension fund, Art. 49 para. 4 ATSG), accident, daily-allowance and military insurers for coordination (Art. 34a BVG), the reinsurer, the medical adviser and experts, the employer (only start and extent of the contribution waiver, no diagnoses), social assistance authorities for advance payments, liable third parties and their insurers in recourse, courts.',
    },
    retention: {
      de: 'Bis zehn Jahre nach Ende der Leistungspflicht (Art. 27j Abs. 1 BVV 2), bei lebenslangen Renten also bis zehn Jahre nach der letzten Rentenzahlung; abgelehnte Gesuche, solange ein Anspruch noch geltend gemacht werden kann (Art. 41 BVG), mindestens zehn Jahre. Medizinische Unterlagen im getrennten Dossier des vertrauensärztlichen Dienstes.',
      fr: 'Jusqu’à dix ans après la fin du droit aux prestations (art. 27j al. 1 OPP 2), pour une rente viagère donc dix ans après le dernier versement, demandes rejetées aussi longtemps qu’un droit peut encore être invoqué (art. 41 LPP), au moins dix ans. Documents médicaux dans le dossier séparé du médecin-conseil.',
      en: 'Up to ten years after the end of the benefit obligation (Art. 27j para. 1 BVV 2), for a life pension ten years after the last payment; refused claims as long as a claim may still be made (Art. 41 BVG), at least ten years. Medical documents in the separate file of the medical adviser.',
    },
    security: {
      de: 'Gesundheitsdaten nur für den vertrauensärztlichen Dienst und die zuständigen Sachbearbeitenden, getrennte Ablage mit eigenem Berechtigungskonzept, verschlüsselte Korrespondenz mit Ärzten und Versicherern, keine Diagnosen an den Arbeitgeber, Protokollierung jedes Zugriffs (Art. 4 DSV), Prüfung einer Datenschutz-Folgenabschätzung (Art. 22 DSG).',
      fr: 'Données de santé réservées au médecin-conseil et aux gestionnaires compétents, classement séparé avec son propre concept d’autorisations, correspondance chiffrée avec les médecins et les assureurs, aucun diagnostic à l’employeur, journalisation de chaque accès (art. 4 OPDo), examen d’une analyse d’impact (art. 22 LPD).',
      en: 'Health data only for the medical adviser and the case handlers in charge, separate filing with its own access concept, encrypted correspondence with doctors and insurers, no diagnoses to the employer, logging of every access (Art. 4 DSV), a data protection impact assessment considered (Art. 22 DSG).',
    },
    legalBasis: {
      de: 'Art. 23–26 BVG (Invalidenleistungen), Art. 34a BVG und Art. 24 ff. BVV 2 (Koordination, Überentschädigung), Art. 85a lit. b und c BVG, Art. 86 und 86a BVG, Art. 49 Abs. 4 ATSG. Weitergehende Vorsorge: Vorsorgereglement und Einwilligung zur Entbindung vom Arztgeheimnis.',
      fr: 'Art. 23 à 26 LPP (prestations d’invalidité), art. 34a LPP et art. 24 ss OPP 2 (coordination, surindemnisation), art. 85a let. b et c LPP, art. 86 et 86a LPP, art. 49 al. 4 LPGA. Prévoyance plus étendue, règlement de prévoyance et consentement à la levée du secret médical.',
      en: 'Art. 23–26 BVG (disability benefits), Art. 34a BVG and Art. 24 ff. BVV 2 (coordination, overinsurance), Art. 85a lit. b and c BVG, Art. 86 and 86a BVG, Art. 49 para. 4 ATSG. Extra-mandatory cover: the pension regulations and consent to release from medical secrecy.',
    },
  },
  {
    key: 'survivors-benefits',
    name: {
      de: 'Hinterlassenenleistungen',
      fr: 'Prestations de survivants',
      en: 'Survivors’ benefits',
    },
    purpose: {
      de: 'Abklärung und Ausrichtung von Ehegatten-, Lebenspartner- und Waisenrenten sowie Todesfallkapital: Meldung des Todesfalls, Ermittlung der Anspruchsberechtigten nach Gesetz und Begünstigungsordnung, Nachweise (Ehe, eingetragene Partnerschaft, Lebensgemeinschaft, Ausbildung der Waisen), Koordination mit AHV und Unfallversicherung, Auszahlung.',
      fr: 'Examen et versement des rentes de conjoint, de partenaire et d’orphelin ainsi que du capital-décès, avec l’annonce du décès, la détermination des ayants droit selon la loi et l’ordre des bénéficiaires, les justificatifs (mariage, partenariat enregistré, communauté de vie, formation des orphelins), la coordination avec l’AVS et l’assurance-accidents et le paiement.',
      en: 'Assessing and paying spouse’s, partner’s and orphan’s pensions and death capital: notice of death, determining the beneficiaries under the law and the order of beneficiaries, evidence (marriage, registered partnership, cohabitation, education of orphans), coordination with OASI and accident insurance, payment.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Verstorbene Versicherte und Rentenbeziehende, überlebende Ehegatten und eingetragene Partner, Lebenspartnerinnen und Lebenspartner, Kinder und Pflegekinder, weitere Begünstigte, Erben, Beistände.',
      fr: 'Assurés et bénéficiaires de rentes décédés, conjoints et partenaires enregistrés survivants, partenaires de vie, enfants et enfants recueillis, autres bénéficiaires, héritiers, curateurs.',
      en: 'Deceased insured persons and pensioners, surviving spouses and registered partners, cohabiting partners, children and foster children, other beneficiaries, heirs, deputies.',
    },
    dataCategories: [
      category(
        'Angaben zur verstorbenen Person (Identität, AHV-Nummer, Todesdatum, Todesschein)',
        'Données sur la personne décédée (identité, numéro AVS, date du décès, acte de décès)',
        'Data on the deceased (identity, OASI number, date of death, death certificate)',
      ),
      category(
        'Todesursache, soweit für die Koordination mit der Unfallversicherung nötig',
        'Cause du décès, dans la mesure nécessaire à la coordination avec l’assurance-accidents',
        'Cause of death, as far as needed for coordination with accident insurance',
        true,
      ),
      category(
        'Angaben zu den Hinterlassenen (Identität, Zivilstand, Geburtsdaten, gemeinsamer Haushalt, Unterstützung)',
        'Données sur les survivants (identité, état civil, dates de naissance, ménage commun, entretien)',
        'Data on the survivors (identity, civil status, dates of birth, common household, support)',
      ),
      category('Ausbildungsnachweise der Waisen', 'Attestations de formation des orphelins', 'Evidence of education of orphans'),
      category(
        'Gesundheitsangaben zu invaliden Kindern (Anspruch über das 18. Altersjahr hinaus, Art. 22 Abs. 3 BVG)',
        'Données de santé sur les enfants invalides (droit au-delà de 18 ans, art. 22 al. 3 LPP)',
        'Health data on disabled children (entitlement beyond age 18, Art. 22 para. 3 BVG)',
        true,
      ),
      category(
        'Kindes- und Erwachsenenschutzmassnahmen (Beistandschaft, Vormundschaft)',
        'Mesures de protection de l’enfant et de l’adulte (curatelle, tutelle)',
        'Child and adult protection measures (deputyship, guardianship)',
        true,
      ),
      category(
        'Bankverbindungen, Erbbescheinigung und Willensvollstreckung',
        'Coordonnées bancaires, certificat d’héritier et exécution testamentaire',
        'Bank details, certificate of inheritance and executorship',
      ),
    ],
    recipients: {
      de: 'AHV-Ausgleichskasse und Unfallversicherer (Koordination), Rückversicherer, Beistände und KESB für minderjährige oder verbeiständete Begünstigte, Erben bzw. Willensvollstrecker (Todesfallkapital ohne Begünstigte nach Reglement), Eidgenössische Steuerverwaltung (Meldung der Kapitalleistung, Art. 19 VStG), Banken für die Auszahlung.',
      fr: 'Caisse de compensation AVS et assureur-accidents (coordination), réassureur, curateurs et APEA pour les bénéficiaires mineurs ou sous curatelle, héritiers ou exécuteur testamentaire (capital-décès sans bénéficiaire selon le règlement), Administration fédérale des contributions (annonce de la prestation en capital, art. 19 LIA), banques pour le paiement.',
      en: 'OASI compensation office and accident insurer (coordination), the reinsurer, deputies and the child and adult protection authority for minor beneficiaries or those under deputyship, heirs or the executor (death capital without beneficiaries under the regulations), the Federal Tax Administration (report of the capital benefit, Art. 19 VStG), banks for payment.',
    },
    retention: {
      de: 'Bis zehn Jahre nach Ende der letzten Hinterlassenenleistung (Art. 27j Abs. 1 BVV 2); Waisenrenten laufen bis zum 18. Altersjahr, in Ausbildung oder bei Invalidität bis zum 25. Altersjahr (Art. 22 Abs. 3 BVG).',
      fr: 'Jusqu’à dix ans après la fin de la dernière prestation de survivants (art. 27j al. 1 OPP 2), les rentes d’orphelin courent jusqu’à 18 ans, jusqu’à 25 ans en formation ou en cas d’invalidité (art. 22 al. 3 LPP).',
      en: 'Up to ten years after the end of the last survivors’ benefit (Art. 27j para. 1 BVV 2); orphan’s pensions run until age 18, or 25 in education or if disabled (Art. 22 para. 3 BVG).',
    },
    security: {
      de: 'Todesursache und Gesundheitsangaben getrennt und nur für berechtigte Sachbearbeitende, sorgfältige Identitätsprüfung der Anspruchsberechtigten vor der Auszahlung, Vier-Augen-Prinzip bei Auszahlungen, verschlüsselte Übermittlung, Protokollierung (Art. 4 DSV).',
      fr: 'Cause du décès et données de santé séparées et réservées aux gestionnaires autorisés, contrôle soigneux de l’identité des ayants droit avant le paiement, principe des quatre yeux pour les paiements, transmission chiffrée, journalisation (art. 4 OPDo).',
      en: 'Cause of death and health data kept apart and open only to authorised case handlers, careful identity check of the beneficiaries before payment, four-eyes principle for payments, encrypted transmission, logging (Art. 4 DSV).',
    },
    legalBasis: {
      de: 'Art. 18–22 BVG (Hinterlassenenleistungen), Art. 19a BVG (eingetragene Partner), Art. 20a BVG (weitere Begünstigte), Art. 85a lit. b BVG, Art. 86 und 86a BVG; Vorsorgereglement (Begünstigungsordnung, Todesfallkapital).',
      fr: 'Art. 18 à 22 LPP (prestations de survivants), art. 19a LPP (partenaires enregistrés), art. 20a LPP (autres bénéficiaires), art. 85a let. b LPP, art. 86 et 86a LPP, règlement de prévoyance (ordre des bénéficiaires, capital-décès).',
      en: 'Art. 18–22 BVG (survivors’ benefits), Art. 19a BVG (registered partners), Art. 20a BVG (other beneficiaries), Art. 85a lit. b BVG, Art. 86 and 86a BVG; the pension regulations (order of beneficiaries, death capital).',
    },
  },
  {
    key: 'home-ownership',
    name: {
      de: 'Wohneigentumsförderung (Vorbezug und Verpfändung)',
      fr: 'Encouragement à la propriété du logement (versement anticipé et mise en gage)',
      en: 'Encouragement of home ownership (withdrawal and pledge)',
    },
    purpose: {
      de: 'Prüfung und Abwicklung von Vorbezügen und Verpfändungen für selbst genutztes Wohneigentum, Rückzahlungen, Anmerkung und Löschung der Veräusserungsbeschränkung im Grundbuch, Meldung an die Steuerverwaltung und Information der versicherten Person über die Kürzung ihrer Leistungen.',
      fr: 'Examen et exécution des versements anticipés et des mises en gage pour la propriété du logement à usage propre, remboursements, mention et radiation de la restriction du droit d’aliéner au registre foncier, annonce à l’administration fiscale et information de la personne assurée sur la réduction de ses prestations.',
      en: 'Assessing and executing withdrawals and pledges for owner-occupied housing, repayments, entry and removal of the restriction on sale in the land register, report to the tax administration and information of the insured person about the reduction of benefits.',
    },
    role: 'controller',
    dataSubjects: {
      de: 'Versicherte Personen, Ehegatten und eingetragene Partner (schriftliche Zustimmung), Miteigentümer, Verkäufer und Ersteller, Pfandgläubiger (Banken).',
      fr: 'Personnes assurées, conjoints et partenaires enregistrés (consentement écrit), copropriétaires, vendeurs et constructeurs, créanciers gagistes (banques).',
      en: 'Insured persons, spouses and registered partners (written consent), co-owners, sellers and builders, pledgees (banks).',
    },
    dataCategories: [
      category(
        'Identität, AHV-Nummer, Zivilstand und Unterschrift des Ehegatten',
        'Identité, numéro AVS, état civil et signature du conjoint',
        'Identity, OASI number, civil status and the spouse’s signature',
      ),
      category(
        'Angaben zum Wohneigentum (Kaufvertrag, Grundbuchauszug, Adresse, Nutzung als Wohnsitz, Werkvertrag, Amortisationsnachweis)',
        'Données sur le logement (contrat de vente, extrait du registre foncier, adresse, usage comme domicile, contrat d’entreprise, preuve d’amortissement)',
        'Data on the property (purchase contract, land register extract, address, use as residence, construction contract, proof of amortisation)',
      ),
      category(
        'Vorsorgedaten (Freizügigkeitsleistung, möglicher Betrag, Kürzung der Leistungen)',
        'Données de prévoyance (prestation de libre passage, montant disponible, réduction des prestations)',
        'Pension data (vested benefit, amount available, reduction of benefits)',
      ),
      category(
        'Pfandvertrag und Angaben zum Pfandgläubiger',
        'Contrat de gage et données sur le créancier gagiste',
        'Pledge agreement and details of the pledgee',
      ),
      category(
        'Zahlungsangaben (Auszahlung an Verkäufer, Ersteller oder Darlehensgeber)',
        'Données de paiement (versement au vendeur, au constructeur ou au prêteur)',
        'Payment details (payment to the seller, builder or lender)',
      ),
    ],
    recipients: {
      de: 'Grundbuchamt (Anmerkung und Löschung der Veräusserungsbeschränkung, Art. 30e BVG), Eidgenössische Steuerverwaltung (Meldung von Vorbezug und Rückzahlung, Art. 13 WEFV), kantonale Steuerbehörde bei Quellensteuerpflicht, Pfandgläubiger (Art. 9 WEFV), Verkäufer, Ersteller oder Darlehensgeber als Zahlungsempfänger, Notariat.',
      fr: 'Registre foncier (mention et radiation de la restriction du droit d’aliéner, art. 30e LPP), Administration fédérale des contributions (annonce du versement anticipé et du remboursement, art. 13 OEPL), autorité fiscale cantonale en cas d’imposition à la source, créancier gagiste (art. 9 OEPL), vendeur, constructeur ou prêteur comme destinataire du paiement, notaire.',
      en: 'The land register (entry and removal of the restriction on sale, Art. 30e BVG), the Federal Tax Administration (report of withdrawal and repayment, Art. 13 WEFV), the cantonal tax authority where tax is withheld at source, the pledgee (Art. 9 WEFV), the seller, builder or lender as payee, the notary.',
    },
    retention: {
      de: 'Bis zehn Jahre nach Ende der Leistungspflicht oder nach Überweisung der Austrittsleistung (Art. 27j BVV 2), weil Vorbezug und Rückzahlung bis zum Vorsorgefall und bei einem Austritt nachgewiesen werden müssen; Angaben zur Verpfändung bis zur Löschung des Pfands und danach zehn Jahre.',
      fr: 'Jusqu’à dix ans après la fin du droit aux prestations ou après le transfert de la prestation de sortie (art. 27j OPP 2), car le versement anticipé et le remboursement doivent être prouvés jusqu’au cas de prévoyance et lors d’une sortie, données de mise en gage jusqu’à la radiation du gage puis dix ans.',
      en: 'Up to ten years after the end of the benefit obligation or after the transfer of the vested benefit (Art. 27j BVV 2), because withdrawal and repayment must be evidenced until the insured event and on exit; pledge data until the pledge is released and ten years after.',
    },
    security: {
      de: 'Prüfung der Echtheit der Zustimmung des Ehegatten (beglaubigte oder vor Ort geleistete Unterschrift nach Reglement), Auszahlung nur an Verkäufer, Ersteller oder Darlehensgeber, Vier-Augen-Prinzip, verschlüsselte Übermittlung der Unterlagen, Zugriff nur für die zuständigen Sachbearbeitenden.',
      fr: 'Contrôle de l’authenticité du consentement du conjoint (signature légalisée ou donnée sur place selon le règlement), paiement uniquement au vendeur, au constructeur ou au prêteur, principe des quatre yeux, transmission chiffrée des documents, accès réservé aux gestionnaires compétents.',
      en: 'Check that the spouse’s consent is genuine (certified signature or signature given in person under the regulations), payment only to the seller, builder or lender, four-eyes principle, encrypted transmission of documents, access only for the case handlers in charge.',
    },
    legalBasis: {
      de: 'Art. 30a–30g BVG, Art. 331d und 331e OR, Verordnung über die Wohneigentumsförderung mit Mitteln der beruflichen Vorsorge (WEFV), Art. 85a lit. b BVG, Art. 86 und 86a BVG.',
      fr: 'Art. 30a à 30g LPP, art. 331d et 331e CO, ordonnance sur l’encouragement à la propriété du logement au moyen de la prévoyance professionnelle (OEPL), art. 85a let. b LPP, art. 86 et 86a LPP.',
      en: 'Art. 30a–30g BVG, Art. 331d and 331e OR, Ordinance on the Encouragement of Home Ownership using Occupational Pension Funds (WEFV), Art. 85a lit. b BVG, Art. 86 and 86a BVG.',
    },
  },
]
