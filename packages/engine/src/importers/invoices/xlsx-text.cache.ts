/**
 * Cell texts decoded once and handed out again: the rows of one invoice repeat its number, tax
 * numbers, names, date and kind, and a file holds a few hundred goods names, so most string cells
 * are a text met a moment before. A direct-mapped table by a hash of the bytes, each slot keeping
 * the bytes it was decoded from (compared in full before a hit), answers the same string without
 * a call into the decoder or a new string to collect; the importer's maps then also find the key's
 * hash already computed. Only short plain spans (no entity, no CR) are kept.
 */
import { decodeText, HAS_AMP, HAS_CR } from './xml-bytes.scanner.js';

const SLOTS = 4096;
const MAX_BYTES = 48;

export class CellTextCache {
  private readonly keys = new Uint8Array(SLOTS * MAX_BYTES);
  private readonly lengths = new Int32Array(SLOTS).fill(-1);
  private readonly texts: string[] = new Array(SLOTS).fill('');

  /** The text of `bytes[start, end)` with `flags` from the scan (decodeText's answer). */
  text(bytes: Uint8Array, start: number, end: number, flags: number): string {
    const length = end - start;
    // Entities and CR need decoding; long texts (remarks) rarely repeat.
    if (length > MAX_BYTES || flags & (HAS_AMP | HAS_CR)) return decodeText(bytes as Buffer, start, end, flags);
    let hash = 0x811c9dc5;
    for (let at = start; at < end; at += 1) hash = Math.imul(hash ^ (bytes[at] as number), 0x01000193);
    const slot = (hash >>> 0) & (SLOTS - 1);
    const base = slot * MAX_BYTES;
    if (this.lengths[slot] === length) {
      const keys = this.keys;
      let at = 0;
      while (at < length && keys[base + at] === bytes[start + at]) at += 1;
      if (at === length) return this.texts[slot] as string;
    }
    const text = decodeText(bytes as Buffer, start, end, flags);
    this.keys.set(bytes.subarray(start, end), base);
    this.lengths[slot] = length;
    this.texts[slot] = text;
    return text;
  }
}
