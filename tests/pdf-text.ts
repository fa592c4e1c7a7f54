import { inflateSync } from 'node:zlib'

/*
 * Reads the text back from a PDF of the app (pdfkit, embedded fonts): shared by the tests of the
 * record of processing activities and of the annual report.
 */

/**
 * The text of a PDF written with `compress: false`: each TJ's glyphs mapped back through the
 * ToUnicode map of the font set before it (each embedded font numbers its glyphs on its own).
 */
export function pdfText(pdf: Buffer): string {
  const { s, fonts } = fontsOf(pdf)
  const lines: string[] = []
  let font = new Map<number, string>()
  for (const [, name, body] of s.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (name) {
      font = fonts.get(name) ?? new Map()
      continue
    }
    const hex = [...body.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('')
    lines.push((hex.match(/.{4}/g) ?? []).map((g) => font.get(Number.parseInt(g, 16)) ?? '?').join(''))
  }
  return lines.join('\n')
}

/**
 * Each character's glyph id in the embedded fonts (the lowest over the fonts that hold it): 0 is
 * .notdef, the box of a letter the font lacks (pdfkit's subsets keep the font's glyph 0 as their 0).
 */
export function glyphsOf(pdf: Buffer): Map<string, number> {
  const glyphs = new Map<string, number>()
  for (const font of fontsOf(pdf).fonts.values()) for (const [gid, text] of font) if (!glyphs.has(text) || glyphs.get(text)! > gid) glyphs.set(text, gid)
  return glyphs
}

/** The PDF as text and the ToUnicode map of each font resource (F1, F2…): glyph id to text. */
function fontsOf(pdf: Buffer) {
  const s = pdf.toString('latin1')
  const objects = new Map<string, string>()
  for (const [, id, body] of s.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(id, body)
  const unicodeOf = (fontObject: string) => {
    const map = new Map<number, string>()
    const cmapId = objects.get(fontObject)?.match(/\/ToUnicode (\d+) 0 R/)?.[1]
    for (const [, from, list] of (objects.get(cmapId ?? '') ?? '').matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
      // An entry holds one or more code points (a ligature: <0066 0069>).
      ;[...list.matchAll(/<([0-9a-f ]+)>/gi)].forEach(([, hex], i) => {
        const units = hex.replaceAll(' ', '').match(/.{4}/g) ?? []
        map.set(Number.parseInt(from, 16) + i, String.fromCharCode(...units.map((h) => Number.parseInt(h, 16))))
      })
    }
    return map
  }
  const fonts = new Map<string, Map<number, string>>()
  for (const [, name, id] of s.matchAll(/\/(F\d+) (\d+) 0 R/g)) if (!fonts.has(name)) fonts.set(name, unicodeOf(id))
  return { s, fonts }
}

/** Each text run of a PDF written with `compress: false`: its page (content stream, from 0), baseline position (PDF units, y from the bottom), size and text. */
export function pdfRuns(pdf: Buffer): { page: number; x: number; y: number; size: number; text: string }[] {
  const { s, fonts } = fontsOf(pdf)
  const runs: { page: number; x: number; y: number; size: number; text: string }[] = []
  const streams = [...s.matchAll(/stream\n([\s\S]*?)endstream/g)].map((m) => m[1]).filter((body) => body.includes(' TJ'))
  streams.forEach((body, page) => {
    let font = new Map<number, string>()
    let size = 0
    let x = 0
    let y = 0
    for (const [, tx, ty, name, tf, tj] of body.matchAll(/1 0 0 1 ([\d.-]+) ([\d.-]+) Tm|\/(F\d+) ([\d.]+) Tf|\[([^\]]*)\] TJ/g)) {
      if (tx) {
        x = Number(tx)
        y = Number(ty)
      } else if (name) {
        font = fonts.get(name) ?? new Map()
        size = Number(tf)
      } else {
        const hex = [...tj.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('')
        runs.push({ page, x, y, size, text: (hex.match(/.{4}/g) ?? []).map((g) => font.get(Number.parseInt(g, 16)) ?? '?').join('') })
      }
    }
  })
  return runs
}

/** A PDF as the app sends it (compressed content streams and maps) made readable for pdfText and pdfRuns: each Flate stream inflated in place. */
export function inflatedPdf(pdf: Buffer): Buffer {
  const s = pdf.toString('latin1')
  // A stream is read by its /Length, not up to the next "endstream": a compressed body may itself end
  // in a carriage return, which a pattern for the line end would take away (and the inflation fail).
  let out = ''
  let at = 0
  const head = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>)*)>>\s*stream\r?\n/g
  for (let m = head.exec(s); m; m = head.exec(s)) {
    const dict = m[1]
    // A direct length only (`/Length 5 0 R` points elsewhere: such a stream is left as it is).
    const length = /\/Length (\d+)(?=\s*(?:\/|$))/.exec(dict)
    if (!length) continue
    const start = m.index + m[0].length
    const end = start + Number(length[1])
    head.lastIndex = end
    if (!dict.includes('/Filter /FlateDecode')) continue
    try {
      const body = inflateSync(Buffer.from(s.slice(start, end), 'latin1')).toString('latin1')
      out += s.slice(at, m.index) + m[0].replace('/Filter /FlateDecode', '') + body
      at = end
    } catch {}
  }
  return Buffer.from(out + s.slice(at), 'latin1')
}
