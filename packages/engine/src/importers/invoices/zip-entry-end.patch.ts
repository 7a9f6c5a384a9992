/**
 * exceljs 4.4's streaming reader iterates unzipper's Parse with a helper that stops at the first
 * 'end' event, and unzipper 0.10 emits an early 'end' as soon as its writable side has taken all
 * the input (`on('finish', () => emit('end'))`), while entries may still wait in its readable
 * buffer. Whatever entries wait then are silently lost: with a small file, or one whose
 * workbook.xml or sharedStrings.xml comes after the sheets (as exceljs itself writes them), the
 * reader failed at random ("reading 'sheets'") or could read sheets without their strings.
 *
 * The early 'end' is dropped here; the real one follows once unzipper has read the zip's
 * end-of-central-directory record and its readable side has drained. A truncated zip still ends,
 * with unzipper's FILE_ENDED error. Patched once, on the copy of unzipper exceljs loads.
 */
import { createRequire } from 'node:module';

interface ParseStream {
  _readableState?: { endEmitted?: boolean };
  emit(event: string | symbol, ...args: unknown[]): boolean;
}

let patched = false;

export function patchZipEntryEnd(): void {
  if (patched) return;
  patched = true;
  const fromHere = createRequire(import.meta.url);
  const fromExceljs = createRequire(fromHere.resolve('exceljs'));
  const { Parse } = fromExceljs('unzipper') as { Parse: { prototype: ParseStream } };
  const emit = Parse.prototype.emit;
  Parse.prototype.emit = function (this: ParseStream, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'end' && this._readableState && !this._readableState.endEmitted) return false;
    return emit.call(this, event, ...args);
  };
}
