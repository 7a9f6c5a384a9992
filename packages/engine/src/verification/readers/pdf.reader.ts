/**
 * PDF invoices: the text layer (read into printed lines by position, then like a face) and the
 * QR code: first among the page's images (most issuers embed it as one), else found on the
 * rendered page (issuers that draw it as vector paths; see pdf-render.ts). The record's layer and
 * notes say which layer gave the face and which the QR.
 */
import { extractImages, extractTextItems, getDocumentProxy } from 'unpdf';
import { KIND_NAMES, kindFromQrType } from '../invoice-kind.js';
import { parseQrPayload } from '../qr-payload.js';
import { emptyFace, type InvoiceFace, InvoiceReadError, READ_FAILURE_MESSAGES, type SourceLayer } from '../types.js';
import { parseFaceText } from './face-text.parser.js';
import { readQr, toRgba } from './image-qr.reader.js';
import { qrOfRenderedPages } from './pdf-render.js';

// pdf.js calls ArrayBuffer.prototype.transferToFixedLength (ES2024), which Node 20 lacks; the
// copy below is what the method does when the buffer cannot be moved.
const bufferPrototype = ArrayBuffer.prototype as ArrayBuffer & {
  transferToFixedLength?: (length?: number) => ArrayBuffer;
};
if (typeof bufferPrototype.transferToFixedLength !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length?: number): ArrayBuffer {
      const size = length ?? this.byteLength;
      const copy = new ArrayBuffer(size);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
      return copy;
    },
  });
}

export interface PdfInvoice {
  face: InvoiceFace;
  layer: SourceLayer;
  notes: string[];
}

interface TextItem {
  str: string;
  x: number;
  y: number;
}

/** Printed lines of the first pages: items grouped by baseline, left to right. */
function linesOf(items: TextItem[]): string {
  const rows = new Map<number, TextItem[]>();
  for (const item of items) {
    if (!item.str.trim()) continue;
    const y = Math.round(item.y / 3);
    rows.set(y, [...(rows.get(y) ?? []), item]);
  }
  return [...rows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((item) => item.str.trim())
        .join(' '),
    )
    .join('\n');
}

export async function readPdf(bytes: Uint8Array): Promise<PdfInvoice> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    document = await getDocumentProxy(new Uint8Array(bytes));
  } catch {
    throw new InvoiceReadError('not_invoice', READ_FAILURE_MESSAGES.not_invoice);
  }
  try {
    const pages = Math.min(document.numPages, 2);
    const { items } = await extractTextItems(document);
    const text = items
      .slice(0, pages)
      .map((page) => linesOf(page))
      .join('\n');
    const face = parseFaceText(text);
    const notes: string[] = [];
    let qrText = await qrOfImages(document, pages);
    let rendered = false;
    if (!qrText) {
      const found = await qrOfRenderedPages(document, pages);
      qrText = found.text;
      rendered = found.text !== null;
      if (found.unavailable) notes.push(found.unavailable);
    }
    const qr = qrText ? parseQrPayload(qrText) : null;
    if (rendered && qr) notes.push('二维码为矢量绘制，取自渲染后的页面');
    if (face) {
      face.qr = qr;
      if (qrText && !qr) notes.push('页面二维码不是发票二维码');
      return { face, layer: 'pdf-text', notes };
    }
    if (qr) {
      notes.push('PDF无可读文字层，仅读取了二维码');
      return { face: faceOfQr(qr), layer: rendered ? 'pdf-rendered-qr' : 'pdf-qr', notes };
    }
    throw new InvoiceReadError('pdf_without_text_or_qr', READ_FAILURE_MESSAGES.pdf_without_text_or_qr);
  } finally {
    await document.destroy();
  }
}

/** The QR among the pages' embedded images (square ones only), or null. */
async function qrOfImages(
  document: Awaited<ReturnType<typeof getDocumentProxy>>,
  pages: number,
): Promise<string | null> {
  for (let page = 1; page <= pages; page++) {
    let images: Awaited<ReturnType<typeof extractImages>> = [];
    try {
      images = await extractImages(document, page);
    } catch {
      continue;
    }
    for (const image of images) {
      // A QR is square; the seal and logos are not worth decoding.
      if (Math.abs(image.width - image.height) > image.width * 0.1) continue;
      const text = readQr(toRgba(image.data, image.width, image.height, image.channels));
      if (text) return text;
    }
  }
  return null;
}

/** What a QR payload alone says of an invoice. */
export function faceOfQr(qr: NonNullable<ReturnType<typeof parseQrPayload>>): InvoiceFace {
  const face = emptyFace(qr.number);
  face.code = qr.code;
  face.kindCode = kindFromQrType(qr.kindCode);
  face.kindName = KIND_NAMES[face.kindCode] ?? null;
  face.date = qr.date;
  face.checkCode = qr.checkCode && /^\d{20}$/.test(qr.checkCode) ? qr.checkCode : null;
  // The 数电 amount field's meaning is unsettled (§2.6); only old e-invoices say 不含税金额 for sure.
  if (face.code) face.amountFen = qr.amountFen;
  else face.totalFen = qr.amountFen;
  face.qr = qr;
  return face;
}
