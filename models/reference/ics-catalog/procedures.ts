import type { ControlFrequency } from '../../core/constants.ts'
import type { L10n } from './types.ts'

/** A key control's default plan: how often it runs and the steps that test it (numbered, one per line). */
export type IcsProcedureSeed = { frequency: Exclude<ControlFrequency, 'none'>; procedure: L10n }

const steps = (list: string[]) => list.map((s, i) => `${i + 1}. ${s}`).join('\n')
const p = (frequency: IcsProcedureSeed['frequency'], de: string[], fr: string[], en: string[]): IcsProcedureSeed => ({
  frequency,
  procedure: { de: steps(de), fr: steps(fr), en: steps(en) },
})

/**
 * Default frequency and test procedure of every key control of the catalogue, by idkey (issue 25):
 * what the fund's staff sample, what they compare it with and which evidence they keep.
 */
export const icsProcedures: Record<string, IcsProcedureSeed> = {
  '01.1.01': p(
    'annual',
    [
      'Reglementsübersicht beiziehen und pro Reglement Version, Inkraftsetzung und letzte Überprüfung mit den Stiftungsratsprotokollen abgleichen.',
      'Gesetzes- und Weisungsänderungen des Jahres auflisten und prüfen, ob der Anpassungsbedarf beurteilt und protokolliert wurde.',
      'Eingangsbestätigung der Aufsicht für geänderte Reglemente einsehen und Übersicht, Protokollauszug und Bestätigung ablegen.',
    ],
    [
      'Consulter l’inventaire des règlements et comparer, pour chacun, version, entrée en vigueur et dernière révision avec les procès-verbaux du conseil de fondation.',
      'Lister les modifications légales et les directives de l’année et vérifier que le besoin d’adaptation a été examiné et consigné.',
      'Vérifier l’accusé de réception de l’autorité de surveillance pour les règlements modifiés et classer inventaire, extrait du procès-verbal et accusé.',
    ],
    [
      'Take the overview of regulations and compare each one’s version, effective date and last review with the foundation council minutes.',
      'List the year’s changes in law and directives and check that the need for changes was assessed and minuted.',
      'Inspect the supervisor’s acknowledgement for amended regulations and file the overview, the minutes extract and the acknowledgement.',
    ],
  ),
  '01.1.02': p(
    'annual',
    [
      'Mitgliederliste des Stiftungsrats mit Handelsregisterauszug und Wahlprotokollen abgleichen (Parität, Amtsdauern, offene Sitze).',
      'Pro Mitglied die besuchten Weiterbildungen des Jahres mit dem Weiterbildungsplan vergleichen und Lücken festhalten.',
      'Liste, Registerauszug und Kursbestätigungen als Nachweis ablegen.',
    ],
    [
      'Comparer la liste des membres du conseil de fondation avec l’extrait du registre du commerce et les procès-verbaux d’élection (parité, mandats, sièges vacants).',
      'Pour chaque membre, comparer les formations suivies dans l’année avec le plan de formation et noter les lacunes.',
      'Classer la liste, l’extrait du registre et les attestations de cours comme preuves.',
    ],
    [
      'Compare the list of council members with the commercial register extract and the election minutes (equal representation, terms, vacant seats).',
      'For each member, compare the training attended in the year with the training plan and note gaps.',
      'File the list, the register extract and the course certificates as evidence.',
    ],
  ),
  '01.2.01': p(
    'annual',
    [
      'Empfehlung des Experten für berufliche Vorsorge zum technischen Zinssatz und zu den Grundlagen beiziehen.',
      'Beschluss des Stiftungsrats im Protokoll mit der Empfehlung vergleichen und prüfen, ob Abweichungen begründet sind.',
      'Prüfen, ob der Jahresabschluss die beschlossenen Grundlagen verwendet, und Empfehlung und Protokollauszug ablegen.',
    ],
    [
      'Se procurer la recommandation de l’expert en prévoyance professionnelle sur le taux d’intérêt technique et les bases techniques.',
      'Comparer la décision du conseil de fondation au procès-verbal avec la recommandation et vérifier que les écarts sont motivés.',
      'Vérifier que les comptes annuels appliquent les bases décidées et classer la recommandation et l’extrait du procès-verbal.',
    ],
    [
      'Obtain the pension actuary’s recommendation on the technical interest rate and the actuarial bases.',
      'Compare the foundation council’s resolution in the minutes with the recommendation and check that deviations are justified.',
      'Check that the annual accounts use the resolved bases and file the recommendation and the minutes extract.',
    ],
  ),
  '01.2.02': p(
    'monthly',
    [
      'Deckungsgradschätzung des Monats mit Vermögensausweis der Depotbank und Vorsorgekapitalien aus der Versichertenverwaltung nachrechnen.',
      'Ergebnis mit den Schwellenwerten vergleichen und bei Unterschreitung prüfen, ob Experte und Stiftungsrat informiert wurden.',
      'Berechnung und Versandnachweis an den Stiftungsrat ablegen.',
    ],
    [
      'Recalculer l’estimation mensuelle du degré de couverture à partir du relevé de fortune de la banque dépositaire et des capitaux de prévoyance.',
      'Comparer le résultat avec les seuils et, en cas de dépassement vers le bas, vérifier que l’expert et le conseil de fondation ont été informés.',
      'Classer le calcul et la preuve d’envoi au conseil de fondation.',
    ],
    [
      'Recalculate the month’s funding ratio estimate from the custodian’s asset statement and the pension liabilities from member administration.',
      'Compare the result with the thresholds and, if it falls below, check that the actuary and the foundation council were informed.',
      'File the calculation and the evidence of its dispatch to the foundation council.',
    ],
  ),
  '01.3.01': p(
    'annual',
    [
      'Risikoinventar des Jahres mit dem Vorjahr vergleichen: neue, entfallene und neu bewertete Risiken mit Begründung.',
      'Für drei wesentliche Risiken prüfen, ob Massnahmen einen Verantwortlichen und einen Termin haben und umgesetzt werden.',
      'Genehmigung durch den Stiftungsrat im Protokoll nachweisen und Inventar und Protokollauszug ablegen.',
    ],
    [
      'Comparer l’inventaire des risques de l’année avec celui de l’année précédente (risques nouveaux, supprimés ou réévalués, avec motifs).',
      'Pour trois risques importants, vérifier que les mesures ont un responsable et une échéance et qu’elles sont mises en œuvre.',
      'Prouver l’approbation par le conseil de fondation au procès-verbal et classer l’inventaire et l’extrait.',
    ],
    [
      'Compare the year’s risk inventory with the previous year’s: new, removed and re-rated risks with reasons.',
      'For three material risks, check that measures have an owner and a due date and are being carried out.',
      'Evidence the foundation council’s approval in the minutes and file the inventory and the minutes extract.',
    ],
  ),
  '01.3.02': p(
    'quarterly',
    [
      'Pendenzenliste der Stiftungsratsbeschlüsse mit den Protokollen des Quartals abgleichen: Ist jeder Beschluss erfasst?',
      'Für überfällige Pendenzen prüfen, ob Status und neuer Termin im Protokoll festgehalten sind.',
      'Pendenzenliste mit Stand und Datum ablegen.',
    ],
    [
      'Comparer la liste de suivi des décisions du conseil de fondation avec les procès-verbaux du trimestre et vérifier que chaque décision y figure.',
      'Pour les points en retard, vérifier que l’état et la nouvelle échéance sont consignés au procès-verbal.',
      'Classer la liste de suivi datée avec son état.',
    ],
    [
      'Reconcile the follow-up list of council resolutions with the quarter’s minutes: is every resolution recorded?',
      'For overdue items, check that status and new deadline are recorded in the minutes.',
      'File the follow-up list with its status and date.',
    ],
  ),
  '02.1.01': p(
    'annual',
    [
      'Datum der letzten ALM-Studie feststellen und prüfen, ob sie höchstens fünf Jahre alt ist oder eine wesentliche Änderung eine neue verlangt.',
      'Im Anlagereglement geltende Strategie und Bandbreiten mit dem Stiftungsratsbeschluss vergleichen.',
      'Studie (Deckblatt und Zusammenfassung) und Protokollauszug ablegen.',
    ],
    [
      'Relever la date de la dernière étude ALM et vérifier qu’elle a cinq ans au plus ou qu’aucun changement important n’en exige une nouvelle.',
      'Comparer la stratégie et les marges du règlement de placement avec la décision du conseil de fondation.',
      'Classer l’étude (page de garde et synthèse) et l’extrait du procès-verbal.',
    ],
    [
      'Establish the date of the last ALM study and check that it is at most five years old or that no material change calls for a new one.',
      'Compare the strategy and ranges in the investment regulations with the foundation council’s resolution.',
      'File the study (cover and summary) and the minutes extract.',
    ],
  ),
  '02.1.02': p(
    'monthly',
    [
      'Ist-Allokation per Monatsende aus dem Vermögensausweis der Depotbank ermitteln und mit den Bandbreiten des Anlagereglements vergleichen.',
      'Bei einer Verletzung prüfen, ob das Rebalancing ausgelöst, genehmigt und fristgerecht umgesetzt wurde.',
      'Allokationsübersicht und Rebalancing-Aufträge ablegen.',
    ],
    [
      'Établir l’allocation effective en fin de mois à partir du relevé de la banque dépositaire et la comparer aux marges du règlement de placement.',
      'En cas de dépassement, vérifier que le rééquilibrage a été déclenché, approuvé et exécuté dans les délais.',
      'Classer l’aperçu de l’allocation et les ordres de rééquilibrage.',
    ],
    [
      'Derive the month-end allocation from the custodian’s asset statement and compare it with the ranges of the investment regulations.',
      'For a breach, check that rebalancing was triggered, approved and carried out in time.',
      'File the allocation overview and the rebalancing orders.',
    ],
  ),
  '02.2.01': p(
    'quarterly',
    [
      'Limitenreport des Quartals beiziehen und die Quoten gemäss Art. 54–55 BVV 2 für zwei Kategorien mit dem Vermögensausweis nachrechnen.',
      'Für jede Überschreitung prüfen, ob sie im Anlageausschuss besprochen und begründet oder behoben wurde.',
      'Report, Nachrechnung und Protokollauszug ablegen.',
    ],
    [
      'Se procurer le rapport des limites du trimestre et recalculer les quotes-parts selon les art. 54–55 OPP 2 pour deux catégories à partir du relevé de fortune.',
      'Pour chaque dépassement, vérifier qu’il a été discuté au comité de placement et justifié ou corrigé.',
      'Classer le rapport, le recalcul et l’extrait du procès-verbal.',
    ],
    [
      'Obtain the quarter’s limits report and recalculate the quotas under Art. 54–55 BVV 2 for two categories from the asset statement.',
      'For each breach, check that the investment committee discussed it and either justified or corrected it.',
      'File the report, the recalculation and the minutes extract.',
    ],
  ),
  '02.2.02': p(
    'monthly',
    [
      'Saldi aller Konten und Depots per Monatsende mit den Bank- und Depotauszügen abstimmen.',
      'Offene Differenzen mit ihrer Abklärung prüfen: Ursache, Verantwortlicher, Erledigung.',
      'Unterzeichnete Abstimmung und Auszüge ablegen.',
    ],
    [
      'Rapprocher les soldes de tous les comptes et dépôts en fin de mois des relevés bancaires et de dépôt.',
      'Examiner les écarts ouverts et leur clarification (cause, responsable, règlement).',
      'Classer le rapprochement signé et les relevés.',
    ],
    [
      'Reconcile the month-end balances of all accounts and custody accounts with the bank and custody statements.',
      'Review open differences and their clarification: cause, owner, resolution.',
      'File the signed reconciliation and the statements.',
    ],
  ),
  '02.3.01': p(
    'occasional',
    [
      'Bei jedem neuen Mandat die Ausschreibungsunterlagen und den Offertvergleich (Kosten, Leistung, Bewilligung FINMA) einsehen.',
      'Vertrag auf Loyalitätsklauseln, Retrozessionen und Kündigungsfristen prüfen und mit dem Genehmigungsbeschluss vergleichen.',
      'Offertvergleich, Vertrag und Protokollauszug ablegen.',
    ],
    [
      'Pour chaque nouveau mandat, consulter le dossier d’appel d’offres et la comparaison des offres (coûts, performance, autorisation FINMA).',
      'Vérifier les clauses de loyauté, de rétrocessions et de résiliation du contrat et les comparer avec la décision d’approbation.',
      'Classer la comparaison des offres, le contrat et l’extrait du procès-verbal.',
    ],
    [
      'For each new mandate, inspect the tender documents and the comparison of offers (costs, performance, FINMA authorisation).',
      'Check the contract’s loyalty, retrocession and termination clauses and compare them with the approving resolution.',
      'File the comparison of offers, the contract and the minutes extract.',
    ],
  ),
  '02.3.02': p(
    'quarterly',
    [
      'Performance jedes Mandats im Quartal mit der Benchmark und den Richtlinien vergleichen (Reporting des Vermögensverwalters).',
      'Für auffällige Mandate prüfen, ob der Anlageausschuss Massnahmen beschlossen hat.',
      'Einmal jährlich die Loyalitätserklärungen der Verwalter einfordern und Reporting, Protokoll und Erklärungen ablegen.',
    ],
    [
      'Comparer la performance de chaque mandat du trimestre avec l’indice de référence et les directives (rapport du gérant).',
      'Pour les mandats en écart, vérifier que le comité de placement a décidé des mesures.',
      'Une fois par an, obtenir les déclarations de loyauté des gérants et classer rapports, procès-verbal et déclarations.',
    ],
    [
      'Compare each mandate’s quarterly performance with its benchmark and guidelines (the manager’s report).',
      'For mandates that stand out, check that the investment committee resolved measures.',
      'Once a year, obtain the managers’ loyalty declarations and file the reports, minutes and declarations.',
    ],
  ),
  '03.1.01': p(
    'monthly',
    [
      'Aus der Mutationsliste des Monats 10 Ein- und Austritte sowie Lohnänderungen auswählen.',
      'Jede Mutation mit der Meldung des Arbeitgebers vergleichen und die Freigabe durch eine zweite Person im System prüfen.',
      'Stichprobenliste mit Ergebnis und Visum ablegen.',
    ],
    [
      'Sélectionner dans la liste des mutations du mois 10 entrées, sorties et modifications de salaire.',
      'Comparer chaque mutation avec l’annonce de l’employeur et vérifier la validation par une seconde personne dans le système.',
      'Classer la liste de l’échantillon avec le résultat et le visa.',
    ],
    [
      'From the month’s change list, select 10 entries, exits and salary changes.',
      'Compare each change with the employer’s notification and check the second person’s approval in the system.',
      'File the sample list with the result and sign-off.',
    ],
  ),
  '03.1.02': p(
    'annual',
    [
      'Vor dem Versand 20 Vorsorgeausweise zufällig auswählen.',
      'Lohn, Beschäftigungsgrad, Altersguthaben und Leistungen mit Stammdaten und Vorjahresausweis vergleichen.',
      'Freigabe des Versands durch die Geschäftsführung einsehen und Stichprobe mit Ergebnis ablegen.',
    ],
    [
      'Avant l’envoi, choisir au hasard 20 certificats de prévoyance.',
      'Comparer salaire, taux d’occupation, avoir de vieillesse et prestations avec les données de base et le certificat de l’année précédente.',
      'Vérifier la validation de l’envoi par la direction et classer l’échantillon avec le résultat.',
    ],
    [
      'Before dispatch, select 20 pension certificates at random.',
      'Compare salary, activity rate, retirement savings and benefits with the master data and the previous year’s certificate.',
      'Inspect management’s release of the dispatch and file the sample with the result.',
    ],
  ),
  '03.2.01': p(
    'monthly',
    [
      'Beitragsrechnungen des Monats pro Arbeitgeber mit den Zahlungseingängen und dem Hauptbuch abstimmen.',
      'Für 5 Arbeitgeber die Rechnung mit der Lohnmeldung nachrechnen.',
      'Differenzen mit Abklärung und die Abstimmung ablegen.',
    ],
    [
      'Rapprocher les factures de cotisations du mois par employeur des encaissements et du grand livre.',
      'Pour 5 employeurs, recalculer la facture à partir de l’annonce des salaires.',
      'Classer les écarts avec leur clarification et le rapprochement.',
    ],
    [
      'Reconcile the month’s contribution invoices per employer with incoming payments and the general ledger.',
      'For 5 employers, recalculate the invoice from the salary notification.',
      'File the differences with their clarification and the reconciliation.',
    ],
  ),
  '03.2.02': p(
    'monthly',
    [
      'Altersliste der offenen Beitragsforderungen per Monatsende mit der Debitorenbuchhaltung abstimmen.',
      'Für Forderungen über 90 Tage prüfen, ob Mahnung, Betreibung oder Meldung an den Sicherheitsfonds erfolgt ist.',
      'Liste mit Visum der Geschäftsführung ablegen.',
    ],
    [
      'Rapprocher la liste par ancienneté des cotisations impayées en fin de mois de la comptabilité débiteurs.',
      'Pour les créances de plus de 90 jours, vérifier le rappel, la poursuite ou l’annonce au fonds de garantie.',
      'Classer la liste visée par la direction.',
    ],
    [
      'Reconcile the month-end ageing list of open contribution receivables with accounts receivable.',
      'For receivables over 90 days, check that a reminder, debt collection or notice to the guarantee fund followed.',
      'File the list with management’s sign-off.',
    ],
  ),
  '03.3.01': p(
    'monthly',
    [
      'Aus den Austritten des Monats 5 Fälle auswählen, darunter alle Barauszahlungen.',
      'Freizügigkeitsleistung nachrechnen, Zahlungsadresse mit der Austrittsmeldung und die Zustimmung des Ehegatten prüfen.',
      'Visum der zweiten Person und Stichprobe mit Ergebnis ablegen.',
    ],
    [
      'Choisir 5 cas parmi les sorties du mois, dont tous les paiements en espèces.',
      'Recalculer la prestation de libre passage, contrôler l’adresse de paiement avec l’avis de sortie et le consentement du conjoint.',
      'Classer le visa de la seconde personne et l’échantillon avec le résultat.',
    ],
    [
      'Select 5 of the month’s exits, including every cash payment.',
      'Recalculate the vested benefit and check the payment address against the exit notice and the spouse’s consent.',
      'File the second person’s sign-off and the sample with the result.',
    ],
  ),
  '03.3.02': p(
    'quarterly',
    [
      'Liste der Neueintritte mit ausstehender Freizügigkeitsleistung prüfen: Wurde jede eingefordert?',
      'Für 5 Einkäufe die maximale Einkaufssumme und die Sperrfrist nach Art. 79b BVG nachrechnen.',
      'Liste, Berechnungen und Bestätigungen ablegen.',
    ],
    [
      'Examiner la liste des nouveaux assurés dont la prestation de libre passage est en suspens et vérifier que chacune a été réclamée.',
      'Pour 5 rachats, recalculer le montant maximal et le délai de blocage selon l’art. 79b LPP.',
      'Classer la liste, les calculs et les confirmations.',
    ],
    [
      'Review the list of new members with outstanding vested benefits: was each one claimed?',
      'For 5 buy-ins, recalculate the maximum amount and the lock-in period under Art. 79b BVG.',
      'File the list, the calculations and the confirmations.',
    ],
  ),
  '04.1.01': p(
    'quarterly',
    [
      'Aus den neuen Renten des Quartals 5 Fälle auswählen.',
      'Checkliste, Anspruchsnachweise und Berechnung mit den Stammdaten vergleichen und die Freigabe durch eine zweite zeichnungsberechtigte Person prüfen.',
      'Stichprobe mit Ergebnis ablegen.',
    ],
    [
      'Choisir 5 cas parmi les nouvelles rentes du trimestre.',
      'Comparer la liste de contrôle, les justificatifs du droit et le calcul avec les données de base et vérifier la validation par une seconde personne autorisée à signer.',
      'Classer l’échantillon avec le résultat.',
    ],
    [
      'Select 5 of the quarter’s new pensions.',
      'Compare the checklist, the evidence of entitlement and the calculation with the master data and check the release by a second authorised signatory.',
      'File the sample with the result.',
    ],
  ),
  '04.1.02': p(
    'quarterly',
    [
      'Alle Kapitalbezüge des Quartals auflisten und 5 auswählen.',
      'Frist der Anmeldung, Unterschrift des Ehegatten und Einkäufe der letzten drei Jahre anhand der Checkliste nachprüfen.',
      'Auszahlungsbeleg mit der Freigabe vergleichen und Stichprobe ablegen.',
    ],
    [
      'Lister tous les retraits en capital du trimestre et en choisir 5.',
      'Contrôler à l’aide de la liste de contrôle le délai d’annonce, la signature du conjoint et les rachats des trois dernières années.',
      'Comparer le justificatif de paiement avec la validation et classer l’échantillon.',
    ],
    [
      'List all lump-sum withdrawals of the quarter and select 5.',
      'Check the notice period, the spouse’s signature and buy-ins of the last three years against the checklist.',
      'Compare the payment voucher with the release and file the sample.',
    ],
  ),
  '04.2.01': p(
    'annual',
    [
      'Aus dem Bestand der Invalidenrenten 5 Fälle auswählen.',
      'IV-Verfügung, Invaliditätsgrad und Überentschädigungsberechnung mit der ausbezahlten Rente vergleichen.',
      'Nachweis der jährlichen Einkommensüberprüfung und Stichprobe ablegen.',
    ],
    [
      'Choisir 5 cas parmi les rentes d’invalidité en cours.',
      'Comparer la décision AI, le taux d’invalidité et le calcul de surindemnisation avec la rente versée.',
      'Classer la preuve de la vérification annuelle des revenus et l’échantillon.',
    ],
    [
      'Select 5 cases from the current disability pensions.',
      'Compare the disability insurance decision, the degree of disability and the overcompensation calculation with the pension paid.',
      'File the evidence of the annual income review and the sample.',
    ],
  ),
  '04.2.02': p(
    'occasional',
    [
      'Bei jedem Todesfall Todesschein, Zivilstandsdokumente und Begünstigtenordnung anhand der Checkliste prüfen.',
      'Berechnung der Hinterlassenenleistung nachrechnen und die Freigabe durch eine zweite Person prüfen.',
      'Checkliste und Auszahlungsbeleg ablegen.',
    ],
    [
      'Pour chaque décès, contrôler l’acte de décès, les documents d’état civil et la clause bénéficiaire à l’aide de la liste de contrôle.',
      'Recalculer la prestation de survivants et vérifier la validation par une seconde personne.',
      'Classer la liste de contrôle et le justificatif de paiement.',
    ],
    [
      'For each death, check the death certificate, civil status documents and beneficiary designation against the checklist.',
      'Recalculate the survivors’ benefit and check the release by a second person.',
      'File the checklist and the payment voucher.',
    ],
  ),
  '04.3.01': p(
    'monthly',
    [
      'Rentenzahlungstotal des Monats mit dem Vormonat abstimmen und jede Differenz einem Zugang, Abgang oder einer Änderung zuordnen.',
      'Alle geänderten Bankverbindungen mit dem unterzeichneten Auftrag vergleichen.',
      'Abstimmung und Freigabe im E-Banking (zwei Unterschriften) ablegen.',
    ],
    [
      'Rapprocher le total des rentes du mois du mois précédent et rattacher chaque écart à une entrée, une sortie ou une modification.',
      'Comparer chaque coordonnée bancaire modifiée avec l’ordre signé.',
      'Classer le rapprochement et la validation en e-banking (deux signatures).',
    ],
    [
      'Reconcile the month’s pension payment total with the previous month and assign every difference to an addition, removal or change.',
      'Compare every changed bank detail with the signed instruction.',
      'File the reconciliation and the e-banking release (two signatures).',
    ],
  ),
  '04.3.02': p(
    'annual',
    [
      'Liste der Rentner im Ausland mit den eingegangenen Lebensbescheinigungen abgleichen.',
      'Für fehlende Bescheinigungen prüfen, ob gemahnt und die Rente nach Rücksprache sistiert wurde.',
      'Abgleich und Mahnungen ablegen.',
    ],
    [
      'Comparer la liste des rentiers à l’étranger avec les certificats de vie reçus.',
      'Pour les certificats manquants, vérifier le rappel et la suspension de la rente après consultation.',
      'Classer la comparaison et les rappels.',
    ],
    [
      'Compare the list of pensioners abroad with the life certificates received.',
      'For missing certificates, check that a reminder was sent and the pension suspended after consultation.',
      'File the comparison and the reminders.',
    ],
  ),
  '05.1.01': p(
    'monthly',
    [
      'Aus dem E-Banking die Zahlungen des Monats exportieren und 10 auswählen, darunter die fünf grössten.',
      'Für jede Zahlung prüfen, dass erfassende und freigebende Person verschieden und zeichnungsberechtigt sind, und den Beleg vergleichen.',
      'Export, Stichprobe und Berechtigungsliste der Bank ablegen.',
    ],
    [
      'Exporter de l’e-banking les paiements du mois et en choisir 10, dont les cinq plus importants.',
      'Pour chaque paiement, vérifier que la personne qui saisit et celle qui valide sont différentes et autorisées, et comparer avec la pièce.',
      'Classer l’export, l’échantillon et la liste des droits de la banque.',
    ],
    [
      'Export the month’s payments from e-banking and select 10, including the five largest.',
      'For each payment, check that the person entering and the person releasing differ and are authorised, and compare it with the voucher.',
      'File the export, the sample and the bank’s list of authorisations.',
    ],
  ),
  '05.1.02': p(
    'monthly',
    [
      'Liste aller geänderten Zahlungsverbindungen des Monats aus dem System ziehen.',
      'Für jede Änderung den unterzeichneten Auftrag oder den Rückruf an eine bekannte Nummer und das Visum der zweiten Person prüfen.',
      'Liste mit Ergebnis ablegen.',
    ],
    [
      'Extraire du système la liste de toutes les coordonnées de paiement modifiées dans le mois.',
      'Pour chaque modification, vérifier l’ordre signé ou le rappel à un numéro connu et le visa de la seconde personne.',
      'Classer la liste avec le résultat.',
    ],
    [
      'Pull the list of all payment details changed in the month from the system.',
      'For each change, check the signed instruction or the call-back to a known number and the second person’s sign-off.',
      'File the list with the result.',
    ],
  ),
  '05.2.01': p(
    'annual',
    [
      'Abschlusscheckliste auf Vollständigkeit prüfen.',
      'Für 5 Bilanzpositionen die Kontenabstimmung mit Bank-, Depot- und Versichertenbestand vergleichen.',
      'Abschlussdokumentation mit Visum der Geschäftsführung ablegen.',
    ],
    [
      'Vérifier que la liste de contrôle de clôture est complète.',
      'Pour 5 postes du bilan, comparer le rapprochement de compte avec les relevés bancaires, de dépôt et l’effectif des assurés.',
      'Classer le dossier de clôture visé par la direction.',
    ],
    [
      'Check that the closing checklist is complete.',
      'For 5 balance sheet items, compare the account reconciliation with the bank, custody and member records.',
      'File the closing documentation with management’s sign-off.',
    ],
  ),
  '05.2.02': p(
    'annual',
    [
      'Bericht der Revisionsstelle und Empfehlungen mit dem Stiftungsratsprotokoll der Genehmigungssitzung vergleichen.',
      'Einreichung von Jahresrechnung, Revisions- und Expertenbericht bei der Aufsicht innert Frist prüfen.',
      'Protokollauszug und Eingangsbestätigung ablegen.',
    ],
    [
      'Comparer le rapport de l’organe de révision et ses recommandations avec le procès-verbal de la séance d’approbation.',
      'Vérifier la remise dans les délais des comptes annuels, du rapport de révision et du rapport de l’expert à l’autorité de surveillance.',
      'Classer l’extrait du procès-verbal et l’accusé de réception.',
    ],
    [
      'Compare the auditor’s report and recommendations with the minutes of the approving council meeting.',
      'Check that the annual accounts, audit report and actuary’s report were filed with the supervisor in time.',
      'File the minutes extract and the acknowledgement.',
    ],
  ),
  '05.3.01': p(
    'quarterly',
    [
      'Soll-Ist-Vergleich der Verwaltungskosten des Quartals mit dem Hauptbuch abstimmen.',
      'Abweichungen über 10 % auf Begründung und Bericht an den Stiftungsrat prüfen.',
      'Vergleich und Bericht ablegen.',
    ],
    [
      'Rapprocher la comparaison budget-réel des frais d’administration du trimestre du grand livre.',
      'Vérifier que les écarts de plus de 10 % sont motivés et communiqués au conseil de fondation.',
      'Classer la comparaison et le rapport.',
    ],
    [
      'Reconcile the quarter’s budget-to-actual comparison of administrative costs with the general ledger.',
      'Check that variances above 10 % are explained and reported to the foundation council.',
      'File the comparison and the report.',
    ],
  ),
  '06.1.01': p(
    'semiannual',
    [
      'Berechtigungsliste aus den Fachanwendungen ziehen und den Vorgesetzten zur Bestätigung vorlegen.',
      'Für 10 Benutzer die Rechte mit der Funktion vergleichen und prüfen, ob beanstandete Rechte entfernt wurden.',
      'Unterzeichnete Bestätigungen und Änderungsnachweise ablegen.',
    ],
    [
      'Extraire la liste des droits des applications métier et la soumettre aux supérieurs pour confirmation.',
      'Pour 10 utilisateurs, comparer les droits avec la fonction et vérifier que les droits contestés ont été retirés.',
      'Classer les confirmations signées et les preuves de modification.',
    ],
    [
      'Pull the list of rights from the business applications and have line managers confirm it.',
      'For 10 users, compare the rights with the role and check that disputed rights were removed.',
      'File the signed confirmations and the evidence of changes.',
    ],
  ),
  '06.1.02': p(
    'monthly',
    [
      'Aktive Benutzerkonten mit der Personalliste des Monats abgleichen.',
      'Für jeden Austritt prüfen, dass das Konto spätestens am letzten Arbeitstag gesperrt wurde, und Eröffnungen mit dem genehmigten Antrag vergleichen.',
      'Abgleich mit Ergebnis ablegen.',
    ],
    [
      'Comparer les comptes utilisateurs actifs avec la liste du personnel du mois.',
      'Pour chaque départ, vérifier que le compte a été bloqué au plus tard le dernier jour de travail, et comparer les ouvertures avec la demande approuvée.',
      'Classer la comparaison avec le résultat.',
    ],
    [
      'Compare the active user accounts with the month’s staff list.',
      'For each leaver, check that the account was locked by the last working day, and compare new accounts with the approved request.',
      'File the comparison with the result.',
    ],
  ),
  '06.2.01': p(
    'annual',
    [
      'Sicherungsprotokolle von 10 zufälligen Tagen auf erfolgreichen Abschluss prüfen.',
      'Protokoll des jährlichen Wiederherstellungstests einsehen: Wiederhergestellte Daten, Dauer und Ergebnis mit dem Soll vergleichen.',
      'Protokolle und Abnahme durch die Geschäftsführung ablegen.',
    ],
    [
      'Vérifier que les journaux de sauvegarde de 10 jours choisis au hasard indiquent une exécution réussie.',
      'Consulter le procès-verbal du test de restauration annuel et comparer données restaurées, durée et résultat avec l’objectif.',
      'Classer les journaux et la validation par la direction.',
    ],
    [
      'Check the backup logs of 10 random days for successful completion.',
      'Inspect the report of the annual restore test: compare the restored data, duration and result with the target.',
      'File the logs and management’s sign-off.',
    ],
  ),
  '06.2.02': p(
    'occasional',
    [
      'Bei jedem Sicherheitsvorfall den Eintrag im Vorfallregister auf Zeitpunkt, Ursache, Massnahmen und Verantwortliche prüfen.',
      'Prüfen, ob die Meldung an den EDÖB und an Betroffene beurteilt und bei Bedarf fristgerecht erfolgt ist.',
      'Registerauszug und Meldenachweis ablegen.',
    ],
    [
      'Pour chaque incident de sécurité, vérifier l’inscription au registre (moment, cause, mesures, responsables).',
      'Vérifier que l’annonce au PFPDT et aux personnes concernées a été examinée et, au besoin, faite dans les délais.',
      'Classer l’extrait du registre et la preuve d’annonce.',
    ],
    [
      'For each security incident, check the incident log entry for time, cause, measures and owners.',
      'Check that notification to the FDPIC and to data subjects was assessed and, where needed, made in time.',
      'File the log extract and the evidence of notification.',
    ],
  ),
  '06.3.01': p(
    'annual',
    [
      'Verzeichnis der Bearbeitungstätigkeiten mit den im Jahr eingeführten Systemen und Dienstleistern abgleichen.',
      'Für 3 Tätigkeiten Zweck, Datenkategorien, Empfänger und Aufbewahrung mit der Praxis vergleichen.',
      'Verzeichnis mit Datum der Überprüfung ablegen.',
    ],
    [
      'Comparer le registre des activités de traitement avec les systèmes et prestataires introduits dans l’année.',
      'Pour 3 activités, comparer finalité, catégories de données, destinataires et conservation avec la pratique.',
      'Classer le registre avec la date de la révision.',
    ],
    [
      'Compare the record of processing activities with the systems and service providers introduced in the year.',
      'For 3 activities, compare purpose, data categories, recipients and retention with practice.',
      'File the record with the date of the review.',
    ],
  ),
  '06.3.02': p(
    'occasional',
    [
      'Bei jedem Auskunftsbegehren Eingang, Identitätsprüfung und Antwortdatum im Register prüfen (Frist 30 Tage).',
      'Antwort auf Vollständigkeit gegen die Datenbestände prüfen und das Visum der zweiten Person einsehen.',
      'Registerauszug und Antwort ablegen.',
    ],
    [
      'Pour chaque demande d’accès, vérifier au registre la réception, le contrôle d’identité et la date de réponse (délai de 30 jours).',
      'Vérifier que la réponse est complète au regard des données détenues et consulter le visa de la seconde personne.',
      'Classer l’extrait du registre et la réponse.',
    ],
    [
      'For each access request, check receipt, identity check and reply date in the log (30-day deadline).',
      'Check the reply for completeness against the data held and inspect the second person’s sign-off.',
      'File the log extract and the reply.',
    ],
  ),
  '07.1.01': p(
    'annual',
    [
      'Handelsregisterauszug und Bankvollmachten mit dem Unterschriftenreglement und der Personalliste vergleichen.',
      'Für jede Abweichung prüfen, ob die Änderung beschlossen und beim Register bzw. der Bank veranlasst wurde.',
      'Abgleich, Registerauszug und Vollmachtenliste ablegen.',
    ],
    [
      'Comparer l’extrait du registre du commerce et les procurations bancaires avec le règlement des signatures et la liste du personnel.',
      'Pour chaque écart, vérifier que la modification a été décidée et demandée au registre ou à la banque.',
      'Classer la comparaison, l’extrait du registre et la liste des procurations.',
    ],
    [
      'Compare the commercial register extract and the bank mandates with the signature rules and the staff list.',
      'For each difference, check that the change was resolved and requested from the register or the bank.',
      'File the comparison, the register extract and the list of mandates.',
    ],
  ),
  '07.1.02': p(
    'annual',
    [
      'Stellvertretungsmatrix mit dem aktuellen Organigramm vergleichen: Hat jede Schlüsselfunktion eine Stellvertretung?',
      'Ferienplan des Jahres auf gleichzeitige Abwesenheit von Funktion und Stellvertretung prüfen.',
      'Matrix und Ergebnis ablegen.',
    ],
    [
      'Comparer la matrice des suppléances avec l’organigramme actuel et vérifier que chaque fonction clé a un suppléant.',
      'Examiner le plan des vacances de l’année pour détecter les absences simultanées du titulaire et du suppléant.',
      'Classer la matrice et le résultat.',
    ],
    [
      'Compare the deputy matrix with the current organisation chart: does every key function have a deputy?',
      'Check the year’s holiday plan for simultaneous absences of a function holder and their deputy.',
      'File the matrix and the result.',
    ],
  ),
  '07.2.01': p(
    'occasional',
    [
      'Bei jeder Anstellung die Checkliste auf Referenzen, Straf- und Betreibungsregisterauszug prüfen.',
      'Datum der Auszüge mit dem Eintrittsdatum vergleichen (nicht älter als drei Monate).',
      'Checkliste im Personaldossier ablegen und die Prüfung vermerken.',
    ],
    [
      'Pour chaque engagement, vérifier la liste de contrôle (références, extraits du casier judiciaire et du registre des poursuites).',
      'Comparer la date des extraits avec la date d’entrée (trois mois au plus).',
      'Classer la liste de contrôle dans le dossier du personnel et noter la vérification.',
    ],
    [
      'For each hire, check the checklist for references and criminal record and debt enforcement extracts.',
      'Compare the extracts’ date with the start date (no older than three months).',
      'File the checklist in the personnel file and note the check.',
    ],
  ),
  '07.2.02': p(
    'annual',
    [
      'Liste der Mitarbeitenden mit den unterzeichneten Vertraulichkeitserklärungen abgleichen.',
      'Teilnehmerliste der jährlichen Sensibilisierungsschulung mit der Personalliste vergleichen und Nachschulungen festhalten.',
      'Abgleich und Teilnehmerliste ablegen.',
    ],
    [
      'Comparer la liste du personnel avec les déclarations de confidentialité signées.',
      'Comparer la liste de présence de la formation annuelle de sensibilisation avec la liste du personnel et noter les rattrapages.',
      'Classer la comparaison et la liste de présence.',
    ],
    [
      'Compare the staff list with the signed confidentiality declarations.',
      'Compare the attendance list of the annual awareness training with the staff list and note catch-up sessions.',
      'File the comparison and the attendance list.',
    ],
  ),
  '07.3.01': p(
    'annual',
    [
      'Dienstleisterregister mit den Verträgen und Kreditorenzahlungen des Jahres abgleichen.',
      'Für die wesentlichen Dienstleister Leistungsbericht, Prüfbericht (z. B. ISAE 3402) und Vorfälle beurteilen.',
      'Beurteilung mit Visum der Geschäftsführung ablegen.',
    ],
    [
      'Comparer le registre des prestataires avec les contrats et les paiements fournisseurs de l’année.',
      'Pour les prestataires importants, évaluer le rapport de prestations, le rapport d’assurance (p. ex. ISAE 3402) et les incidents.',
      'Classer l’évaluation visée par la direction.',
    ],
    [
      'Compare the service provider register with the year’s contracts and supplier payments.',
      'For material providers, assess the service report, the assurance report (e.g. ISAE 3402) and incidents.',
      'File the assessment with management’s sign-off.',
    ],
  ),
  '08.1.01': p(
    'annual',
    [
      'Liste der Offenlegungspflichtigen mit den zurückgesandten Loyalitätserklärungen abgleichen.',
      'Gemeldete Interessenbindungen mit der Übersicht an den Stiftungsrat und dem Protokoll vergleichen.',
      'Erklärungen, Übersicht und Protokollauszug ablegen.',
    ],
    [
      'Comparer la liste des personnes tenues de déclarer avec les déclarations de loyauté retournées.',
      'Comparer les liens d’intérêts déclarés avec l’aperçu remis au conseil de fondation et le procès-verbal.',
      'Classer les déclarations, l’aperçu et l’extrait du procès-verbal.',
    ],
    [
      'Compare the list of persons required to disclose with the loyalty declarations returned.',
      'Compare the disclosed interests with the overview given to the foundation council and the minutes.',
      'File the declarations, the overview and the minutes extract.',
    ],
  ),
  '08.1.02': p(
    'annual',
    [
      'Kreditoren und Verträge des Jahres mit dem Register der nahestehenden Personen abgleichen.',
      'Für jedes Geschäft mit Nahestehenden Konkurrenzofferten und die Genehmigung durch den Stiftungsrat prüfen.',
      'Abgleich und Nachweise ablegen.',
    ],
    [
      'Comparer les fournisseurs et contrats de l’année avec le registre des personnes proches.',
      'Pour chaque affaire avec une personne proche, vérifier les offres concurrentes et l’approbation du conseil de fondation.',
      'Classer la comparaison et les justificatifs.',
    ],
    [
      'Compare the year’s suppliers and contracts with the register of related parties.',
      'For each related-party transaction, check the competing offers and the foundation council’s approval.',
      'File the comparison and the evidence.',
    ],
  ),
  '08.2.01': p(
    'quarterly',
    [
      'Mitteilungen von Aufsicht, BSV und Verbänden des Quartals mit der Übersicht der Rechtsänderungen abgleichen.',
      'Für jede relevante Änderung Verantwortlichen, Termin und Stand der Umsetzung prüfen.',
      'Übersicht mit Stand ablegen.',
    ],
    [
      'Comparer les communications du trimestre de l’autorité de surveillance, de l’OFAS et des associations avec l’aperçu des modifications légales.',
      'Pour chaque modification pertinente, vérifier le responsable, l’échéance et l’état de la mise en œuvre.',
      'Classer l’aperçu avec son état.',
    ],
    [
      'Compare the quarter’s communications from the supervisor, the Federal Social Insurance Office and associations with the overview of legal changes.',
      'For each relevant change, check owner, deadline and state of implementation.',
      'File the overview with its status.',
    ],
  ),
  '08.2.02': p(
    'quarterly',
    [
      'Meldekalender des Quartals mit den eingereichten Meldungen vergleichen (Datum, Eingangsbestätigung).',
      'Für verspätete oder fehlende Meldungen Ursache und Nachholung prüfen.',
      'Kalender mit Häkchen und Bestätigungen ablegen.',
    ],
    [
      'Comparer le calendrier des annonces du trimestre avec les annonces remises (date, accusé de réception).',
      'Pour les annonces tardives ou manquantes, vérifier la cause et le rattrapage.',
      'Classer le calendrier coché et les accusés.',
    ],
    [
      'Compare the quarter’s reporting calendar with the reports filed (date, acknowledgement).',
      'For late or missing reports, check the cause and the catch-up.',
      'File the ticked calendar and the acknowledgements.',
    ],
  ),
  '08.3.01': p(
    'quarterly',
    [
      'Eingegangene Beschwerden des Quartals (Post, E-Mail) mit dem Beschwerderegister abgleichen.',
      'Für 5 Beschwerden Antwortfrist und Erledigung prüfen und wiederkehrende Ursachen festhalten.',
      'Registerauszug mit Visum der Geschäftsführung ablegen.',
    ],
    [
      'Comparer les plaintes reçues dans le trimestre (courrier, courriel) avec le registre des plaintes.',
      'Pour 5 plaintes, vérifier le délai de réponse et le règlement et noter les causes récurrentes.',
      'Classer l’extrait du registre visé par la direction.',
    ],
    [
      'Compare the complaints received in the quarter (mail, e-mail) with the complaints register.',
      'For 5 complaints, check the reply time and resolution and note recurring causes.',
      'File the register extract with management’s sign-off.',
    ],
  ),
}
