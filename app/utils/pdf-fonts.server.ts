import { createRequire } from 'node:module'

/*
 * The fonts of the app's PDFs (decisions 0030 and 0032): Noto Sans regular and bold in full (SIL Open
 * Font License 1.1, TrueType from @expo-google-fonts/noto-sans), so names with letters of Latin
 * Extended, Greek or Cyrillic (Petrović, Łukasz, Ørsted) show as written, not as missing glyphs, and
 * PDF/A-2b keeps every glyph embedded. pdfkit has no font fallback, so one font covers all; it embeds
 * only the glyphs used, with a subset tag derived from the font (the same input gives the same bytes).
 */

const require = createRequire(import.meta.url)

export const PDF_FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
} as const

/** Registers the fonts as 'regular' and 'bold' on a pdfkit document. */
export function registerPdfFonts(doc: PDFKit.PDFDocument) {
  doc.registerFont('regular', PDF_FONTS.regular)
  doc.registerFont('bold', PDF_FONTS.bold)
}
