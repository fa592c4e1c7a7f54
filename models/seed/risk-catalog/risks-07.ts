import type { RiskCatalogSeed } from './types.ts'

/** Theme 07 – legal and compliance */
export const risks07: RiskCatalogSeed[] = [
  {
    idkey: '07.01', theme: '07',
    title: { de: 'Gesetzesänderungen und Reformen der beruflichen Vorsorge', fr: 'Modifications légales et réformes de la prévoyance professionnelle', en: 'Changes in law and reforms of occupational pensions' },
    description: {
      de: 'Reformen des BVG oder der AHV, neue Verordnungen oder Änderungen des BVG-Mindestzinssatzes verändern Leistungen, Finanzierung und Prozesse. Änderungen werden zu spät erkannt oder unvollständig umgesetzt. Reglemente, Systeme und Kommunikation sind nicht rechtzeitig angepasst.',
      fr: 'Les réformes de la LPP ou de l’AVS, de nouvelles ordonnances ou la modification du taux d’intérêt minimal LPP modifient prestations, financement et processus. Les changements sont identifiés trop tard ou mis en œuvre de manière incomplète. Règlements, systèmes et communication ne sont pas adaptés à temps.',
      en: 'Reforms of the BVG or AHV, new ordinances or changes to the BVG minimum interest rate alter benefits, funding and processes. Changes are recognised too late or implemented incompletely. Regulations, systems and communication are not adapted in time.',
    },
    reaction: {
      de: 'Gesetzgebung über Verband, Experten und Verwalter verfolgen und Umsetzungsprojekte mit Terminplan führen.',
      fr: 'Suivre la législation via l’association faîtière, l’expert et le gérant et conduire des projets de mise en œuvre avec calendrier.',
      en: 'Track legislation via the industry association, actuary and administrator and run implementation projects with a schedule.',
    },
    controlling: {
      de: 'Halbjährliche Übersicht der Rechtsänderungen mit Umsetzungsstand zuhanden des Stiftungsrats.',
      fr: 'Aperçu semestriel des modifications légales avec état de mise en œuvre à l’intention du conseil de fondation.',
      en: 'Semi-annual overview of legal changes with implementation status for the foundation council.',
    },
    probability: 4, severity: 3, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['legal', 'regulation', 'reform'],
  },
  {
    idkey: '07.02', theme: '07',
    title: { de: 'Nichteinhaltung aufsichtsrechtlicher Vorgaben', fr: 'Non-respect des exigences de surveillance', en: 'Non-compliance with supervisory requirements' },
    description: {
      de: 'Meldepflichten, Fristen für die Einreichung von Jahresbericht und Unterlagen oder Weisungen der OAK BV werden nicht eingehalten. Reglemente werden ohne vorgeschriebene Prüfung oder Einreichung geändert. Die Aufsichtsbehörde erlässt Auflagen oder ordnet Massnahmen an.',
      fr: 'Les obligations d’annonce, les délais de remise du rapport annuel et des documents ou les directives de la CHS PP ne sont pas respectés. Des règlements sont modifiés sans l’examen ou la remise prescrits. L’autorité de surveillance émet des charges ou ordonne des mesures.',
      en: 'Reporting duties, deadlines for submitting the annual report and documents or OAK BV directives are not complied with. Regulations are amended without the required review or submission. The supervisory authority imposes conditions or orders measures.',
    },
    reaction: {
      de: 'Compliance-Kalender mit allen Melde- und Einreichungsfristen führen und Verantwortliche bestimmen.',
      fr: 'Tenir un calendrier de conformité avec tous les délais d’annonce et de remise et désigner les responsables.',
      en: 'Keep a compliance calendar with all reporting and filing deadlines and assign owners.',
    },
    controlling: {
      de: 'Quartalsweise Kontrolle des Compliance-Kalenders und Nachverfolgung der Bemerkungen von Aufsicht und Revisionsstelle.',
      fr: 'Contrôle trimestriel du calendrier de conformité et suivi des remarques de l’autorité de surveillance et de l’organe de révision.',
      en: 'Quarterly check of the compliance calendar and follow-up on findings from the supervisor and auditor.',
    },
    probability: 2, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['compliance', 'supervision'],
  },
  {
    idkey: '07.03', theme: '07',
    title: { de: 'Steuerliche Fehler bei Leistungen, Einkäufen und Anlagen', fr: 'Erreurs fiscales sur prestations, rachats et placements', en: 'Tax errors on benefits, buy-ins and investments' },
    description: {
      de: 'Quellensteuern auf Leistungen an Personen im Ausland werden nicht abgezogen, Kapitalbezüge innert drei Jahren nach einem Einkauf werden ausbezahlt (Art. 79b BVG) oder Rückforderungen von Verrechnungs- und ausländischen Quellensteuern verpasst. Die Kasse haftet für nicht erhobene Steuern oder verliert Erträge. Im Extremfall ist die Steuerbefreiung gefährdet.',
      fr: 'L’impôt à la source sur les prestations versées à l’étranger n’est pas retenu, des prestations en capital sont versées dans les trois ans suivant un rachat (art. 79b LPP) ou les remboursements de l’impôt anticipé et des impôts étrangers à la source sont manqués. La caisse répond des impôts non perçus ou perd des revenus. Dans les cas extrêmes, l’exonération fiscale est menacée.',
      en: 'Withholding tax on benefits paid abroad is not deducted, lump sums are paid within three years of a buy-in (Art. 79b BVG), or reclaims of Swiss and foreign withholding taxes are missed. The fund is liable for uncollected taxes or loses income. In extreme cases its tax exemption is at risk.',
    },
    reaction: {
      de: 'Steuerliche Prüfpunkte im Leistungsprozess verankern und Rückforderungen durch die Depotbank überwachen lassen.',
      fr: 'Intégrer des points de contrôle fiscaux au processus de prestations et faire suivre les remboursements par la banque dépositaire.',
      en: 'Build tax checkpoints into the benefit process and have the custodian monitor reclaims.',
    },
    controlling: {
      de: 'Jährliche Abstimmung der Quellensteuerabrechnungen und der Rückforderungsliste der Depotbank.',
      fr: 'Rapprochement annuel des décomptes d’impôt à la source et de la liste des remboursements de la banque dépositaire.',
      en: 'Annual reconciliation of withholding tax returns and the custodian’s reclaim list.',
    },
    probability: 3, severity: 2, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: false,
    tags: ['tax', 'compliance'],
  },
  {
    idkey: '07.04', theme: '07',
    title: { de: 'Geldwäscherei, Sanktionsverstösse und Betrug', fr: 'Blanchiment d’argent, violations de sanctions et fraude', en: 'Money laundering, sanctions breaches and fraud' },
    description: {
      de: 'Steuerbefreite Vorsorgeeinrichtungen unterstehen dem Geldwäschereigesetz grundsätzlich nicht, Sanktionen nach dem Embargogesetz gelten jedoch auch für sie. Zahlungen an sanktionierte Personen, fiktive Versicherte oder erschlichene Leistungen bleiben unentdeckt. Es drohen strafrechtliche Folgen, Vermögensverlust und Reputationsschaden.',
      fr: 'Les institutions de prévoyance exonérées d’impôt ne sont en principe pas soumises à la loi sur le blanchiment d’argent, mais les sanctions fondées sur la loi sur les embargos s’appliquent aussi à elles. Des paiements à des personnes sanctionnées, des assurés fictifs ou des prestations obtenues par fraude passent inaperçus. Des conséquences pénales, des pertes et une atteinte à la réputation s’ensuivent.',
      en: 'Tax-exempt pension funds are generally not subject to the Anti-Money Laundering Act, but sanctions under the Embargo Act apply to them too. Payments to sanctioned persons, fictitious members or fraudulently obtained benefits go undetected. Criminal consequences, financial loss and reputational damage follow.',
    },
    reaction: {
      de: 'Sanktionslisten bei Auszahlungen ins Ausland abgleichen, Identität bei Leistungsfällen prüfen und Lebensnachweise für Rentner im Ausland einholen.',
      fr: 'Comparer avec les listes de sanctions lors de paiements à l’étranger, vérifier l’identité dans les cas de prestations et exiger des certificats de vie des rentiers à l’étranger.',
      en: 'Screen payments abroad against sanctions lists, verify identity in benefit cases and obtain proof of life from pensioners abroad.',
    },
    controlling: {
      de: 'Jährliche Kontrolle der eingegangenen Lebensnachweise und Protokoll der Sanktionslistenprüfungen.',
      fr: 'Contrôle annuel des certificats de vie reçus et journal des vérifications des listes de sanctions.',
      en: 'Annual check of proofs of life received and a log of sanctions screening.',
    },
    probability: 2, severity: 3, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: false,
    tags: ['compliance', 'sanctions', 'fraud'],
  },
  {
    idkey: '07.05', theme: '07',
    title: { de: 'Verantwortlichkeitsansprüche und Rechtsstreitigkeiten', fr: 'Actions en responsabilité et litiges', en: 'Liability claims and litigation' },
    description: {
      de: 'Versicherte, Arbeitgeber oder die Kasse selbst machen Schäden gegen Organe, Experten oder Revisionsstelle geltend (Art. 52 BVG). Auch Streitigkeiten über Teilliquidationen oder Leistungen binden Ressourcen. Prozesskosten, Schadenersatz und Unsicherheit belasten die Kasse.',
      fr: 'Des assurés, des employeurs ou la caisse elle-même font valoir un dommage contre les organes, l’expert ou l’organe de révision (art. 52 LPP). Les litiges relatifs aux liquidations partielles ou aux prestations mobilisent aussi des ressources. Frais de procédure, dommages-intérêts et incertitude pèsent sur la caisse.',
      en: 'Members, employers or the fund itself claim damages from governing bodies, the actuary or the auditor (Art. 52 BVG). Disputes over partial liquidations or benefits also tie up resources. Legal costs, damages and uncertainty burden the fund.',
    },
    reaction: {
      de: 'Entscheide nachvollziehbar protokollieren, bei Auslegungsfragen Rechtsrat einholen und eine Vermögensschaden-Haftpflichtversicherung abschliessen.',
      fr: 'Consigner les décisions de manière traçable, demander un avis juridique en cas de doute et conclure une assurance responsabilité civile pour dommages patrimoniaux.',
      en: 'Minute decisions traceably, seek legal advice on questions of interpretation and take out financial loss liability insurance.',
    },
    controlling: {
      de: 'Halbjährliche Übersicht hängiger Verfahren mit Risikobeurteilung zuhanden des Stiftungsrats.',
      fr: 'Aperçu semestriel des procédures en cours avec évaluation des risques à l’intention du conseil de fondation.',
      en: 'Semi-annual overview of pending proceedings with risk assessment for the foundation council.',
    },
    probability: 2, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['legal', 'liability', 'litigation'],
  },
]
