import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../../test/zips.js';
import { checkZipBounds } from './zip-bounds.js';

const LIMITS = { maxUncompressedBytes: 100 * 1024 * 1024, maxCells: 300_000 };

describe('zip bounds', () => {
  it('refuses a bomb whose directory lies about its size, without inflating it all', async () => {
    // 300 MB of zeros in ~300 KB, declared as 1 KB.
    const bomb = zipOf([
      { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(300 * 1024 * 1024), declaredSize: 1024 },
    ]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expect(checkZipBounds(bomb, LIMITS)).rejects.toThrow('文件的压缩比异常（疑似压缩炸弹），已拒绝');
  });

  it('refuses from the directory alone when it declares too much', async () => {
    const declared = zipOf([
      { name: 'xl/sharedStrings.xml', content: Buffer.from('x'), declaredSize: 200 * 1024 * 1024 },
    ]);
    await expect(checkZipBounds(declared, LIMITS)).rejects.toThrow(
      '文件解压后超过 100MB，无法处理：请拆分为多个文件后上传',
    );
  });

  it('counts worksheet cells and refuses a sheet over the cap', async () => {
    const row = (n: number) => `<row r="${n}">${'<c r="A1" t="n"><v>1</v></c>'.repeat(10)}</row>`;
    const sheet = Buffer.from(
      `<worksheet><cols><col min="1"/></cols><sheetData>${Array.from({ length: 30_001 }, (_, i) => row(i + 1)).join('')}</sheetData></worksheet>`,
    );
    const workbook = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: sheet }]);
    await expect(checkZipBounds(workbook, LIMITS)).rejects.toThrow('文件的单元格超过 300,000 个');
    await expect(checkZipBounds(workbook, { ...LIMITS, maxCells: 300_010 })).resolves.toBeUndefined();
  });

  it('lets a real e-tax export through', async () => {
    const fixture = await writeInvoiceExportFixture(
      { format: 'xlsx', seed: 3, invoiceCount: 500, months: 2 },
      'buffer',
    );
    await expect(checkZipBounds(fixture.buffer as Buffer, LIMITS)).resolves.toBeUndefined();
  });

  it('refuses a damaged container with a clear reason', async () => {
    await expect(checkZipBounds(Buffer.from('PK\x03\x04 not really a zip'), LIMITS)).rejects.toThrow(/不是有效的 xlsx/);
  });
});
