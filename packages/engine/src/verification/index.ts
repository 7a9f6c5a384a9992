/**
 * Invoice authenticity check (发票鉴伪): readers of invoice files, manual entry and the offline
 * checks. A subpath of its own (`@taxlens/engine/verification`) so the web client, which imports
 * the engine's main entry, does not pull in pdf.js, zip and image decoders.
 */
export * from './checks/offline-checks.js';
export * from './checks/tax-rate.table.js';
export * from './face-values.js';
export * from './invoice-kind.js';
export * from './manual-entry.js';
export * from './qr-payload.js';
export { readInvoiceXml } from './readers/einvoice-xml.reader.js';
export { MAX_INVOICE_FILE_BYTES, readInvoiceFile } from './readers/invoice-file.reader.js';
export * from './types.js';
