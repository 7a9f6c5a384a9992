/**
 * The fast xlsx reader against exceljs's streaming reader, the one the importer used before: every
 * sheet name, row number and cell must come out the same (type included), on the fixtures and on
 * a workbook with every kind of cell exceljs writes (shared and rich text, dates, formulas,
 * booleans, errors, entities, line breaks, gaps and trailing empty cells).
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeInvoiceExportFixture } from '../../fixtures/invoice-export-fixture.js';
import { fullExport } from './invoice-export.sample-workbook.js';
import { realShapedExport } from './real-export.sample-workbook.js';
import { xlsxRows } from './xlsx-rows.reader.js';
import { collect, expectSameRows } from './xlsx-rows.test-support.js';
import { zipEntries } from './zip-archive.js';

async function everyKindOfCell(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('信息汇总表');
  sheet.addRow(['序号', '名称 & <备注>', '金额', '开票日期', '是否', '公式', '错误']);
  sheet.addRow([
    1,
    { richText: [{ text: '示例' }, { font: { bold: true }, text: '星河' }] },
    12.5,
    new Date(Date.UTC(2026, 2, 14, 9, 30)),
    true,
  ]);
  sheet.getCell('D2').numFmt = 'yyyy-mm-dd hh:mm:ss';
  sheet.getCell('F2').value = { formula: 'C2*2', result: 25 };
  sheet.getCell('G2').value = { error: '#N/A' };
  sheet.addRow([2, '第一行\r\n第二行', '="0123"', "'0456", false, null, null, null, '   ']);
  sheet.getCell('F3').value = { formula: 'B3&"x"', result: '第一行x' };
  sheet.addRow([]);
  sheet.addRow([null, null, 3, null, null]);
  sheet.getCell('A7').value = '隔行 &amp; 双重转义';
  const second = workbook.addWorksheet('发票基础信息');
  second.addRow(['数电发票号码', '价税合计']);
  second.addRow(['26112000000135114086', 1_130_000.01]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('fast xlsx reader', () => {
  it('reads a workbook with every kind of cell exactly as exceljs does', async () => {
    const rows = await expectSameRows(await everyKindOfCell());
    expect(rows[0]).toEqual({ type: 'sheet', name: '信息汇总表' });
    expect(rows).toContainEqual({ type: 'sheet', name: '发票基础信息' });
  });

  it('reads the sample exports (both sheets; real-shaped with special-business sheets) as exceljs does', async () => {
    await expectSameRows(await fullExport());
    await expectSameRows(await realShapedExport({ allSpecialSheets: true }));
  });

  it('reads generated exports of several shapes as exceljs does', async () => {
    for (const options of [
      { seed: 11, invoiceCount: 300, format: 'xlsx' as const },
      { seed: 12, lineCount: 1_500, format: 'xlsx' as const, oldStyleShare: 0.3, realShape: true },
    ]) {
      const fixture = await writeInvoiceExportFixture(options, 'buffer');
      await expectSameRows(fixture.buffer as Buffer);
    }
  });

  it('leaves a ZIP64 or encrypted archive to exceljs, and a damaged one fails as before', async () => {
    const good = await everyKindOfCell();
    expect(zipEntries(good)).not.toBeNull();
    // An archive whose directory says ZIP64 is read by the reference reader (same rows).
    const eocd = good.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const zip64 = Buffer.from(good);
    zip64.writeUInt16LE(0xffff, eocd + 10);
    expect(zipEntries(zip64)).toBeNull();
    await expectSameRows(zip64);
    // A truncated file: both readers refuse it as damaged.
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    await expect(collect(xlsxRows(Readable.from([truncated])))).rejects.toMatchObject({ reason: 'CORRUPT_FILE' });
    // Garbage where a sheet's deflated data should be: refused as damaged (exceljs's reader never
    // settles on this one: its promise hangs).
    const entries = zipEntries(good) ?? [];
    const sheetEntry = entries.find((entry) => entry.name === 'xl/worksheets/sheet1.xml');
    expect(sheetEntry).toBeDefined();
    const broken = Buffer.from(good);
    const dataStart = (sheetEntry?.localOffset ?? 0) + 30 + broken.readUInt16LE((sheetEntry?.localOffset ?? 0) + 26);
    // 0xff opens a deflate block of the reserved type: inflating fails at once.
    broken.fill(0xff, dataStart, dataStart + 40);
    await expect(collect(xlsxRows(Readable.from([broken])))).rejects.toMatchObject({ reason: 'CORRUPT_FILE' });
  });
});
