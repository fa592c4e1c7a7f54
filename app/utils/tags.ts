/** "a, b , ,c" → ['a', 'b', 'c']: trimmed, no empties, no duplicates (case-insensitive), at most 20 of 50 characters. */
export function parseTags(value: string | null | undefined): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of (value ?? '').split(',')) {
    const tag = raw.trim().slice(0, 50)
    if (!tag || seen.has(tag.toLowerCase())) continue
    seen.add(tag.toLowerCase())
    out.push(tag)
    if (out.length === 20) break
  }
  return out
}
