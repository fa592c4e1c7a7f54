-- The default frequency and test procedure of the catalogue's 45 key controls (issue 25), for databases
-- whose catalogue was loaded before they existed (a new database gets them from the seed). An entry the
-- operator has given a frequency or a procedure keeps it; an entry the operator removed or renumbered is left alone.
UPDATE "ics_catalog" AS c
SET "default_frequency" = v.frequency::control_frequency,
    "default_procedure_de" = v.de,
    "default_procedure_fr" = v.fr,
    "default_procedure_en" = v.en
FROM (VALUES
  ('01.1.01', 'annual', '1. Reglementsübersicht beiziehen und pro Reglement Version, Inkraftsetzung und letzte Überprüfung mit den Stiftungsratsprotokollen abgleichen.
2. Gesetzes- und Weisungsänderungen des Jahres auflisten und prüfen, ob der Anpassungsbedarf beurteilt und protokolliert wurde.
3. Eingangsbestätigung der Aufsicht für geänderte Reglemente einsehen und Übersicht, Protokollauszug und Bestätigung ablegen.', '1. Consulter l’inventaire des règlements et comparer, pour chacun, version, entrée en vigueur et dernière révision avec les procès-verbaux du conseil de fondation.
2. Lister les modifications légales et les directives de l’année et vérifier que le besoin d’adaptation a été examiné et consigné.
3. Vérifier l’accusé de réception de l’autorité de surveillance pour les règlements modifiés et classer inventaire, extrait du procès-verbal et accusé.', '1. Take the overview of regulations and compare each one’s version, effective date and last review with the foundation council minutes.
2. List the year’s changes in law and directives and check that the need for changes was assessed and minuted.
3. Inspect the supervisor’s acknowledgement for amended regulations and file the overview, the minutes extract and the acknowledgement.'),
  ('01.1.02', 'annual', '1. Mitgliederliste des Stiftungsrats mit Handelsregisterauszug und Wahlprotokollen abgleichen (Parität, Amtsdauern, offene Sitze).
2. Pro Mitglied die besuchten Weiterbildungen des Jahres mit dem Weiterbildungsplan vergleichen und Lücken festhalten.
3. Liste, Registerauszug und Kursbestätigungen als Nachweis ablegen.', '1. Comparer la liste des membres du conseil de fondation avec l’extrait du registre du commerce et les procès-verbaux d’élection (parité, mandats, sièges vacants).
2. Pour chaque membre, comparer les formations suivies dans l’année avec le plan de formation et noter les lacunes.
3. Classer la liste, l’extrait du registre et les attestations de cours comme preuves.', '1. Compare the list of council members with the commercial register extract and the election minutes (equal representation, terms, vacant seats).
2. For each member, compare the training attended in the year with the training plan and note gaps.
3. File the list, the register extract and the course certificates as evidence.'),
  ('01.2.01', 'annual', '1. Empfehlung des Experten für berufliche Vorsorge zum technischen Zinssatz und zu den Grundlagen beiziehen.
2. Beschluss des Stiftungsrats im Protokoll mit der Empfehlung vergleichen und prüfen, ob Abweichungen begründet sind.
3. Prüfen, ob der Jahresabschluss die beschlossenen Grundlagen verwendet, und Empfehlung und Protokollauszug ablegen.', '1. Se procurer la recommandation de l’expert en prévoyance professionnelle sur le taux d’intérêt technique et les bases techniques.
2. Comparer la décision du conseil de fondation au procès-verbal avec la recommandation et vérifier que les écarts sont motivés.
3. Vérifier que les comptes annuels appliquent les bases décidées et classer la recommandation et l’extrait du procès-verbal.', '1. Obtain the pension actuary’s recommendation on the technical interest rate and the actuarial bases.
2. Compare the foundation council’s resolution in the minutes with the recommendation and check that deviations are justified.
3. Check that the annual accounts use the resolved bases and file the recommendation and the minutes extract.'),
  ('01.2.02', 'monthly', '1. Deckungsgradschätzung des Monats mit Vermögensausweis der Depotbank und Vorsorgekapitalien aus der Versichertenverwaltung nachrechnen.
2. Ergebnis mit den Schwellenwerten vergleichen und bei Unterschreitung prüfen, ob Experte und Stiftungsrat informiert wurden.
3. Berechnung und Versandnachweis an den Stiftungsrat ablegen.', '1. Recalculer l’estimation mensuelle du degré de couverture à partir du relevé de fortune de la banque dépositaire et des capitaux de prévoyance.
2. Comparer le résultat avec les seuils et, en cas de dépassement vers le bas, vérifier que l’expert et le conseil de fondation ont été informés.
3. Classer le calcul et la preuve d’envoi au conseil de fondation.', '1. Recalculate the month’s funding ratio estimate from the custodian’s asset statement and the pension liabilities from member administration.
2. Compare the result with the thresholds and, if it falls below, check that the actuary and the foundation council were informed.
3. File the calculation and the evidence of its dispatch to the foundation council.'),
  ('01.3.01', 'annual', '1. Risikoinventar des Jahres mit dem Vorjahr vergleichen: neue, entfallene und neu bewertete Risiken mit Begründung.
2. Für drei wesentliche Risiken prüfen, ob Massnahmen einen Verantwortlichen und einen Termin haben und umgesetzt werden.
3. Genehmigung durch den Stiftungsrat im Protokoll nachweisen und Inventar und Protokollauszug ablegen.', '1. Comparer l’inventaire des risques de l’année avec celui de l’année précédente (risques nouveaux, supprimés ou réévalués, avec motifs).
2. Pour trois risques importants, vérifier que les mesures ont un responsable et une échéance et qu’elles sont mises en œuvre.
3. Prouver l’approbation par le conseil de fondation au procès-verbal et classer l’inventaire et l’extrait.', '1. Compare the year’s risk inventory with the previous year’s: new, removed and re-rated risks with reasons.
2. For three material risks, check that measures have an owner and a due date and are being carried out.
3. Evidence the foundation council’s approval in the minutes and file the inventory and the minutes extract.'),
  ('01.3.02', 'quarterly', '1. Pendenzenliste der Stiftungsratsbeschlüsse mit den Protokollen des Quartals abgleichen: Ist jeder Beschluss erfasst?
2. Für überfällige Pendenzen prüfen, ob Status und neuer Termin im Protokoll festgehalten sind.
3. Pendenzenliste mit Stand und Datum ablegen.', '1. Comparer la liste de suivi des décisions du conseil de fondation avec les procès-verbaux du trimestre et vérifier que chaque décision y figure.
2. Pour les points en retard, vérifier que l’état et la nouvelle échéance sont consignés au procès-verbal.
3. Classer la liste de suivi datée avec son état.', '1. Reconcile the follow-up list of council resolutions with the quarter’s minutes: is every resolution recorded?
2. For overdue items, check that status and new deadline are recorded in the minutes.
3. File the follow-up list with its status and date.'),
  ('02.1.01', 'annual', '1. Datum der letzten ALM-Studie feststellen und prüfen, ob sie höchstens fünf Jahre alt ist oder eine wesentliche Änderung eine neue verlangt.
2. Im Anlagereglement geltende Strategie und Bandbreiten mit dem Stiftungsratsbeschluss vergleichen.
3. Studie (Deckblatt und Zusammenfassung) und Protokollauszug ablegen.', '1. Relever la date de la dernière étude ALM et vérifier qu’elle a cinq ans au plus ou qu’aucun changement important n’en exige une nouvelle.
2. Comparer la stratégie et les marges du règlement de placement avec la décision du conseil de fondation.
3. Classer l’étude (page de garde et synthèse) et l’extrait du procès-verbal.', '1. Establish the date of the last ALM study and check that it is at most five years old or that no material change calls for a new one.
2. Compare the strategy and ranges in the investment regulations with the foundation council’s resolution.
3. File the study (cover and summary) and the minutes extract.'),
  ('02.1.02', 'monthly', '1. Ist-Allokation per Monatsende aus dem Vermögensausweis der Depotbank ermitteln und mit den Bandbreiten des Anlagereglements vergleichen.
2. Bei einer Verletzung prüfen, ob das Rebalancing ausgelöst, genehmigt und fristgerecht umgesetzt wurde.
3. Allokationsübersicht und Rebalancing-Aufträge ablegen.', '1. Établir l’allocation effective en fin de mois à partir du relevé de la banque dépositaire et la comparer aux marges du règlement de placement.
2. En cas de dépassement, vérifier que le rééquilibrage a été déclenché, approuvé et exécuté dans les délais.
3. Classer l’aperçu de l’allocation et les ordres de rééquilibrage.', '1. Derive the month-end allocation from the custodian’s asset statement and compare it with the ranges of the investment regulations.
2. For a breach, check that rebalancing was triggered, approved and carried out in time.
3. File the allocation overview and the rebalancing orders.'),
  ('02.2.01', 'quarterly', '1. Limitenreport des Quartals beiziehen und die Quoten gemäss Art. 54–55 BVV 2 für zwei Kategorien mit dem Vermögensausweis nachrechnen.
2. Für jede Überschreitung prüfen, ob sie im Anlageausschuss besprochen und begründet oder behoben wurde.
3. Report, Nachrechnung und Protokollauszug ablegen.', '1. Se procurer le rapport des limites du trimestre et recalculer les quotes-parts selon les art. 54–55 OPP 2 pour deux catégories à partir du relevé de fortune.
2. Pour chaque dépassement, vérifier qu’il a été discuté au comité de placement et justifié ou corrigé.
3. Classer le rapport, le recalcul et l’extrait du procès-verbal.', '1. Obtain the quarter’s limits report and recalculate the quotas under Art. 54–55 BVV 2 for two categories from the asset statement.
2. For each breach, check that the investment committee discussed it and either justified or corrected it.
3. File the report, the recalculation and the minutes extract.'),
  ('02.2.02', 'monthly', '1. Saldi aller Konten und Depots per Monatsende mit den Bank- und Depotauszügen abstimmen.
2. Offene Differenzen mit ihrer Abklärung prüfen: Ursache, Verantwortlicher, Erledigung.
3. Unterzeichnete Abstimmung und Auszüge ablegen.', '1. Rapprocher les soldes de tous les comptes et dépôts en fin de mois des relevés bancaires et de dépôt.
2. Examiner les écarts ouverts et leur clarification (cause, responsable, règlement).
3. Classer le rapprochement signé et les relevés.', '1. Reconcile the month-end balances of all accounts and custody accounts with the bank and custody statements.
2. Review open differences and their clarification: cause, owner, resolution.
3. File the signed reconciliation and the statements.'),
  ('02.3.01', 'occasional', '1. Bei jedem neuen Mandat die Ausschreibungsunterlagen und den Offertvergleich (Kosten, Leistung, Bewilligung FINMA) einsehen.
2. Vertrag auf Loyalitätsklauseln, Retrozessionen und Kündigungsfristen prüfen und mit dem Genehmigungsbeschluss vergleichen.
3. Offertvergleich, Vertrag und Protokollauszug ablegen.', '1. Pour chaque nouveau mandat, consulter le dossier d’appel d’offres et la comparaison des offres (coûts, performance, autorisation FINMA).
2. Vérifier les clauses de loyauté, de rétrocessions et de résiliation du contrat et les comparer avec la décision d’approbation.
3. Classer la comparaison des offres, le contrat et l’extrait du procès-verbal.', '1. For each new mandate, inspect the tender documents and the comparison of offers (costs, performance, FINMA authorisation).
2. Check the contract’s loyalty, retrocession and termination clauses and compare them with the approving resolution.
3. File the comparison of offers, the contract and the minutes extract.'),
  ('02.3.02', 'quarterly', '1. Performance jedes Mandats im Quartal mit der Benchmark und den Richtlinien vergleichen (Reporting des Vermögensverwalters).
2. Für auffällige Mandate prüfen, ob der Anlageausschuss Massnahmen beschlossen hat.
3. Einmal jährlich die Loyalitätserklärungen der Verwalter einfordern und Reporting, Protokoll und Erklärungen ablegen.', '1. Comparer la performance de chaque mandat du trimestre avec l’indice de référence et les directives (rapport du gérant).
2. Pour les mandats en écart, vérifier que le comité de placement a décidé des mesures.
3. Une fois par an, obtenir les déclarations de loyauté des gérants et classer rapports, procès-verbal et déclarations.', '1. Compare each mandate’s quarterly performance with its benchmark and guidelines (the manager’s report).
2. For mandates that stand out, check that the investment committee resolved measures.
3. Once a year, obtain the managers’ loyalty declarations and file the reports, minutes and declarations.'),
  ('03.1.01', 'monthly', '1. Aus der Mutationsliste des Monats 10 Ein- und Austritte sowie Lohnänderungen auswählen.
2. Jede Mutation mit der Meldung des Arbeitgebers vergleichen und die Freigabe durch eine zweite Person im System prüfen.
3. Stichprobenliste mit Ergebnis und Visum ablegen.', '1. Sélectionner dans la liste des mutations du mois 10 entrées, sorties et modifications de salaire.
2. Comparer chaque mutation avec l’annonce de l’employeur et vérifier la validation par une seconde personne dans le système.
3. Classer la liste de l’échantillon avec le résultat et le visa.', '1. From the month’s change list, select 10 entries, exits and salary changes.
2. Compare each change with the employer’s notification and check the second person’s approval in the system.
3. File the sample list with the result and sign-off.'),
  ('03.1.02', 'annual', '1. Vor dem Versand 20 Vorsorgeausweise zufällig auswählen.
2. Lohn, Beschäftigungsgrad, Altersguthaben und Leistungen mit Stammdaten und Vorjahresausweis vergleichen.
3. Freigabe des Versands durch die Geschäftsführung einsehen und Stichprobe mit Ergebnis ablegen.', '1. Avant l’envoi, choisir au hasard 20 certificats de prévoyance.
2. Comparer salaire, taux d’occupation, avoir de vieillesse et prestations avec les données de base et le certificat de l’année précédente.
3. Vérifier la validation de l’envoi par la direction et classer l’échantillon avec le résultat.', '1. Before dispatch, select 20 pension certificates at random.
2. Compare salary, activity rate, retirement savings and benefits with the master data and the previous year’s certificate.
3. Inspect management’s release of the dispatch and file the sample with the result.'),
  ('03.2.01', 'monthly', '1. Beitragsrechnungen des Monats pro Arbeitgeber mit den Zahlungseingängen und dem Hauptbuch abstimmen.
2. Für 5 Arbeitgeber die Rechnung mit der Lohnmeldung nachrechnen.
3. Differenzen mit Abklärung und die Abstimmung ablegen.', '1. Rapprocher les factures de cotisations du mois par employeur des encaissements et du grand livre.
2. Pour 5 employeurs, recalculer la facture à partir de l’annonce des salaires.
3. Classer les écarts avec leur clarification et le rapprochement.', '1. Reconcile the month’s contribution invoices per employer with incoming payments and the general ledger.
2. For 5 employers, recalculate the invoice from the salary notification.
3. File the differences with their clarification and the reconciliation.'),
  ('03.2.02', 'monthly', '1. Altersliste der offenen Beitragsforderungen per Monatsende mit der Debitorenbuchhaltung abstimmen.
2. Für Forderungen über 90 Tage prüfen, ob Mahnung, Betreibung oder Meldung an den Sicherheitsfonds erfolgt ist.
3. Liste mit Visum der Geschäftsführung ablegen.', '1. Rapprocher la liste par ancienneté des cotisations impayées en fin de mois de la comptabilité débiteurs.
2. Pour les créances de plus de 90 jours, vérifier le rappel, la poursuite ou l’annonce au fonds de garantie.
3. Classer la liste visée par la direction.', '1. Reconcile the month-end ageing list of open contribution receivables with accounts receivable.
2. For receivables over 90 days, check that a reminder, debt collection or notice to the guarantee fund followed.
3. File the list with management’s sign-off.'),
  ('03.3.01', 'monthly', '1. Aus den Austritten des Monats 5 Fälle auswählen, darunter alle Barauszahlungen.
2. Freizügigkeitsleistung nachrechnen, Zahlungsadresse mit der Austrittsmeldung und die Zustimmung des Ehegatten prüfen.
3. Visum der zweiten Person und Stichprobe mit Ergebnis ablegen.', '1. Choisir 5 cas parmi les sorties du mois, dont tous les paiements en espèces.
2. Recalculer la prestation de libre passage, contrôler l’adresse de paiement avec l’avis de sortie et le consentement du conjoint.
3. Classer le visa de la seconde personne et l’échantillon avec le résultat.', '1. Select 5 of the month’s exits, including every cash payment.
2. Recalculate the vested benefit and check the payment address against the exit notice and the spouse’s consent.
3. File the second person’s sign-off and the sample with the result.'),
  ('03.3.02', 'quarterly', '1. Liste der Neueintritte mit ausstehender Freizügigkeitsleistung prüfen: Wurde jede eingefordert?
2. Für 5 Einkäufe die maximale Einkaufssumme und die Sperrfrist nach Art. 79b BVG nachrechnen.
3. Liste, Berechnungen und Bestätigungen ablegen.', '1. Examiner la liste des nouveaux assurés dont la prestation de libre passage est en suspens et vérifier que chacune a été réclamée.
2. Pour 5 rachats, recalculer le montant maximal et le délai de blocage selon l’art. 79b LPP.
3. Classer la liste, les calculs et les confirmations.', '1. Review the list of new members with outstanding vested benefits: was each one claimed?
2. For 5 buy-ins, recalculate the maximum amount and the lock-in period under Art. 79b BVG.
3. File the list, the calculations and the confirmations.'),
  ('04.1.01', 'quarterly', '1. Aus den neuen Renten des Quartals 5 Fälle auswählen.
2. Checkliste, Anspruchsnachweise und Berechnung mit den Stammdaten vergleichen und die Freigabe durch eine zweite zeichnungsberechtigte Person prüfen.
3. Stichprobe mit Ergebnis ablegen.', '1. Choisir 5 cas parmi les nouvelles rentes du trimestre.
2. Comparer la liste de contrôle, les justificatifs du droit et le calcul avec les données de base et vérifier la validation par une seconde personne autorisée à signer.
3. Classer l’échantillon avec le résultat.', '1. Select 5 of the quarter’s new pensions.
2. Compare the checklist, the evidence of entitlement and the calculation with the master data and check the release by a second authorised signatory.
3. File the sample with the result.'),
  ('04.1.02', 'quarterly', '1. Alle Kapitalbezüge des Quartals auflisten und 5 auswählen.
2. Frist der Anmeldung, Unterschrift des Ehegatten und Einkäufe der letzten drei Jahre anhand der Checkliste nachprüfen.
3. Auszahlungsbeleg mit der Freigabe vergleichen und Stichprobe ablegen.', '1. Lister tous les retraits en capital du trimestre et en choisir 5.
2. Contrôler à l’aide de la liste de contrôle le délai d’annonce, la signature du conjoint et les rachats des trois dernières années.
3. Comparer le justificatif de paiement avec la validation et classer l’échantillon.', '1. List all lump-sum withdrawals of the quarter and select 5.
2. Check the notice period, the spouse’s signature and buy-ins of the last three years against the checklist.
3. Compare the payment voucher with the release and file the sample.'),
  ('04.2.01', 'annual', '1. Aus dem Bestand der Invalidenrenten 5 Fälle auswählen.
2. IV-Verfügung, Invaliditätsgrad und Überentschädigungsberechnung mit der ausbezahlten Rente vergleichen.
3. Nachweis der jährlichen Einkommensüberprüfung und Stichprobe ablegen.', '1. Choisir 5 cas parmi les rentes d’invalidité en cours.
2. Comparer la décision AI, le taux d’invalidité et le calcul de surindemnisation avec la rente versée.
3. Classer la preuve de la vérification annuelle des revenus et l’échantillon.', '1. Select 5 cases from the current disability pensions.
2. Compare the disability insurance decision, the degree of disability and the overcompensation calculation with the pension paid.
3. File the evidence of the annual income review and the sample.'),
  ('04.2.02', 'occasional', '1. Bei jedem Todesfall Todesschein, Zivilstandsdokumente und Begünstigtenordnung anhand der Checkliste prüfen.
2. Berechnung der Hinterlassenenleistung nachrechnen und die Freigabe durch eine zweite Person prüfen.
3. Checkliste und Auszahlungsbeleg ablegen.', '1. Pour chaque décès, contrôler l’acte de décès, les documents d’état civil et la clause bénéficiaire à l’aide de la liste de contrôle.
2. Recalculer la prestation de survivants et vérifier la validation par une seconde personne.
3. Classer la liste de contrôle et le justificatif de paiement.', '1. For each death, check the death certificate, civil status documents and beneficiary designation against the checklist.
2. Recalculate the survivors’ benefit and check the release by a second person.
3. File the checklist and the payment voucher.'),
  ('04.3.01', 'monthly', '1. Rentenzahlungstotal des Monats mit dem Vormonat abstimmen und jede Differenz einem Zugang, Abgang oder einer Änderung zuordnen.
2. Alle geänderten Bankverbindungen mit dem unterzeichneten Auftrag vergleichen.
3. Abstimmung und Freigabe im E-Banking (zwei Unterschriften) ablegen.', '1. Rapprocher le total des rentes du mois du mois précédent et rattacher chaque écart à une entrée, une sortie ou une modification.
2. Comparer chaque coordonnée bancaire modifiée avec l’ordre signé.
3. Classer le rapprochement et la validation en e-banking (deux signatures).', '1. Reconcile the month’s pension payment total with the previous month and assign every difference to an addition, removal or change.
2. Compare every changed bank detail with the signed instruction.
3. File the reconciliation and the e-banking release (two signatures).'),
  ('04.3.02', 'annual', '1. Liste der Rentner im Ausland mit den eingegangenen Lebensbescheinigungen abgleichen.
2. Für fehlende Bescheinigungen prüfen, ob gemahnt und die Rente nach Rücksprache sistiert wurde.
3. Abgleich und Mahnungen ablegen.', '1. Comparer la liste des rentiers à l’étranger avec les certificats de vie reçus.
2. Pour les certificats manquants, vérifier le rappel et la suspension de la rente après consultation.
3. Classer la comparaison et les rappels.', '1. Compare the list of pensioners abroad with the life certificates received.
2. For missing certificates, check that a reminder was sent and the pension suspended after consultation.
3. File the comparison and the reminders.'),
  ('05.1.01', 'monthly', '1. Aus dem E-Banking die Zahlungen des Monats exportieren und 10 auswählen, darunter die fünf grössten.
2. Für jede Zahlung prüfen, dass erfassende und freigebende Person verschieden und zeichnungsberechtigt sind, und den Beleg vergleichen.
3. Export, Stichprobe und Berechtigungsliste der Bank ablegen.', '1. Exporter de l’e-banking les paiements du mois et en choisir 10, dont les cinq plus importants.
2. Pour chaque paiement, vérifier que la personne qui saisit et celle qui valide sont différentes et autorisées, et comparer avec la pièce.
3. Classer l’export, l’échantillon et la liste des droits de la banque.', '1. Export the month’s payments from e-banking and select 10, including the five largest.
2. For each payment, check that the person entering and the person releasing differ and are authorised, and compare it with the voucher.
3. File the export, the sample and the bank’s list of authorisations.'),
  ('05.1.02', 'monthly', '1. Liste aller geänderten Zahlungsverbindungen des Monats aus dem System ziehen.
2. Für jede Änderung den unterzeichneten Auftrag oder den Rückruf an eine bekannte Nummer und das Visum der zweiten Person prüfen.
3. Liste mit Ergebnis ablegen.', '1. Extraire du système la liste de toutes les coordonnées de paiement modifiées dans le mois.
2. Pour chaque modification, vérifier l’ordre signé ou le rappel à un numéro connu et le visa de la seconde personne.
3. Classer la liste avec le résultat.', '1. Pull the list of all payment details changed in the month from the system.
2. For each change, check the signed instruction or the call-back to a known number and the second person’s sign-off.
3. File the list with the result.'),
  ('05.2.01', 'annual', '1. Abschlusscheckliste auf Vollständigkeit prüfen.
2. Für 5 Bilanzpositionen die Kontenabstimmung mit Bank-, Depot- und Versichertenbestand vergleichen.
3. Abschlussdokumentation mit Visum der Geschäftsführung ablegen.', '1. Vérifier que la liste de contrôle de clôture est complète.
2. Pour 5 postes du bilan, comparer le rapprochement de compte avec les relevés bancaires, de dépôt et l’effectif des assurés.
3. Classer le dossier de clôture visé par la direction.', '1. Check that the closing checklist is complete.
2. For 5 balance sheet items, compare the account reconciliation with the bank, custody and member records.
3. File the closing documentation with management’s sign-off.'),
  ('05.2.02', 'annual', '1. Bericht der Revisionsstelle und Empfehlungen mit dem Stiftungsratsprotokoll der Genehmigungssitzung vergleichen.
2. Einreichung von Jahresrechnung, Revisions- und Expertenbericht bei der Aufsicht innert Frist prüfen.
3. Protokollauszug und Eingangsbestätigung ablegen.', '1. Comparer le rapport de l’organe de révision et ses recommandations avec le procès-verbal de la séance d’approbation.
2. Vérifier la remise dans les délais des comptes annuels, du rapport de révision et du rapport de l’expert à l’autorité de surveillance.
3. Classer l’extrait du procès-verbal et l’accusé de réception.', '1. Compare the auditor’s report and recommendations with the minutes of the approving council meeting.
2. Check that the annual accounts, audit report and actuary’s report were filed with the supervisor in time.
3. File the minutes extract and the acknowledgement.'),
  ('05.3.01', 'quarterly', '1. Soll-Ist-Vergleich der Verwaltungskosten des Quartals mit dem Hauptbuch abstimmen.
2. Abweichungen über 10 % auf Begründung und Bericht an den Stiftungsrat prüfen.
3. Vergleich und Bericht ablegen.', '1. Rapprocher la comparaison budget-réel des frais d’administration du trimestre du grand livre.
2. Vérifier que les écarts de plus de 10 % sont motivés et communiqués au conseil de fondation.
3. Classer la comparaison et le rapport.', '1. Reconcile the quarter’s budget-to-actual comparison of administrative costs with the general ledger.
2. Check that variances above 10 % are explained and reported to the foundation council.
3. File the comparison and the report.'),
  ('06.1.01', 'semiannual', '1. Berechtigungsliste aus den Fachanwendungen ziehen und den Vorgesetzten zur Bestätigung vorlegen.
2. Für 10 Benutzer die Rechte mit der Funktion vergleichen und prüfen, ob beanstandete Rechte entfernt wurden.
3. Unterzeichnete Bestätigungen und Änderungsnachweise ablegen.', '1. Extraire la liste des droits des applications métier et la soumettre aux supérieurs pour confirmation.
2. Pour 10 utilisateurs, comparer les droits avec la fonction et vérifier que les droits contestés ont été retirés.
3. Classer les confirmations signées et les preuves de modification.', '1. Pull the list of rights from the business applications and have line managers confirm it.
2. For 10 users, compare the rights with the role and check that disputed rights were removed.
3. File the signed confirmations and the evidence of changes.'),
  ('06.1.02', 'monthly', '1. Aktive Benutzerkonten mit der Personalliste des Monats abgleichen.
2. Für jeden Austritt prüfen, dass das Konto spätestens am letzten Arbeitstag gesperrt wurde, und Eröffnungen mit dem genehmigten Antrag vergleichen.
3. Abgleich mit Ergebnis ablegen.', '1. Comparer les comptes utilisateurs actifs avec la liste du personnel du mois.
2. Pour chaque départ, vérifier que le compte a été bloqué au plus tard le dernier jour de travail, et comparer les ouvertures avec la demande approuvée.
3. Classer la comparaison avec le résultat.', '1. Compare the active user accounts with the month’s staff list.
2. For each leaver, check that the account was locked by the last working day, and compare new accounts with the approved request.
3. File the comparison with the result.'),
  ('06.2.01', 'annual', '1. Sicherungsprotokolle von 10 zufälligen Tagen auf erfolgreichen Abschluss prüfen.
2. Protokoll des jährlichen Wiederherstellungstests einsehen: Wiederhergestellte Daten, Dauer und Ergebnis mit dem Soll vergleichen.
3. Protokolle und Abnahme durch die Geschäftsführung ablegen.', '1. Vérifier que les journaux de sauvegarde de 10 jours choisis au hasard indiquent une exécution réussie.
2. Consulter le procès-verbal du test de restauration annuel et comparer données restaurées, durée et résultat avec l’objectif.
3. Classer les journaux et la validation par la direction.', '1. Check the backup logs of 10 random days for successful completion.
2. Inspect the report of the annual restore test: compare the restored data, duration and result with the target.
3. File the logs and management’s sign-off.'),
  ('06.2.02', 'occasional', '1. Bei jedem Sicherheitsvorfall den Eintrag im Vorfallregister auf Zeitpunkt, Ursache, Massnahmen und Verantwortliche prüfen.
2. Prüfen, ob die Meldung an den EDÖB und an Betroffene beurteilt und bei Bedarf fristgerecht erfolgt ist.
3. Registerauszug und Meldenachweis ablegen.', '1. Pour chaque incident de sécurité, vérifier l’inscription au registre (moment, cause, mesures, responsables).
2. Vérifier que l’annonce au PFPDT et aux personnes concernées a été examinée et, au besoin, faite dans les délais.
3. Classer l’extrait du registre et la preuve d’annonce.', '1. For each security incident, check the incident log entry for time, cause, measures and owners.
2. Check that notification to the FDPIC and to data subjects was assessed and, where needed, made in time.
3. File the log extract and the evidence of notification.'),
  ('06.3.01', 'annual', '1. Verzeichnis der Bearbeitungstätigkeiten mit den im Jahr eingeführten Systemen und Dienstleistern abgleichen.
2. Für 3 Tätigkeiten Zweck, Datenkategorien, Empfänger und Aufbewahrung mit der Praxis vergleichen.
3. Verzeichnis mit Datum der Überprüfung ablegen.', '1. Comparer le registre des activités de traitement avec les systèmes et prestataires introduits dans l’année.
2. Pour 3 activités, comparer finalité, catégories de données, destinataires et conservation avec la pratique.
3. Classer le registre avec la date de la révision.', '1. Compare the record of processing activities with the systems and service providers introduced in the year.
2. For 3 activities, compare purpose, data categories, recipients and retention with practice.
3. File the record with the date of the review.'),
  ('06.3.02', 'occasional', '1. Bei jedem Auskunftsbegehren Eingang, Identitätsprüfung und Antwortdatum im Register prüfen (Frist 30 Tage).
2. Antwort auf Vollständigkeit gegen die Datenbestände prüfen und das Visum der zweiten Person einsehen.
3. Registerauszug und Antwort ablegen.', '1. Pour chaque demande d’accès, vérifier au registre la réception, le contrôle d’identité et la date de réponse (délai de 30 jours).
2. Vérifier que la réponse est complète au regard des données détenues et consulter le visa de la seconde personne.
3. Classer l’extrait du registre et la réponse.', '1. For each access request, check receipt, identity check and reply date in the log (30-day deadline).
2. Check the reply for completeness against the data held and inspect the second person’s sign-off.
3. File the log extract and the reply.'),
  ('07.1.01', 'annual', '1. Handelsregisterauszug und Bankvollmachten mit dem Unterschriftenreglement und der Personalliste vergleichen.
2. Für jede Abweichung prüfen, ob die Änderung beschlossen und beim Register bzw. der Bank veranlasst wurde.
3. Abgleich, Registerauszug und Vollmachtenliste ablegen.', '1. Comparer l’extrait du registre du commerce et les procurations bancaires avec le règlement des signatures et la liste du personnel.
2. Pour chaque écart, vérifier que la modification a été décidée et demandée au registre ou à la banque.
3. Classer la comparaison, l’extrait du registre et la liste des procurations.', '1. Compare the commercial register extract and the bank mandates with the signature rules and the staff list.
2. For each difference, check that the change was resolved and requested from the register or the bank.
3. File the comparison, the register extract and the list of mandates.'),
  ('07.1.02', 'annual', '1. Stellvertretungsmatrix mit dem aktuellen Organigramm vergleichen: Hat jede Schlüsselfunktion eine Stellvertretung?
2. Ferienplan des Jahres auf gleichzeitige Abwesenheit von Funktion und Stellvertretung prüfen.
3. Matrix und Ergebnis ablegen.', '1. Comparer la matrice des suppléances avec l’organigramme actuel et vérifier que chaque fonction clé a un suppléant.
2. Examiner le plan des vacances de l’année pour détecter les absences simultanées du titulaire et du suppléant.
3. Classer la matrice et le résultat.', '1. Compare the deputy matrix with the current organisation chart: does every key function have a deputy?
2. Check the year’s holiday plan for simultaneous absences of a function holder and their deputy.
3. File the matrix and the result.'),
  ('07.2.01', 'occasional', '1. Bei jeder Anstellung die Checkliste auf Referenzen, Straf- und Betreibungsregisterauszug prüfen.
2. Datum der Auszüge mit dem Eintrittsdatum vergleichen (nicht älter als drei Monate).
3. Checkliste im Personaldossier ablegen und die Prüfung vermerken.', '1. Pour chaque engagement, vérifier la liste de contrôle (références, extraits du casier judiciaire et du registre des poursuites).
2. Comparer la date des extraits avec la date d’entrée (trois mois au plus).
3. Classer la liste de contrôle dans le dossier du personnel et noter la vérification.', '1. For each hire, check the checklist for references and criminal record and debt enforcement extracts.
2. Compare the extracts’ date with the start date (no older than three months).
3. File the checklist in the personnel file and note the check.'),
  ('07.2.02', 'annual', '1. Liste der Mitarbeitenden mit den unterzeichneten Vertraulichkeitserklärungen abgleichen.
2. Teilnehmerliste der jährlichen Sensibilisierungsschulung mit der Personalliste vergleichen und Nachschulungen festhalten.
3. Abgleich und Teilnehmerliste ablegen.', '1. Comparer la liste du personnel avec les déclarations de confidentialité signées.
2. Comparer la liste de présence de la formation annuelle de sensibilisation avec la liste du personnel et noter les rattrapages.
3. Classer la comparaison et la liste de présence.', '1. Compare the staff list with the signed confidentiality declarations.
2. Compare the attendance list of the annual awareness training with the staff list and note catch-up sessions.
3. File the comparison and the attendance list.'),
  ('07.3.01', 'annual', '1. Dienstleisterregister mit den Verträgen und Kreditorenzahlungen des Jahres abgleichen.
2. Für die wesentlichen Dienstleister Leistungsbericht, Prüfbericht (z. B. ISAE 3402) und Vorfälle beurteilen.
3. Beurteilung mit Visum der Geschäftsführung ablegen.', '1. Comparer le registre des prestataires avec les contrats et les paiements fournisseurs de l’année.
2. Pour les prestataires importants, évaluer le rapport de prestations, le rapport d’assurance (p. ex. ISAE 3402) et les incidents.
3. Classer l’évaluation visée par la direction.', '1. Compare the service provider register with the year’s contracts and supplier payments.
2. For material providers, assess the service report, the assurance report (e.g. ISAE 3402) and incidents.
3. File the assessment with management’s sign-off.'),
  ('08.1.01', 'annual', '1. Liste der Offenlegungspflichtigen mit den zurückgesandten Loyalitätserklärungen abgleichen.
2. Gemeldete Interessenbindungen mit der Übersicht an den Stiftungsrat und dem Protokoll vergleichen.
3. Erklärungen, Übersicht und Protokollauszug ablegen.', '1. Comparer la liste des personnes tenues de déclarer avec les déclarations de loyauté retournées.
2. Comparer les liens d’intérêts déclarés avec l’aperçu remis au conseil de fondation et le procès-verbal.
3. Classer les déclarations, l’aperçu et l’extrait du procès-verbal.', '1. Compare the list of persons required to disclose with the loyalty declarations returned.
2. Compare the disclosed interests with the overview given to the foundation council and the minutes.
3. File the declarations, the overview and the minutes extract.'),
  ('08.1.02', 'annual', '1. Kreditoren und Verträge des Jahres mit dem Register der nahestehenden Personen abgleichen.
2. Für jedes Geschäft mit Nahestehenden Konkurrenzofferten und die Genehmigung durch den Stiftungsrat prüfen.
3. Abgleich und Nachweise ablegen.', '1. Comparer les fournisseurs et contrats de l’année avec le registre des personnes proches.
2. Pour chaque affaire avec une personne proche, vérifier les offres concurrentes et l’approbation du conseil de fondation.
3. Classer la comparaison et les justificatifs.', '1. Compare the year’s suppliers and contracts with the register of related parties.
2. For each related-party transaction, check the competing offers and the foundation council’s approval.
3. File the comparison and the evidence.'),
  ('08.2.01', 'quarterly', '1. Mitteilungen von Aufsicht, BSV und Verbänden des Quartals mit der Übersicht der Rechtsänderungen abgleichen.
2. Für jede relevante Änderung Verantwortlichen, Termin und Stand der Umsetzung prüfen.
3. Übersicht mit Stand ablegen.', '1. Comparer les communications du trimestre de l’autorité de surveillance, de l’OFAS et des associations avec l’aperçu des modifications légales.
2. Pour chaque modification pertinente, vérifier le responsable, l’échéance et l’état de la mise en œuvre.
3. Classer l’aperçu avec son état.', '1. Compare the quarter’s communications from the supervisor, the Federal Social Insurance Office and associations with the overview of legal changes.
2. For each relevant change, check owner, deadline and state of implementation.
3. File the overview with its status.'),
  ('08.2.02', 'quarterly', '1. Meldekalender des Quartals mit den eingereichten Meldungen vergleichen (Datum, Eingangsbestätigung).
2. Für verspätete oder fehlende Meldungen Ursache und Nachholung prüfen.
3. Kalender mit Häkchen und Bestätigungen ablegen.', '1. Comparer le calendrier des annonces du trimestre avec les annonces remises (date, accusé de réception).
2. Pour les annonces tardives ou manquantes, vérifier la cause et le rattrapage.
3. Classer le calendrier coché et les accusés.', '1. Compare the quarter’s reporting calendar with the reports filed (date, acknowledgement).
2. For late or missing reports, check the cause and the catch-up.
3. File the ticked calendar and the acknowledgements.'),
  ('08.3.01', 'quarterly', '1. Eingegangene Beschwerden des Quartals (Post, E-Mail) mit dem Beschwerderegister abgleichen.
2. Für 5 Beschwerden Antwortfrist und Erledigung prüfen und wiederkehrende Ursachen festhalten.
3. Registerauszug mit Visum der Geschäftsführung ablegen.', '1. Comparer les plaintes reçues dans le trimestre (courrier, courriel) avec le registre des plaintes.
2. Pour 5 plaintes, vérifier le délai de réponse et le règlement et noter les causes récurrentes.
3. Classer l’extrait du registre visé par la direction.', '1. Compare the complaints received in the quarter (mail, e-mail) with the complaints register.
2. For 5 complaints, check the reply time and resolution and note recurring causes.
3. File the register extract with management’s sign-off.')
) AS v(idkey, frequency, de, fr, en)
WHERE c."idkey" = v.idkey
  AND c."default_frequency" = 'none'
  AND c."default_procedure_de" = ''
  AND c."default_procedure_fr" = ''
  AND c."default_procedure_en" = '';
