import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

const require = createRequire(import.meta.url);

/**
 * The font every document is set in: Noto Sans (Hans, the GB2312 subset, SIL Open Font Licence)
 * shipped by the npm package `@embedpdf/fonts-sc`, so a fresh machine needs nothing from the system.
 * Each document embeds only the glyphs it uses.
 */
const FONT_DIR = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
export const PDF_FONT = {
  family: 'NotoSansHans',
  normal: path.join(FONT_DIR, 'NotoSansHans-Regular.otf'),
  bold: path.join(FONT_DIR, 'NotoSansHans-Bold.otf'),
} as const;

let configured = false;

function configure(): void {
  if (configured) return;
  pdfmake.setFonts({
    [PDF_FONT.family]: { normal: PDF_FONT.normal, bold: PDF_FONT.bold, italics: PDF_FONT.normal, bolditalics: PDF_FONT.bold },
  });
  // Documents read no file but the fonts, and fetch no URL: content comes from the database.
  pdfmake.setLocalAccessPolicy((file: string) => file === PDF_FONT.normal || file === PDF_FONT.bold);
  pdfmake.setUrlAccessPolicy(() => false);
  configured = true;
}

/** A document's content and layout; the font is the product's unless a style names another. */
export type PdfDocument = TDocumentDefinitions;

/**
 * Renders a document to the bytes of a PDF file, set in the product's Chinese font. Shared by every
 * printable output (donation receipts; reports later).
 */
export async function renderPdf(document: PdfDocument): Promise<Buffer> {
  configure();
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    ...document,
    defaultStyle: { font: PDF_FONT.family, fontSize: 11, ...document.defaultStyle },
  };
  return pdfmake.createPdf(definition).getBuffer();
}
