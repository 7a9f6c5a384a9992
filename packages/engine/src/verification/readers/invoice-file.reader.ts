/**
 * One uploaded file → one invoice record, by what the bytes are (not by the name): PDF, OFD (zip
 * with OFD.xml), PNG/JPEG (QR), XML. Anything else throws InvoiceReadError with one sentence.
 */
import JSZip from 'jszip';
import { parseQrPayload } from '../qr-payload.js';
import { InvoiceReadError, type InvoiceRecord, READ_FAILURE_MESSAGES } from '../types.js';
import { readInvoiceXml } from './einvoice-xml.reader.js';
import { decodeImage, isJpeg, isPng, readQr } from './image-qr.reader.js';
import { readOfd } from './ofd.reader.js';
import { faceOfQr, readPdf } from './pdf.reader.js';

export const MAX_INVOICE_FILE_BYTES = 10 * 1024 * 1024;

const KNOWN_EXTENSIONS = /\.(xml|ofd|pdf|png|jpe?g|zip)$/i;

function fail(reason: keyof typeof READ_FAILURE_MESSAGES): never {
  throw new InvoiceReadError(reason, READ_FAILURE_MESSAGES[reason]);
}

function startsWith(bytes: Uint8Array, text: string, within = 0): boolean {
  const head = Buffer.from(bytes.subarray(0, within + text.length)).toString('latin1');
  return within === 0 ? head.startsWith(text) : head.includes(text);
}

export async function readInvoiceFile(fileName: string, bytes: Uint8Array): Promise<InvoiceRecord> {
  if (bytes.length > MAX_INVOICE_FILE_BYTES) fail('too_large');
  if (bytes.length === 0) fail('not_invoice');
  if (startsWith(bytes, '%PDF-', 1024)) {
    const pdf = await readPdf(bytes);
    return { ...pdf, format: 'pdf', sourceName: fileName };
  }
  if (startsWith(bytes, 'PK\u0003\u0004')) {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(bytes);
    } catch {
      fail('not_invoice');
    }
    const ofd = await readOfd(zip);
    return { ...ofd, format: 'ofd', sourceName: fileName };
  }
  if (isPng(bytes) || isJpeg(bytes)) {
    const pixels = decodeImage(bytes);
    const text = pixels ? readQr(pixels) : null;
    const qr = text ? parseQrPayload(text) : null;
    if (!qr) fail('image_without_qr');
    return { face: faceOfQr(qr), layer: 'image-qr', format: 'image', sourceName: fileName, notes: [] };
  }
  const text = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*</.test(text)) {
    let found: ReturnType<typeof readInvoiceXml> = null;
    try {
      found = readInvoiceXml(text);
    } catch {
      fail('not_invoice');
    }
    if (!found) fail('not_invoice');
    return { face: found.face, layer: 'xml', format: 'xml', sourceName: fileName, notes: [] };
  }
  fail(KNOWN_EXTENSIONS.test(fileName) ? 'not_invoice' : 'unsupported');
}
