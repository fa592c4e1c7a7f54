import type { IcsCatalogSeed } from './types.ts'

/** Main process 04 – benefits */
export const icsEntries04: IcsCatalogSeed[] = [
  {
    idkey: '04.1.01',
    mainTheme: '04',
    subTheme: '04.1',
    dsgRelevant: true,
    tags: ['benefits', 'retirement', 'entitlement'],
    title: {
      de: 'Anspruchsprüfung vor der ersten Rentenzahlung',
      fr: 'Vérification du droit avant le premier versement de rente',
      en: 'Entitlement check before the first pension payment',
    },
    description: {
      de: 'Bei der Pensionierung wird die Altersrente aus dem Altersguthaben und dem Umwandlungssatz berechnet. Fehler bei Anspruch, Berechnung oder Zahlungsadresse wirken sich über viele Jahre aus und sind nur schwer zu korrigieren.',
      fr: 'Lors du départ à la retraite, la rente de vieillesse est calculée à partir de l’avoir de vieillesse et du taux de conversion. Des erreurs sur le droit, le calcul ou l’adresse de paiement se répercutent sur de nombreuses années et sont difficiles à corriger.',
      en: 'On retirement, the pension is calculated from the retirement savings and the conversion rate. Errors in entitlement, calculation or payment details persist for many years and are hard to correct.',
    },
    defaultControlTarget: {
      de: 'Jede neue Rente wird erst nach geprüftem Anspruch, korrekter Berechnung und verifizierter Zahlungsverbindung ausgelöst.',
      fr: 'Toute nouvelle rente n’est versée qu’après vérification du droit, calcul correct et contrôle de la relation de paiement.',
      en: 'No new pension is paid until entitlement, calculation and payment details have been verified.',
    },
    defaultControlActivity: {
      de: 'Der Leistungsfall wird von der Sachbearbeitung vorbereitet und von einer zweiten, zeichnungsberechtigten Person anhand einer Checkliste geprüft und freigegeben. Die Freigabe ist im Dossier dokumentiert.',
      fr: 'Le cas de prestation est préparé par le gestionnaire, puis contrôlé et libéré par une deuxième personne autorisée à signer, à l’aide d’une liste de contrôle. La libération est documentée dans le dossier.',
      en: 'The benefit case is prepared by the case handler and checked and released by a second authorised signatory using a checklist. The release is documented in the file.',
    },
  },
  {
    idkey: '04.1.02',
    mainTheme: '04',
    subTheme: '04.1',
    dsgRelevant: true,
    tags: ['benefits', 'lump-sum'],
    title: { de: 'Kapitalbezug bei Pensionierung', fr: 'Retrait en capital lors de la retraite', en: 'Lump-sum withdrawal on retirement' },
    description: {
      de: 'Versicherte können ihr Altersguthaben ganz oder teilweise als Kapital beziehen, sofern die reglementarischen Voraussetzungen erfüllt sind. Fehlende Zustimmung des Ehegatten, verpasste Anmeldefristen oder Bezüge innerhalb der Sperrfrist nach einem Einkauf führen zu Haftungsfällen.',
      fr: 'Les assurés peuvent retirer tout ou partie de leur avoir de vieillesse sous forme de capital si les conditions réglementaires sont remplies. L’absence de consentement du conjoint, un délai d’annonce non respecté ou un retrait pendant le délai de blocage suivant un rachat engagent la responsabilité de la caisse.',
      en: 'Insured persons may take all or part of their retirement savings as a lump sum if the regulatory conditions are met. A missing spouse’s consent, a missed notice period or a withdrawal within the blocking period after a buy-in lead to liability cases.',
    },
    defaultControlTarget: {
      de: 'Kapitalbezüge werden nur bei fristgerechter Anmeldung, beglaubigter Zustimmung des Ehegatten bzw. eingetragenen Partners und unter Einhaltung der Sperrfristen ausbezahlt.',
      fr: 'Les retraits en capital ne sont versés qu’en cas d’annonce dans les délais, de consentement légalisé du conjoint ou du partenaire enregistré et de respect des délais de blocage.',
      en: 'Lump sums are only paid if notice was given on time, the spouse’s or registered partner’s certified consent is available and blocking periods are observed.',
    },
    defaultControlActivity: {
      de: 'Die Sachbearbeitung prüft jede Kapitalbezugsanmeldung anhand einer Checkliste (Frist, Zivilstand, Unterschrift, Einkäufe der letzten drei Jahre). Eine zweite Person visiert die Prüfung vor der Zahlungsfreigabe.',
      fr: 'Le gestionnaire contrôle chaque demande de retrait en capital à l’aide d’une liste de contrôle (délai, état civil, signature, rachats des trois dernières années). Une deuxième personne vise le contrôle avant la libération du paiement.',
      en: 'The case handler checks every lump-sum request against a checklist (deadline, marital status, signature, buy-ins in the last three years). A second person signs off the check before the payment is released.',
    },
  },
  {
    idkey: '04.2.01',
    mainTheme: '04',
    subTheme: '04.2',
    dsgRelevant: true,
    tags: ['benefits', 'disability'],
    title: {
      de: 'Festsetzung und Überprüfung von Invalidenleistungen',
      fr: 'Fixation et révision des prestations d’invalidité',
      en: 'Determination and review of disability benefits',
    },
    description: {
      de: 'Invalidenleistungen stützen sich auf den Entscheid der IV-Stelle und die reglementarischen Bestimmungen. Fehlende Überentschädigungsberechnungen oder nicht nachverfolgte Revisionen der IV führen zu ungerechtfertigten Leistungen.',
      fr: 'Les prestations d’invalidité se fondent sur la décision de l’office AI et sur les dispositions réglementaires. L’absence de calcul de surindemnisation ou de suivi des révisions de l’AI entraîne des prestations injustifiées.',
      en: 'Disability benefits are based on the decision of the disability insurance (IV) office and the regulations. Missing overcompensation calculations or unmonitored IV reviews lead to unjustified payments.',
    },
    defaultControlTarget: {
      de: 'Invalidenleistungen entsprechen dem IV-Entscheid und dem Reglement, Überentschädigungen werden berechnet und Änderungen des IV-Grads zeitnah umgesetzt.',
      fr: 'Les prestations d’invalidité correspondent à la décision AI et au règlement, les surindemnisations sont calculées et les changements du taux d’invalidité sont appliqués rapidement.',
      en: 'Disability benefits comply with the IV decision and the regulations, overcompensation is calculated and changes in the degree of disability are applied promptly.',
    },
    defaultControlActivity: {
      de: 'Die Leistungsabteilung prüft jeden IV-Fall nach dem Vier-Augen-Prinzip inklusive Überentschädigungsberechnung. Jährlich werden die Einkommensangaben der Bezüger eingeholt und die Liste der anstehenden IV-Revisionen kontrolliert.',
      fr: 'Le service des prestations contrôle chaque cas AI selon le principe des quatre yeux, y compris le calcul de surindemnisation. Chaque année, les revenus des bénéficiaires sont demandés et la liste des révisions AI à venir est contrôlée.',
      en: 'The benefits team reviews each disability case under the four-eyes principle, including the overcompensation calculation. Every year, beneficiaries’ income details are requested and the list of upcoming IV reviews is checked.',
    },
  },
  {
    idkey: '04.2.02',
    mainTheme: '04',
    subTheme: '04.2',
    dsgRelevant: true,
    tags: ['benefits', 'death'],
    title: { de: 'Hinterlassenenleistungen im Todesfall', fr: 'Prestations de survivants en cas de décès', en: 'Survivors’ benefits on death' },
    description: {
      de: 'Im Todesfall sind Ehegatten-, Partner- und Waisenrenten sowie allfällige Todesfallkapitalien an die Anspruchsberechtigten auszurichten. Eine falsche Bestimmung der Begünstigten oder eine verspätete Erfassung des Todesfalls führt zu Fehlzahlungen und Rechtsstreitigkeiten.',
      fr: 'En cas de décès, les rentes de conjoint, de partenaire et d’orphelin ainsi que les éventuels capitaux-décès doivent être versés aux ayants droit. Une mauvaise détermination des bénéficiaires ou une saisie tardive du décès entraînent des paiements erronés et des litiges.',
      en: 'On death, spouse’s, partner’s and orphan’s pensions and any lump-sum death benefits must be paid to the entitled persons. Incorrectly determined beneficiaries or late recording of the death lead to wrong payments and litigation.',
    },
    defaultControlTarget: {
      de: 'Hinterlassenenleistungen werden nur an die reglementarisch Berechtigten und gestützt auf amtliche Dokumente ausgerichtet.',
      fr: 'Les prestations de survivants ne sont versées qu’aux ayants droit selon le règlement et sur la base de documents officiels.',
      en: 'Survivors’ benefits are paid only to persons entitled under the regulations and based on official documents.',
    },
    defaultControlActivity: {
      de: 'Die Leistungsabteilung prüft Todesschein, Zivilstandsnachweise und Begünstigungserklärungen anhand einer Checkliste. Die Auszahlung wird von einer zweiten zeichnungsberechtigten Person freigegeben.',
      fr: 'Le service des prestations vérifie l’acte de décès, les justificatifs d’état civil et les clauses bénéficiaires à l’aide d’une liste de contrôle. Le versement est libéré par une deuxième personne autorisée à signer.',
      en: 'The benefits team checks the death certificate, civil status documents and beneficiary designations using a checklist. Payment is released by a second authorised signatory.',
    },
  },
  {
    idkey: '04.3.01',
    mainTheme: '04',
    subTheme: '04.3',
    dsgRelevant: false,
    tags: ['pensions', 'payments'],
    title: { de: 'Monatlicher Rentenzahlungslauf', fr: 'Paiement mensuel des rentes', en: 'Monthly pension payment run' },
    description: {
      de: 'Die laufenden Renten werden monatlich aus dem Rentnerbestand ausbezahlt. Manipulierte Zahlungsverbindungen, doppelte Zahlungen oder nicht gestoppte Renten verursachen direkte finanzielle Verluste.',
      fr: 'Les rentes en cours sont versées chaque mois à partir de l’effectif des rentiers. Des coordonnées de paiement manipulées, des paiements à double ou des rentes non suspendues causent des pertes financières directes.',
      en: 'Current pensions are paid monthly from the pensioner portfolio. Manipulated payment details, duplicate payments or pensions not stopped cause direct financial losses.',
    },
    defaultControlTarget: {
      de: 'Der Rentenzahlungslauf ist vollständig, korrekt und enthält nur Zahlungen an berechtigte Rentenbezüger.',
      fr: 'Le paiement des rentes est complet, exact et ne contient que des paiements à des rentiers ayants droit.',
      en: 'The pension payment run is complete, correct and only contains payments to entitled pensioners.',
    },
    defaultControlActivity: {
      de: 'Vor jeder Auszahlung wird das Total mit dem Vormonat abgestimmt und alle Zu- und Abgänge sowie geänderten Bankverbindungen werden erklärt. Die Zahlung wird kollektiv zu zweien freigegeben.',
      fr: 'Avant chaque paiement, le total est rapproché de celui du mois précédent et toutes les entrées, sorties et modifications de coordonnées bancaires sont justifiées. Le paiement est libéré collectivement à deux.',
      en: 'Before each payment, the total is reconciled with the previous month and all additions, removals and changed bank details are explained. The payment is released jointly by two people.',
    },
  },
  {
    idkey: '04.3.02',
    mainTheme: '04',
    subTheme: '04.3',
    dsgRelevant: true,
    tags: ['pensions', 'life-certificate'],
    title: {
      de: 'Lebensbescheinigungen für Rentenbezüger im Ausland',
      fr: 'Certificats de vie des rentiers à l’étranger',
      en: 'Life certificates for pensioners abroad',
    },
    description: {
      de: 'Bei Rentenbezügern im Ausland erfährt die Kasse einen Todesfall oft nicht über die Schweizer Register. Ohne regelmässige Lebensbescheinigungen werden Renten über den Tod hinaus weiterbezahlt.',
      fr: 'Pour les rentiers à l’étranger, la caisse n’apprend souvent pas un décès par les registres suisses. Sans certificats de vie réguliers, des rentes continuent d’être versées après le décès.',
      en: 'For pensioners living abroad, the fund often does not learn of a death through Swiss registers. Without regular life certificates, pensions continue to be paid after death.',
    },
    defaultControlTarget: {
      de: 'Für jeden Rentenbezüger im Ausland liegt jährlich eine gültige amtliche Lebensbescheinigung vor, andernfalls wird die Rente sistiert.',
      fr: 'Un certificat de vie officiel valable est disponible chaque année pour chaque rentier à l’étranger, à défaut la rente est suspendue.',
      en: 'A valid official life certificate is available every year for each pensioner abroad; otherwise the pension is suspended.',
    },
    defaultControlActivity: {
      de: 'Die Leistungsabteilung versendet jährlich die Formulare und überwacht den Rücklauf. Nach erfolgloser Mahnung wird die Rente nach Rücksprache mit der Geschäftsführung sistiert und dies dokumentiert.',
      fr: 'Le service des prestations envoie chaque année les formulaires et surveille leur retour. Après un rappel resté sans effet, la rente est suspendue en accord avec la direction et la suspension est documentée.',
      en: 'The benefits team sends out the forms annually and tracks their return. If a reminder goes unanswered, the pension is suspended after consulting management and this is documented.',
    },
  },
]
