import { defaultProbabilityLevels, defaultSeverityLevels } from '#models/reference/risk-catalog/levels.ts'

/**
 * A level's name of the fund's risk map in the reader's language. The fund's levels are its own texts,
 * provisioned in the fund's language from the default scale: a name that is still one of the default
 * scale's (in any language) is given in the reader's language; a name the fund wrote itself stays as
 * written, since there is no other language of it.
 */
export function levelName(scale: 'probability' | 'severity', ref: number, name: string, lang: 'de' | 'fr' | 'en') {
  const level = (scale === 'probability' ? defaultProbabilityLevels : defaultSeverityLevels).find((l) => l.ref === ref)
  if (!level) return name
  const own = name.trim().toLocaleLowerCase('de')
  return Object.values(level.size).some((n) => n.toLocaleLowerCase('de') === own) ? level.size[lang] : name
}
