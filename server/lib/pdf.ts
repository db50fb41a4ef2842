import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * The PDF documents Timekeep writes (invoices, reports): one page setup, one font, one way to set text and
 * one footer, so every document reads as the same business's paper.
 *
 * Text is set in DejaVu Sans (shipped by the `dejavu-fonts-ttf` package and embedded as a subset): Latin with every
 * accent, Greek and Cyrillic show as typed. Right-to-left scripts are set left to right without joining, and
 * scripts the font lacks (Chinese, Japanese, Korean, Thai…) show as empty boxes.
 */

export type Paper = 'a4' | 'letter';
export type FontName = 'body' | 'bold';

export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';
export const BAND = '#f3f4f6';
export const MARGIN = 56;
const FOOTER = 28;

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const loadFonts = () =>
  (fonts ??= {
    regular: fs.readFileSync(path.join(fontDir, 'DejaVuSans.ttf')),
    bold: fs.readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
  });

export interface TextOptions {
  w: number;
  font?: FontName;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

export interface PdfPage {
  doc: PDFKit.PDFDocument;
  /** The page's text column: left edge, width and right edge inside the margins. */
  left: number;
  width: number;
  right: number;
  margin: number;
  /** The lowest y that content may reach on the current page (above the footer). */
  bottom: () => number;
  /** Sets `text` at (x, y) in a box `o.w` wide; returns the y under it. */
  put: (text: string, x: number, y: number, o: TextOptions) => number;
  heightOf: (text: string, w: number, font?: FontName, size?: number) => number;
  /** Writes the footer (`label` on the left, "Page n of m" on the right) on every page and resolves to the file's bytes. */
  finish: (label: string) => Promise<Buffer>;
}

/** Opens a document on A4 or Letter, upright or on its side, with the fonts registered. */
export function openPdf(opts: {
  paper?: Paper | undefined;
  landscape?: boolean;
  margin?: number;
  info: { Title: string; Author: string; Subject: string; CreationDate: Date };
}): PdfPage {
  const { regular, bold } = loadFonts();
  const margin = opts.margin ?? MARGIN;
  const doc = new PDFDocument({
    size: opts.paper === 'letter' ? 'LETTER' : 'A4',
    layout: opts.landscape ? 'landscape' : 'portrait',
    margins: { top: margin, left: margin, right: margin, bottom: margin + FOOTER },
    bufferPages: true,
    info: opts.info,
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = margin;
  const width = doc.page.width - 2 * margin;
  const right = left + width;

  const put = (text: string, x: number, y: number, o: TextOptions) => {
    doc
      .font(o.font ?? 'body')
      .fontSize(o.size ?? 9.5)
      .fillColor(o.color ?? INK);
    doc.text(text, x, y, { width: o.w, align: o.align ?? 'left', lineGap: 1.5 });
    return doc.y;
  };
  const heightOf = (text: string, w: number, font: FontName = 'body', size = 9.5) =>
    doc.font(font).fontSize(size).heightOfString(text, { width: w, lineGap: 1.5 });

  const finish = (label: string) => {
    // Page numbers on every page, in the bottom margin (the margin is lifted so the footer adds no page).
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const fy = doc.page.height - margin;
      doc
        .moveTo(left, fy - 8)
        .lineTo(right, fy - 8)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      put(label, left, fy, { w: width / 2, size: 8, color: MUTED });
      put(`Page ${i - start + 1} of ${count}`, left + width / 2, fy, { w: width / 2, size: 8, color: MUTED, align: 'right' });
      doc.page.margins.bottom = bottomMargin;
    }
    doc.end();
    return done;
  };

  return { doc, left, width, right, margin, bottom: () => doc.page.height - doc.page.margins.bottom, put, heightOf, finish };
}

/** Whether the PDF writer can read and embed `image` (a damaged PNG or JPEG with the right first bytes cannot). */
export async function embeds(image: Uint8Array): Promise<boolean> {
  try {
    const doc = new PDFDocument({ size: [100, 100] });
    doc.on('data', () => undefined);
    const ended = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
    doc.image(Buffer.from(image), 0, 0, { fit: [100, 100] });
    doc.end();
    await ended;
    return true;
  } catch {
    return false;
  }
}

/** The response of a PDF download: the bytes, their type and file name, never kept by a shared cache. */
export function pdfResponse(pdf: Buffer, disposition: string): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': disposition,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
