import type { QualityLevelTextSeed } from './types.ts'

/** Generic texts of the ICS maturity levels (Reifegrad). Level 4 is the ideal target. */
export const qualityLevelTexts: QualityLevelTextSeed[] = [
  {
    level: 1,
    title: { de: 'Unzuverlässig', fr: 'Peu fiable', en: 'Unreliable' },
    text: {
      de: 'Für den Prozess bestehen keine oder nur vereinzelte Kontrollen. Ergebnisse hängen vom Zufall und vom Einsatz einzelner Personen ab, Fehler werden meist erst durch Dritte wie Revisionsstelle oder Versicherte entdeckt.',
      fr: 'Le processus ne comporte aucun contrôle ou seulement des contrôles ponctuels. Les résultats dépendent du hasard et de l’engagement de quelques personnes, et les erreurs sont généralement découvertes par des tiers tels que l’organe de révision ou les assurés.',
      en: 'There are no or only isolated controls for the process. Results depend on chance and on the commitment of individuals, and errors are usually discovered by third parties such as the auditor or insured persons.',
    },
  },
  {
    level: 2,
    title: { de: 'Informell', fr: 'Informel', en: 'Informal' },
    text: {
      de: 'Kontrollen werden durchgeführt, sind aber weder schriftlich festgelegt noch dokumentiert. Sie beruhen auf dem Wissen erfahrener Mitarbeitender und entfallen bei Abwesenheiten oder Personalwechseln.',
      fr: 'Des contrôles sont effectués, mais ils ne sont ni définis par écrit ni documentés. Ils reposent sur le savoir de collaborateurs expérimentés et disparaissent en cas d’absence ou de changement de personnel.',
      en: 'Controls are performed but are neither defined in writing nor documented. They rely on the knowledge of experienced staff and lapse during absences or staff changes.',
    },
  },
  {
    level: 3,
    title: { de: 'Standardisiert', fr: 'Standardisé', en: 'Standardised' },
    text: {
      de: 'Prozess und Schlüsselkontrollen sind schriftlich beschrieben, Verantwortlichkeiten und Stellvertretungen sind geregelt. Die Durchführung wird dokumentiert, ihre Wirksamkeit wird jedoch noch nicht systematisch überprüft.',
      fr: 'Le processus et les contrôles clés sont décrits par écrit, et les responsabilités et suppléances sont réglées. L’exécution est documentée, mais son efficacité n’est pas encore vérifiée de manière systématique.',
      en: 'The process and key controls are described in writing, and responsibilities and deputies are defined. Performance is documented, but its effectiveness is not yet reviewed systematically.',
    },
  },
  {
    level: 4,
    title: { de: 'Überwacht', fr: 'Surveillé', en: 'Monitored' },
    text: {
      de: 'Die standardisierten Kontrollen werden regelmässig auf Wirksamkeit geprüft, und Mängel werden mit Massnahmen behoben. Geschäftsführung und Stiftungsrat erhalten eine periodische Berichterstattung. Dieser Reifegrad ist das angestrebte Ziel für eine Vorsorgeeinrichtung.',
      fr: 'L’efficacité des contrôles standardisés est vérifiée régulièrement, et les lacunes sont corrigées par des mesures. La direction et le conseil de fondation reçoivent des rapports périodiques. Ce degré de maturité est l’objectif visé pour une institution de prévoyance.',
      en: 'The effectiveness of the standardised controls is reviewed regularly, and weaknesses are remedied through measures. Management and the foundation council receive periodic reports. This maturity level is the target for a pension fund.',
    },
  },
  {
    level: 5,
    title: { de: 'Optimiert', fr: 'Optimisé', en: 'Optimised' },
    text: {
      de: 'Die Kontrollen sind weitgehend automatisiert und in die Systeme integriert, Kennzahlen werden laufend ausgewertet. Der Prozess wird kontinuierlich verbessert und mit bewährten Praktiken der Branche verglichen; der Aufwand muss in einem vernünftigen Verhältnis zum Nutzen stehen.',
      fr: 'Les contrôles sont largement automatisés et intégrés aux systèmes, et les indicateurs sont analysés en continu. Le processus est amélioré en permanence et comparé aux bonnes pratiques de la branche ; l’effort doit rester proportionné au bénéfice.',
      en: 'Controls are largely automated and integrated into the systems, and key figures are analysed continuously. The process is improved on an ongoing basis and benchmarked against industry best practice; the effort must remain proportionate to the benefit.',
    },
  },
]
