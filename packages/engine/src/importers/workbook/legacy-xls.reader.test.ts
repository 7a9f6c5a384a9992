import { describe, expect, it } from 'vitest';
import { xlsBuffer } from '../../fixtures/legacy-xls.writer.js';
import { LegacyWorkbookError, readLegacyWorkbook } from './legacy-xls.reader.js';

describe('legacy .xls (BIFF8) reader', () => {
  it('reads text, numbers, dates, merged titles and sheet visibility from real BIFF8 bytes', () => {
    const bytes = xlsBuffer([
      {
        name: '资产负债表',
        rows: [
          ['资产负债表', null, null],
          ['编制单位：示例商贸有限公司', null, '单位：元'],
          ['资产', '行次', '期末余额'],
          ['货币资金', 1, 12345.67],
          ['开票日期', null, new Date('2024-03-31T17:22:15Z')],
        ],
        merges: ['A1:C1'],
      },
      { name: '说明', rows: [['隐藏的说明']], hidden: true },
    ]);
    expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const [sheet, notes] = readLegacyWorkbook(bytes);
    expect(sheet?.name).toBe('资产负债表');
    expect(sheet?.visible).toBe(true);
    expect(sheet?.rows.map((row) => row.number)).toEqual([1, 2, 3, 4, 5]);
    expect(sheet?.rows[0]?.cells).toEqual(['资产负债表']);
    expect(sheet?.rows[3]?.cells).toEqual(['货币资金', 1, 12345.67]);
    expect(sheet?.rows[4]?.cells[2]).toEqual(new Date('2024-03-31T17:22:15Z'));
    expect(notes?.visible).toBe(false);
  });

  it('refuses bytes that only start like an OLE file', () => {
    const fake = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 1)]);
    expect(() => readLegacyWorkbook(fake)).toThrow(LegacyWorkbookError);
  });
});
