import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildProblemReport } from './problem-report.builder.js';

describe('buildProblemReport', () => {
  it('lists each problem under a Chinese header row', async () => {
    const buffer = await buildProblemReport([
      { sheet: '发票基础信息', row: 5, column: '开票日期', reason: '日期不存在「2026-13-01」', severity: 'error' },
      {
        sheet: 'CSV',
        row: 9,
        column: null,
        reason: '明细行与第 8 行完全相同，请核对是否重复导出',
        severity: 'warning',
      },
    ]);
    expect(buffer.subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('错误报告');
    const rows = sheet
      ?.getSheetValues()
      .slice(1)
      .map((row) => (Array.isArray(row) ? row.slice(1) : row));
    expect(rows).toEqual([
      ['序号', '工作表', '行号', '列', '问题说明', '级别'],
      [1, '发票基础信息', 5, '开票日期', '日期不存在「2026-13-01」', '错误'],
      [2, 'CSV', 9, '（整行）', '明细行与第 8 行完全相同，请核对是否重复导出', '警告'],
    ]);
  });
});
