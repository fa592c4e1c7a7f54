import type { RiskCatalogSeed } from './types.ts'

/** Theme 05 – IT and information security */
export const risks05: RiskCatalogSeed[] = [
  {
    idkey: '05.01', theme: '05',
    title: { de: 'Cyberangriff mit Ransomware', fr: 'Cyberattaque par rançongiciel', en: 'Cyber attack with ransomware' },
    description: {
      de: 'Angreifer verschlüsseln die Systeme der Kasse oder ihres Verwalters und drohen mit der Veröffentlichung gestohlener Versichertendaten. Renten- und Austrittszahlungen können nicht ausgeführt werden. Neben Wiederherstellungskosten drohen Meldepflichten, Reputationsschaden und Haftungsansprüche.',
      fr: 'Des attaquants chiffrent les systèmes de la caisse ou de son gérant et menacent de publier des données d’assurés volées. Les rentes et prestations de sortie ne peuvent plus être versées. Outre les coûts de restauration, il faut compter avec des obligations d’annonce, une atteinte à la réputation et des prétentions en responsabilité.',
      en: 'Attackers encrypt the systems of the fund or its administrator and threaten to publish stolen member data. Pension and exit payments cannot be made. Besides recovery costs, notification duties, reputational damage and liability claims follow.',
    },
    reaction: {
      de: 'Offline-Backups, Mehrfaktor-Authentisierung, Patch-Management und ein geübter Notfallplan für Cybervorfälle.',
      fr: 'Sauvegardes hors ligne, authentification multifacteur, gestion des correctifs et plan d’urgence cyber exercé.',
      en: 'Offline backups, multi-factor authentication, patch management and a rehearsed cyber incident response plan.',
    },
    controlling: {
      de: 'Jährlicher Sicherheitsbericht des IT-Dienstleisters mit Penetrationstest und Wiederherstellungstest.',
      fr: 'Rapport de sécurité annuel du prestataire informatique avec test d’intrusion et test de restauration.',
      en: 'Annual security report from the IT provider including penetration and restore tests.',
    },
    probability: 3, severity: 5, strategic: true,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['it', 'cyber', 'ransomware'],
  },
  {
    idkey: '05.02', theme: '05',
    title: { de: 'Ausfall der Verwaltungssoftware oder Infrastruktur', fr: 'Panne du logiciel de gestion ou de l’infrastructure', en: 'Failure of the administration software or infrastructure' },
    description: {
      de: 'Hardwaredefekt, fehlerhaftes Update oder Ausfall des Rechenzentrums legen das Verwaltungssystem lahm. Beitragsrechnungen, Rentenläufe und Auskünfte an Versicherte verzögern sich. Bei längerem Ausfall kann die Kasse ihre gesetzlichen Pflichten nicht fristgerecht erfüllen.',
      fr: 'Une défaillance matérielle, une mise à jour défectueuse ou une panne du centre de calcul paralysent le système de gestion. La facturation des cotisations, le paiement des rentes et les renseignements aux assurés sont retardés. En cas de panne prolongée, la caisse ne peut remplir ses obligations légales dans les délais.',
      en: 'Hardware faults, a faulty update or a data centre outage bring the administration system down. Contribution invoicing, pension runs and member enquiries are delayed. In a prolonged outage the fund cannot meet its legal obligations on time.',
    },
    reaction: {
      de: 'Business-Continuity-Plan mit Wiederanlaufzeiten festlegen und einen manuellen Notprozess für den Rentenlauf bereithalten.',
      fr: 'Établir un plan de continuité avec délais de reprise et prévoir une procédure manuelle de secours pour le paiement des rentes.',
      en: 'Set up a business continuity plan with recovery times and keep a manual fallback for the pension run.',
    },
    controlling: {
      de: 'Jährlicher Notfalltest und Auswertung der Verfügbarkeit gemäss Service Level Agreement.',
      fr: 'Test d’urgence annuel et analyse de la disponibilité selon l’accord de niveau de service.',
      en: 'Annual contingency test and availability review against the service level agreement.',
    },
    probability: 2, severity: 4, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['it', 'availability', 'continuity'],
  },
  {
    idkey: '05.03', theme: '05',
    title: { de: 'Unberechtigte Zugriffe durch mangelhafte Berechtigungen', fr: 'Accès non autorisés dus à une gestion lacunaire des droits', en: 'Unauthorised access due to poor access rights management' },
    description: {
      de: 'Zugriffsrechte werden bei Funktionswechsel oder Austritt nicht entzogen, Sammelkonten oder zu weit gefasste Rollen sind im Einsatz. Mitarbeitende oder Dritte sehen oder ändern Versicherten- und Gesundheitsdaten ohne Bedarf. Dies verletzt die Datensicherheit und ermöglicht Betrug.',
      fr: 'Les droits d’accès ne sont pas retirés lors d’un changement de fonction ou d’un départ, des comptes partagés ou des rôles trop larges sont utilisés. Des collaborateurs ou des tiers consultent ou modifient sans nécessité des données d’assurés et de santé. La sécurité des données est violée et la fraude facilitée.',
      en: 'Access rights are not revoked when staff change roles or leave, and shared accounts or overly broad roles are in use. Staff or third parties view or modify member and health data without need. This breaches data security and enables fraud.',
    },
    reaction: {
      de: 'Rollenbasiertes Berechtigungskonzept nach dem Need-to-know-Prinzip mit geregeltem Ein- und Austrittsprozess.',
      fr: 'Concept d’autorisations par rôles selon le besoin d’en connaître, avec processus d’entrée et de sortie réglé.',
      en: 'Role-based access concept on a need-to-know basis with defined joiner and leaver processes.',
    },
    controlling: {
      de: 'Halbjährliche Rezertifizierung aller Zugriffsrechte durch die Linienverantwortlichen.',
      fr: 'Recertification semestrielle de tous les droits d’accès par les responsables hiérarchiques.',
      en: 'Semi-annual recertification of all access rights by line managers.',
    },
    probability: 3, severity: 3, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['it', 'access-rights'],
  },
  {
    idkey: '05.04', theme: '05',
    title: { de: 'Abhängigkeit vom externen IT- oder Cloud-Dienstleister', fr: 'Dépendance envers le prestataire informatique ou cloud externe', en: 'Dependency on the external IT or cloud provider' },
    description: {
      de: 'Betrieb und Daten liegen bei einem Dienstleister, dessen Sicherheitsniveau, Subunternehmer und Datenstandorte die Kasse kaum kennt. Ein Konkurs, Lieferstopp oder Vorfall beim Anbieter trifft die Kasse direkt. Daten können zudem ungewollt ins Ausland gelangen.',
      fr: 'L’exploitation et les données sont confiées à un prestataire dont la caisse connaît mal le niveau de sécurité, les sous-traitants et les lieux de stockage. Une faillite, un arrêt de prestation ou un incident chez le fournisseur touche directement la caisse. Des données peuvent en outre partir à l’étranger sans le vouloir.',
      en: 'Operations and data sit with a provider whose security level, subcontractors and data locations are barely known to the fund. A bankruptcy, service stop or incident at the provider hits the fund directly. Data may also end up abroad unintentionally.',
    },
    reaction: {
      de: 'Auftragsbearbeitungsvertrag mit Sicherheitsanforderungen, Genehmigungspflicht für Subunternehmer und Exit-Strategie abschliessen.',
      fr: 'Conclure un contrat de sous-traitance avec exigences de sécurité, autorisation préalable des sous-traitants et stratégie de sortie.',
      en: 'Conclude a data processing agreement with security requirements, prior approval of subcontractors and an exit strategy.',
    },
    controlling: {
      de: 'Jährliche Prüfung des Anbieters anhand von ISAE-3402-Bericht oder Zertifizierung (z. B. ISO 27001).',
      fr: 'Contrôle annuel du fournisseur sur la base d’un rapport ISAE 3402 ou d’une certification (p. ex. ISO 27001).',
      en: 'Annual provider review based on an ISAE 3402 report or certification (e.g. ISO 27001).',
    },
    probability: 3, severity: 4, strategic: true,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: true,
    tags: ['it', 'outsourcing', 'cloud'],
  },
  {
    idkey: '05.05', theme: '05',
    title: { de: 'Phishing, Social Engineering und Zahlungsbetrug', fr: 'Hameçonnage, ingénierie sociale et fraude au paiement', en: 'Phishing, social engineering and payment fraud' },
    description: {
      de: 'Täuschend echte E-Mails oder Anrufe verleiten Mitarbeitende, Zugangsdaten preiszugeben oder Zahlungen auszulösen, etwa an angeblich geänderte Bankverbindungen. Angreifer erhalten Zugriff auf Systeme und Daten. Die Kasse verliert Geld, das meist nicht zurückgeholt werden kann.',
      fr: 'Des courriels ou appels trompeurs incitent des collaborateurs à divulguer leurs identifiants ou à déclencher des paiements, par exemple vers des coordonnées bancaires prétendument modifiées. Les attaquants accèdent aux systèmes et aux données. La caisse perd des fonds rarement récupérables.',
      en: 'Convincing e-mails or calls trick staff into revealing credentials or releasing payments, for example to supposedly changed bank details. Attackers gain access to systems and data. The fund loses money that can rarely be recovered.',
    },
    reaction: {
      de: 'Regelmässige Sensibilisierung mit Phishing-Simulationen und Rückbestätigung von Zahlungsänderungen über einen bekannten Kanal.',
      fr: 'Sensibilisation régulière avec simulations d’hameçonnage et confirmation des changements de paiement par un canal connu.',
      en: 'Regular awareness training with phishing simulations and call-back verification of payment changes via a known channel.',
    },
    controlling: {
      de: 'Auswertung der Klickraten aus Phishing-Simulationen und der gemeldeten Vorfälle pro Quartal.',
      fr: 'Analyse trimestrielle des taux de clics des simulations et des incidents signalés.',
      en: 'Quarterly review of phishing simulation click rates and reported incidents.',
    },
    probability: 4, severity: 3, strategic: false,
    dsgRelevant: true, hasPersonalData: true, hasProtectableData: false,
    tags: ['it', 'phishing', 'fraud'],
  },
  {
    idkey: '05.06', theme: '05',
    title: { de: 'Veraltete Systeme und fehlende Sicherheitsupdates', fr: 'Systèmes obsolètes et mises à jour de sécurité manquantes', en: 'Outdated systems and missing security updates' },
    description: {
      de: 'Verwaltungs- oder Bürosysteme laufen auf Software, die vom Hersteller nicht mehr unterstützt wird. Bekannte Schwachstellen bleiben offen und Schnittstellen zu Arbeitgebern oder Banken brechen. Sicherheitslücken und teure Notmigrationen sind die Folge.',
      fr: 'Les systèmes de gestion ou de bureautique fonctionnent avec des logiciels que le fabricant ne supporte plus. Des vulnérabilités connues restent ouvertes et les interfaces avec les employeurs ou les banques cessent de fonctionner. Il en résulte des failles de sécurité et des migrations d’urgence coûteuses.',
      en: 'Administration or office systems run on software no longer supported by the vendor. Known vulnerabilities remain open and interfaces with employers or banks break. Security gaps and costly emergency migrations follow.',
    },
    reaction: {
      de: 'IT-Lebenszyklusplanung mit Budget für Ersatz führen und Updates nach festem Rhythmus einspielen.',
      fr: 'Tenir une planification du cycle de vie informatique avec budget de remplacement et installer les mises à jour à un rythme fixe.',
      en: 'Maintain IT lifecycle planning with a replacement budget and apply updates on a fixed schedule.',
    },
    controlling: {
      de: 'Jährliches Inventar der Systeme mit Supportende und Patch-Stand, vorgelegt der Geschäftsführung.',
      fr: 'Inventaire annuel des systèmes avec fin de support et état des correctifs, présenté à la direction.',
      en: 'Annual inventory of systems with end-of-support dates and patch status, presented to management.',
    },
    probability: 3, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['it', 'lifecycle', 'patching'],
  },
]
