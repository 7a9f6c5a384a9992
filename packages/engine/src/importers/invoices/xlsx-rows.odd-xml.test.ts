/**
 * The byte scan of the fast xlsx reader on worksheet XML no exporter writes but a hand-edited or
 * foreign file may hold: numbers the byte path must leave to parseFloat, addresses it must leave to
 * exceljs, entities, CR, CDATA and comments inside a value, odd quoting, repeated values, cells
 * past the shared strings. The cells must be exceljs's, type included; and the scan must give the
 * same rows however the bytes are cut into chunks.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { xlsxRows } from './xlsx-rows.reader.js';
import { collect, expectSameRows } from './xlsx-rows.test-support.js';
import { SheetHandler } from './xlsx-sheet.handlers.js';
import { XmlByteScanner } from './xml-bytes.scanner.js';

const ODD_ROWS = [
  '<row r="1" spans="1:30">',
  '<c r="A1" t="n"><v>-12.50</v></c><c r="B1"><v>1234567890123456789</v></c><c r="C1"><v>1E-3</v></c>',
  '<c r="D1"><v>5.</v></c><c r="E1"><v>.5</v></c><c r="F1"><v> 7</v></c><c r="$G$1"><v>3</v></c>',
  '<c r="H1"><v>0.1000000000000001</v></c><c r="I1" t="s"><v>1</v></c><c r="J1" t="str"><v>a&amp;amp;b</v></c>',
  '<c r="K1" t="inlineStr"><is><t>内联</t></is></c><c r="L1" t="b"><v>1</v></c><c r="M1" t="e"><v>#DIV/0!</v></c>',
  '<c r="N1"><f>SUM(A1)</f><v>3</v></c><c r="O1" t="str"><f>A1&amp;"y"</f><v>x&amp;y</v></c>',
  '<c r="P1"><v>1</v>  <!-- note --> </c><c r="Q1" t="str"><v>a&#13;&#10;b\r\nc\rd</v></c>',
  '<c r="R1" t="s"><v>99999</v></c><c r=\'S1\' t = "str" ><v>引号</v></c>',
  '<c r="T1" t="str"><v>前<![CDATA[略]]>后</v></c><c r="U1" t="str"><v>x</v><v>y</v></c>',
  '<c r="V1"><v></v></c><c r="W1" t="s"><v>+1</v></c><c r="X1"><v>-0</v></c><c r="Y1"><v>0012.340</v></c>',
  '<c r="Z1"><v>123456789012345.6</v></c><c r="AA1"><v>-.25</v></c><c r="AB1" s="1"><v>46054.5</v></c>',
  '<c r="AC1" t="b"><v>0</v></c><c r="AD1" s="0"/></row>',
  '<row r="3" s="1"><c r="A3"><v>46055</v></c><c r="B3" s="0"><v>46055</v></c><c r="C3" t="str"><v>&#x4E2D;&lt;&gt;</v></c></row>',
  '<row r="4"><c r="A4" t="s"><v>0</v></c><c r="B4" t="s" s="2"><v>1</v></c><c r="ZZ4"><v>9</v></c></row>',
].join('');

function oddSheet(rows: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:AD4"/>' +
    `<sheetData>${rows}</sheetData><pageMargins left="0.7" right="0.7"/></worksheet>`
  );
}

/** A workbook written by exceljs (shared strings x and y, style 1 a date format) whose sheet XML is replaced. */
async function withSheetXml(xml: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('手写');
  sheet.addRow(['x', 'y']);
  sheet.getCell('A2').value = 46054;
  sheet.getCell('A2').numFmt = 'yyyy-mm-dd';
  const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
  zip.file('xl/worksheets/sheet1.xml', xml);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('fast xlsx reader on hand-written sheet XML', () => {
  it('reads odd numbers, addresses, entities, comments, CDATA and quoting exactly as exceljs does', async () => {
    const rows = await expectSameRows(await withSheetXml(oddSheet(ODD_ROWS)));
    // The byte path's own results, beside exceljs agreeing with them.
    const first = rows[1] as { row: number; cells: unknown[] };
    expect(first.row).toBe(1);
    expect(first.cells.slice(0, 8)).toEqual([-12.5, 1234567890123456800, 0.001, 5, 0.5, 7, 3, 0.1000000000000001]);
    expect(first.cells[9]).toBe('a&b');
    expect(first.cells[16]).toBe('a\r\nb\nc\nd');
    expect(first.cells[20]).toBe('y');
    expect(Object.is(first.cells[23], -0)).toBe(true);
    expect(first.cells[24]).toBe(12.34);
  });

  it('gives the same rows however the sheet bytes are cut into chunks', () => {
    const bytes = Buffer.from(oddSheet(ODD_ROWS), 'utf8');
    const styles = { getStyleModel: (id: number) => (id === 1 ? { numFmt: 'yyyy-mm-dd' } : id === 0 ? {} : null) };
    const strings = { plain: ['x', 'y'], present: [true, true] };
    const read = (sizes: number[]) => {
      const handler = new SheetHandler(strings, styles, false);
      const scanner = new XmlByteScanner(handler);
      let at = 0;
      for (let index = 0; at < bytes.length; index += 1) {
        const size = sizes[index % sizes.length] as number;
        scanner.write(bytes.subarray(at, at + size));
        at += size;
      }
      scanner.end();
      return JSON.stringify(handler.rows);
    };
    const whole = read([bytes.length]);
    expect(whole).toContain('"row":4');
    for (const sizes of [[1], [2], [3], [7], [5, 1, 13], [64, 3]]) expect(read(sizes)).toBe(whole);
  });

  it('refuses an undefined entity anywhere in the sheet, as exceljs does', async () => {
    const bad = await withSheetXml(
      oddSheet('<row r="1"><c r="A1"><v>1</v></c></row>').replace('<pageMargins', '&bogus;<pageMargins'),
    );
    await expect(collect(xlsxRows(Readable.from([bad])))).rejects.toMatchObject({ reason: 'CORRUPT_FILE' });
  });
});
