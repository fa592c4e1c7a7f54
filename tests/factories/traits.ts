/**
 * Traits in the manner of conference-hall's test factories: a trait is a named set of
 * attributes; a factory applies the traits it is given in order, then the explicit
 * attributes, so `customerFactory({ traits: ['french'], attributes: { name: 'Beta' } })`
 * reads as what the test needs and nothing more.
 */
export function applyTraits<T extends object, K extends string>(table: Record<K, T>, traits: readonly K[] = []): Partial<T> {
  const merged: Partial<T> = {}
  for (const trait of traits) {
    const values = table[trait]
    if (!values) throw new Error(`unknown trait "${trait}"`)
    Object.assign(merged, values)
  }
  return merged
}

/** A short random tag for names and addresses that must not meet another test's. */
export function tag(bytes = 3) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
}
