import type { RiskCatalogSeed } from './types.ts'

/** Theme 06 – data protection (DSG) */
export const risks06: RiskCatalogSeed[] = [
  {
    idkey: '06.01', theme: '06',
    title: { de: 'Verletzung der Datensicherheit mit Gesundheitsdaten von Versicherten', fr: 'Violation de la sécurité des données de santé des assurés', en: 'Data security breach involving members’ health data' },
    description: {
      de: 'Gesundheitsdaten aus Gesundheitsprüfungen, IV-Entscheiden oder Arztberichten gelangen durch Fehlversand, Verlust oder Angriff an Unbefugte. Es handelt sich um besonders schützenswerte Personendaten. Betroffene erleiden Nachteile, die Kasse verliert Vertrauen und muss mit Verfahren des EDÖB rechnen.',
      fr: 'Des données de santé issues d’examens médicaux, de décisions AI ou de rapports médicaux parviennent à des personnes non autorisées par erreur d’envoi, perte ou attaque. Il s’agit de données personnelles sensibles. Les personnes concernées subissent un préjudice, la caisse perd la confiance et s’expose à une procédure du PFPDT.',
      en: 'Health data from medical questionnaires, IV decisions or medical reports reach unauthorised persons through misdirected mail, loss or attack. These are sensitive personal data. Data subjects suffer harm, the fund loses trust and may face proceedings by the FDPIC.',
    },
    reaction: {
      de: 'Gesundheitsdaten getrennt und verschlüsselt ablegen, Zugriff auf den Vertrauensarzt und berechtigte Personen beschränken und sicheren Versand vorschreiben.',
      fr: 'Stocker les données de santé séparément et chiffrées, limiter l’accès au médecin-conseil et aux personnes autorisées et imposer un envoi sécurisé.',
      en: 'Store health data separately and encrypted, restrict access to the medical adviser and authorised staff and require secure transmission.',
    },
    controlling: {
      de: 'Jährliche Kontrolle der Zugriffe auf Gesundheitsdaten und Auswertung gemeldeter Datenschutzvorfälle.',
      fr: 'Contrôle annuel des accès aux données de santé et analyse des incidents de protection des données signalés.',
      en: 'Annual review of access to health data and analysis of reported data protection incidents.',
    },
    probability: 2, severity: 4, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['data-protection', 'health-data', 'breach'],
  },
  {
    idkey: '06.02', theme: '06',
    title: { de: 'Unvollständiges Verzeichnis der Bearbeitungstätigkeiten', fr: 'Registre des activités de traitement incomplet', en: 'Incomplete record of processing activities' },
    description: {
      de: 'Das nach Art. 12 DSG geforderte Bearbeitungsverzeichnis fehlt oder bildet neue Bearbeitungen, Empfänger und Aufbewahrungsfristen nicht ab. Die Ausnahme für kleine Unternehmen greift wegen der Bearbeitung von Gesundheitsdaten in der Regel nicht. Die Kasse verliert den Überblick und kann ihre Datenschutzkonformität nicht nachweisen.',
      fr: 'Le registre des activités de traitement exigé par l’art. 12 LPD manque ou ne reflète pas les nouveaux traitements, destinataires et durées de conservation. L’exception pour les petites entreprises ne s’applique généralement pas en raison du traitement de données de santé. La caisse perd la vue d’ensemble et ne peut prouver sa conformité.',
      en: 'The record of processing activities required by Art. 12 DSG is missing or omits new processing, recipients and retention periods. The exemption for small businesses generally does not apply because health data are processed. The fund loses oversight and cannot demonstrate compliance.',
    },
    reaction: {
      de: 'Verzeichnis zentral führen, Verantwortliche je Bearbeitung bestimmen und Änderungen in Projekten und Verträgen meldepflichtig machen.',
      fr: 'Tenir le registre de manière centralisée, désigner un responsable par traitement et rendre obligatoire l’annonce des changements dans les projets et contrats.',
      en: 'Keep the record centrally, name an owner per processing activity and require changes in projects and contracts to be reported.',
    },
    controlling: {
      de: 'Jährliche Überprüfung des Verzeichnisses durch die Datenschutzverantwortliche Person.',
      fr: 'Revue annuelle du registre par la personne responsable de la protection des données.',
      en: 'Annual review of the record by the person responsible for data protection.',
    },
    probability: 3, severity: 2, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['data-protection', 'record-of-processing'],
  },
  {
    idkey: '06.03', theme: '06',
    title: { de: 'Fehlende Datenschutz-Folgenabschätzung', fr: 'Analyse d’impact relative à la protection des données manquante', en: 'Missing data protection impact assessment' },
    description: {
      de: 'Neue Systeme, Portale oder Auslagerungen mit umfangreicher Bearbeitung von Gesundheitsdaten werden ohne Datenschutz-Folgenabschätzung eingeführt (Art. 22 DSG). Hohe Risiken für die Betroffenen werden nicht erkannt und nicht gemindert. Nachträgliche Anpassungen sind teuer und verzögern Projekte.',
      fr: 'De nouveaux systèmes, portails ou externalisations impliquant un traitement étendu de données de santé sont introduits sans analyse d’impact (art. 22 LPD). Les risques élevés pour les personnes concernées ne sont ni identifiés ni réduits. Les corrections ultérieures sont coûteuses et retardent les projets.',
      en: 'New systems, portals or outsourcing involving extensive processing of health data are introduced without an impact assessment (Art. 22 DSG). High risks for data subjects are neither identified nor mitigated. Later corrections are costly and delay projects.',
    },
    reaction: {
      de: 'Vorprüfung auf hohes Risiko in jedem Projekt verankern und bei verbleibendem hohem Risiko den EDÖB konsultieren (Art. 23 DSG).',
      fr: 'Intégrer un examen préalable du risque élevé dans chaque projet et consulter le PFPDT en cas de risque élevé résiduel (art. 23 LPD).',
      en: 'Build a high-risk pre-check into every project and consult the FDPIC if a high residual risk remains (Art. 23 DSG).',
    },
    controlling: {
      de: 'Projektfreigaben durch die Geschäftsführung nur mit dokumentierter Vorprüfung bzw. Folgenabschätzung.',
      fr: 'Validation des projets par la direction uniquement avec examen préalable ou analyse d’impact documentés.',
      en: 'Management approves projects only with a documented pre-check or impact assessment.',
    },
    probability: 3, severity: 3, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['data-protection', 'dpia'],
  },
  {
    idkey: '06.04', theme: '06',
    title: { de: 'Verspätete oder unterlassene Meldung an den EDÖB', fr: 'Annonce tardive ou omise au PFPDT', en: 'Late or missing notification to the FDPIC' },
    description: {
      de: 'Eine Verletzung der Datensicherheit wird nicht erkannt, intern nicht eskaliert oder falsch beurteilt. Die Meldung an den EDÖB erfolgt nicht so rasch als möglich, obwohl ein hohes Risiko für die Betroffenen besteht (Art. 24 DSG). Die Betroffenen werden nicht rechtzeitig informiert, und das Verfahren des EDÖB fällt strenger aus.',
      fr: 'Une violation de la sécurité des données n’est pas détectée, pas remontée en interne ou mal évaluée. L’annonce au PFPDT n’intervient pas dans les meilleurs délais alors qu’il existe un risque élevé pour les personnes concernées (art. 24 LPD). Celles-ci ne sont pas informées à temps et la procédure du PFPDT s’en trouve durcie.',
      en: 'A data security breach is not detected, not escalated internally or wrongly assessed. The FDPIC is not notified as soon as possible although there is a high risk for data subjects (Art. 24 DSG). Data subjects are not informed in time and the FDPIC proceedings become more severe.',
    },
    reaction: {
      de: 'Meldeprozess mit Beurteilungsraster, Zuständigkeiten und Vorlagen festlegen; Dienstleister vertraglich zur sofortigen Meldung verpflichten.',
      fr: 'Définir un processus d’annonce avec grille d’évaluation, responsabilités et modèles ; obliger contractuellement les prestataires à annoncer sans délai.',
      en: 'Define a notification process with an assessment grid, responsibilities and templates; contractually oblige providers to report immediately.',
    },
    controlling: {
      de: 'Jährliche Übung des Meldeprozesses und Vorfallregister mit Entscheid und Zeitstempel.',
      fr: 'Exercice annuel du processus d’annonce et registre des incidents avec décision et horodatage.',
      en: 'Annual drill of the notification process and an incident log with decision and timestamps.',
    },
    probability: 2, severity: 3, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['data-protection', 'breach-notification'],
  },
  {
    idkey: '06.05', theme: '06',
    title: { de: 'Unzulässige Bekanntgabe von Personendaten ins Ausland', fr: 'Communication illicite de données personnelles à l’étranger', en: 'Unlawful disclosure of personal data abroad' },
    description: {
      de: 'Cloud-Dienste, Support-Zugriffe, Rückversicherer oder Zahlungen an Versicherte im Ausland führen zu Datenübermittlungen in Staaten ohne angemessenen Schutz. Die Garantien nach Art. 16 DSG, etwa Standardvertragsklauseln, fehlen. Bei Vorsatz drohen den Verantwortlichen Bussen.',
      fr: 'Services cloud, accès de support, réassureurs ou paiements à des assurés à l’étranger entraînent des transferts vers des États sans protection adéquate. Les garanties selon l’art. 16 LPD, par exemple les clauses contractuelles types, font défaut. En cas d’intention, les responsables s’exposent à des amendes.',
      en: 'Cloud services, support access, reinsurers or payments to members abroad lead to transfers to countries without adequate protection. Safeguards under Art. 16 DSG, such as standard contractual clauses, are missing. Intentional breaches expose responsible persons to fines.',
    },
    reaction: {
      de: 'Datenflüsse ins Ausland erfassen, Staatenliste des Bundesrats prüfen und Standardvertragsklauseln samt Risikobeurteilung vereinbaren.',
      fr: 'Recenser les flux vers l’étranger, vérifier la liste des États du Conseil fédéral et convenir de clauses types avec évaluation des risques.',
      en: 'Map data flows abroad, check the Federal Council’s country list and agree standard contractual clauses with a risk assessment.',
    },
    controlling: {
      de: 'Jährliche Prüfung der Auslandsbekanntgaben im Bearbeitungsverzeichnis und in den Dienstleisterverträgen.',
      fr: 'Contrôle annuel des communications à l’étranger dans le registre et les contrats de prestataires.',
      en: 'Annual review of disclosures abroad in the record of processing and provider contracts.',
    },
    probability: 2, severity: 3, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['data-protection', 'transfer-abroad'],
  },
  {
    idkey: '06.06', theme: '06',
    title: { de: 'Auskunftsbegehren nicht fristgerecht oder unvollständig beantwortet', fr: 'Demandes d’accès traitées hors délai ou de manière incomplète', en: 'Access requests answered late or incompletely' },
    description: {
      de: 'Versicherte verlangen Auskunft über ihre Daten (Art. 25 DSG), oft im Vorfeld eines Rechtsstreits. Die Daten sind über Systeme, Dienstleister und Akten verstreut, die Frist von 30 Tagen wird verpasst. Bei vorsätzlich falscher oder unvollständiger Auskunft drohen Bussen (Art. 60 DSG).',
      fr: 'Des assurés demandent l’accès à leurs données (art. 25 LPD), souvent en amont d’un litige. Les données sont dispersées entre systèmes, prestataires et dossiers, et le délai de 30 jours n’est pas respecté. Une information intentionnellement fausse ou incomplète est passible d’amende (art. 60 LPD).',
      en: 'Members request access to their data (Art. 25 DSG), often ahead of a legal dispute. Data are scattered across systems, providers and files, and the 30-day deadline is missed. Intentionally false or incomplete information can be fined (Art. 60 DSG).',
    },
    reaction: {
      de: 'Standardprozess mit Identitätsprüfung, Datenquellenliste und Vorlage für die Auskunft festlegen.',
      fr: 'Définir un processus standard avec vérification d’identité, liste des sources de données et modèle de réponse.',
      en: 'Set a standard process with identity check, list of data sources and a response template.',
    },
    controlling: {
      de: 'Register der Auskunftsbegehren mit Eingangs- und Antwortdatum, quartalsweise ausgewertet.',
      fr: 'Registre des demandes d’accès avec dates de réception et de réponse, analysé chaque trimestre.',
      en: 'Log of access requests with receipt and response dates, reviewed quarterly.',
    },
    probability: 3, severity: 2, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['data-protection', 'data-subject-rights'],
  },
]
