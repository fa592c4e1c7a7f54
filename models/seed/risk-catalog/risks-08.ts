import type { RiskCatalogSeed } from './types.ts'

/** Theme 08 – reputation and communication */
export const risks08: RiskCatalogSeed[] = [
  {
    idkey: '08.01', theme: '08',
    title: { de: 'Negative Berichterstattung in Medien und sozialen Netzwerken', fr: 'Couverture négative dans les médias et les réseaux sociaux', en: 'Negative coverage in the media and social networks' },
    description: {
      de: 'Anlageverluste, hohe Verwaltungskosten, Entschädigungen von Organen oder ein Datenleck werden öffentlich thematisiert. Verkürzte oder falsche Darstellungen verbreiten sich rasch. Das Ansehen der Kasse und das Vertrauen in ihre Organe nehmen Schaden.',
      fr: 'Pertes de placement, frais de gestion élevés, indemnités des organes ou fuite de données font l’objet d’un débat public. Des présentations simplifiées ou erronées se propagent rapidement. L’image de la caisse et la confiance dans ses organes en souffrent.',
      en: 'Investment losses, high administration costs, remuneration of governing bodies or a data leak become public issues. Simplified or false accounts spread quickly. The fund’s standing and trust in its bodies are damaged.',
    },
    reaction: {
      de: 'Kommunikationsverantwortung und Sprachregelungen festlegen und Kennzahlen wie Kosten und Rendite aktiv und transparent publizieren.',
      fr: 'Définir les responsabilités de communication et les éléments de langage et publier activement et en toute transparence les indicateurs comme les frais et le rendement.',
      en: 'Define communication responsibilities and key messages and publish figures such as costs and returns proactively and transparently.',
    },
    controlling: {
      de: 'Laufende Medienbeobachtung durch die Geschäftsführung mit Meldung relevanter Beiträge an das Präsidium.',
      fr: 'Veille médiatique continue par la direction avec signalement des articles pertinents à la présidence.',
      en: 'Ongoing media monitoring by management, reporting relevant items to the presidency.',
    },
    probability: 2, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['reputation', 'media'],
  },
  {
    idkey: '08.02', theme: '08',
    title: { de: 'Vertrauensverlust der Versicherten durch ungenügende Information', fr: 'Perte de confiance des assurés due à une information insuffisante', en: 'Loss of members’ trust due to inadequate information' },
    description: {
      de: 'Versicherte und Rentner verstehen Entscheide wie Senkungen des Umwandlungssatzes oder die Verzinsung nicht, weil die Information nach Art. 86b BVG knapp, spät oder unverständlich ist. Es entstehen Beschwerden, Anfragen und politischer Druck. Die Akzeptanz notwendiger Massnahmen sinkt.',
      fr: 'Assurés et bénéficiaires de rentes ne comprennent pas des décisions comme la baisse du taux de conversion ou la rémunération des avoirs, car l’information selon l’art. 86b LPP est succincte, tardive ou peu claire. Réclamations, demandes et pression politique en découlent. L’acceptation des mesures nécessaires diminue.',
      en: 'Members and pensioners do not understand decisions such as cuts to the conversion rate or the interest credited, because information under Art. 86b BVG is sparse, late or unclear. Complaints, enquiries and political pressure follow. Acceptance of necessary measures declines.',
    },
    reaction: {
      de: 'Kommunikationskonzept mit verständlichem Vorsorgeausweis, Informationsanlässen und frühzeitiger Ankündigung wichtiger Entscheide.',
      fr: 'Concept de communication avec certificat de prévoyance compréhensible, séances d’information et annonce anticipée des décisions importantes.',
      en: 'Communication plan with an understandable benefit statement, information events and early announcement of major decisions.',
    },
    controlling: {
      de: 'Jährliche Auswertung von Beschwerden und Anfragen sowie periodische Zufriedenheitsumfrage.',
      fr: 'Analyse annuelle des réclamations et demandes et enquête de satisfaction périodique.',
      en: 'Annual analysis of complaints and enquiries and a periodic satisfaction survey.',
    },
    probability: 3, severity: 2, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['reputation', 'communication', 'members'],
  },
  {
    idkey: '08.03', theme: '08',
    title: { de: 'Kündigung von Anschlussverträgen durch Arbeitgeber', fr: 'Résiliation de contrats d’affiliation par les employeurs', en: 'Termination of affiliation contracts by employers' },
    description: {
      de: 'Unzufriedene oder abgeworbene Arbeitgeber wechseln zu einer anderen Sammel- oder Gemeinschaftseinrichtung. Der Versichertenbestand schrumpft, die Fixkosten pro Kopf steigen und Teilliquidationen werden ausgelöst. Die Marktstellung und langfristige Tragfähigkeit der Kasse leiden.',
      fr: 'Des employeurs insatisfaits ou démarchés passent à une autre institution collective ou commune. L’effectif diminue, les frais fixes par tête augmentent et des liquidations partielles sont déclenchées. La position sur le marché et la viabilité à long terme de la caisse en souffrent.',
      en: 'Dissatisfied or poached employers move to another collective or joint foundation. Membership shrinks, fixed costs per head rise and partial liquidations are triggered. The fund’s market position and long-term viability suffer.',
    },
    reaction: {
      de: 'Arbeitgeber aktiv betreuen, Leistungs- und Kostenvergleich mit Mitbewerbern pflegen und Kündigungsgründe systematisch erfragen.',
      fr: 'Suivre activement les employeurs, comparer prestations et frais avec la concurrence et recueillir systématiquement les motifs de résiliation.',
      en: 'Actively manage employer relationships, benchmark benefits and costs against competitors and systematically ask for reasons for leaving.',
    },
    controlling: {
      de: 'Quartalsweise Auswertung von Zu- und Abgängen angeschlossener Arbeitgeber.',
      fr: 'Analyse trimestrielle des entrées et sorties d’employeurs affiliés.',
      en: 'Quarterly analysis of incoming and outgoing affiliated employers.',
    },
    probability: 3, severity: 3, strategic: true,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['reputation', 'employers', 'market'],
  },
  {
    idkey: '08.04', theme: '08',
    title: { de: 'Mangelhafte Krisenkommunikation', fr: 'Communication de crise lacunaire', en: 'Inadequate crisis communication' },
    description: {
      de: 'Bei einem Cybervorfall, einer Unterdeckung oder einem Fehlverhalten fehlt eine abgestimmte Kommunikation. Versicherte, Arbeitgeber, Aufsicht und Medien erhalten widersprüchliche oder verspätete Informationen. Der eigentliche Schaden wird durch Vertrauensverlust vervielfacht.',
      fr: 'Lors d’un incident cyber, d’un découvert ou d’un comportement fautif, la communication n’est pas coordonnée. Assurés, employeurs, autorité de surveillance et médias reçoivent des informations contradictoires ou tardives. Le dommage initial est démultiplié par la perte de confiance.',
      en: 'During a cyber incident, underfunding or misconduct, communication is not coordinated. Members, employers, the supervisor and the media receive contradictory or late information. The original damage is multiplied by the loss of trust.',
    },
    reaction: {
      de: 'Krisenorganisation mit Krisenstab, Sprecherregelung, Kontaktlisten und vorbereiteten Textbausteinen festlegen.',
      fr: 'Mettre en place une organisation de crise avec cellule de crise, porte-parole désigné, listes de contacts et textes préparés.',
      en: 'Set up a crisis organisation with a crisis team, designated spokesperson, contact lists and prepared text modules.',
    },
    controlling: {
      de: 'Jährliche Überprüfung des Krisenhandbuchs und Krisenübung alle zwei Jahre.',
      fr: 'Revue annuelle du manuel de crise et exercice de crise tous les deux ans.',
      en: 'Annual review of the crisis manual and a crisis exercise every two years.',
    },
    probability: 2, severity: 4, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['reputation', 'crisis'],
  },
  {
    idkey: '08.05', theme: '08',
    title: { de: 'Reputationsschaden durch Fehlverhalten von Organen oder Partnern', fr: 'Atteinte à la réputation due au comportement fautif d’organes ou de partenaires', en: 'Reputational damage from misconduct by bodies or partners' },
    description: {
      de: 'Ein Stiftungsrat, die Geschäftsführung, ein Vermögensverwalter oder ein Makler gerät wegen Vorteilsnahme, Betrug oder unethischem Verhalten in die Schlagzeilen. Die Kasse wird mit dem Fehlverhalten in Verbindung gebracht, auch wenn sie selbst keinen Schaden erleidet. Aufsicht und Arbeitgeber verlangen Rechenschaft.',
      fr: 'Un membre du conseil de fondation, la direction, un gérant de fortune ou un courtier fait la une pour abus d’avantages, fraude ou comportement contraire à l’éthique. La caisse est associée à ces agissements, même sans subir de dommage direct. L’autorité de surveillance et les employeurs demandent des comptes.',
      en: 'A council member, management, an asset manager or a broker makes headlines for accepting benefits, fraud or unethical behaviour. The fund is associated with the misconduct even if it suffers no direct loss. The supervisor and employers demand accountability.',
    },
    reaction: {
      de: 'Verhaltenskodex für Organe und Partner verbindlich machen, Partner sorgfältig auswählen und Verträge mit Kündigungsrecht bei Fehlverhalten ausstatten.',
      fr: 'Rendre un code de conduite obligatoire pour organes et partenaires, sélectionner ceux-ci avec soin et prévoir un droit de résiliation en cas de faute.',
      en: 'Make a code of conduct binding on bodies and partners, select partners carefully and include termination rights for misconduct in contracts.',
    },
    controlling: {
      de: 'Jährliche Bestätigung des Verhaltenskodex und Überprüfung wichtiger Partner durch die Geschäftsführung.',
      fr: 'Confirmation annuelle du code de conduite et revue des principaux partenaires par la direction.',
      en: 'Annual confirmation of the code of conduct and review of key partners by management.',
    },
    probability: 2, severity: 3, strategic: false,
    dsgRelevant: false, hasPersonalData: false, hasProtectableData: false,
    tags: ['reputation', 'integrity'],
  },
]
