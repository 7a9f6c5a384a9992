/** The invoice QR payload (domain facts §2.6): comma-separated, full-width commas accepted. */
import { faceDateOf, yuanToFen } from './face-values.js';
import type { QrPayload } from './types.js';

/** Reads a QR text as an invoice payload, or null when it is not one. */
export function parseQrPayload(text: string): QrPayload | null {
  const raw = text.trim();
  const fields = raw.split(/[,，]/).map((field) => field.trim());
  if (fields.length < 6) return null;
  const [version, kindCode, code, number, amount, date, checkCode] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  if (!/^\d{2}$/.test(version) || !/^\d{2}$/.test(kindCode)) return null;
  if (!/^(\d{8}|\d{20})$/.test(number)) return null;
  if (code !== '' && !/^(\d{10}|\d{12})$/.test(code)) return null;
  const parsedDate = faceDateOf(date);
  if (!parsedDate) return null;
  return {
    raw,
    version,
    kindCode,
    code: code === '' ? null : code,
    number,
    amountFen: yuanToFen(amount),
    date: parsedDate,
    checkCode: checkCode ? checkCode : null,
  };
}
