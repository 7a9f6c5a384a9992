import { describe, expect, it } from 'vitest';
import { CSV_BOM, type CsvColumn, csvCell, textCell, toCsv } from './csv';

interface Row {
  id: number;
  text: string;
}
const COLUMNS: CsvColumn<Row>[] = [
  { header: '编号', value: (row) => row.id },
  { header: '内容', value: (row) => row.text },
];

describe('CSV for Excel', () => {
  it('starts with a UTF-8 BOM, writes a header row and one CRLF line per record', () => {
    const csv = toCsv(COLUMNS, [
      { id: 1, text: '¥1,000.00' },
      { id: 2, text: '王员工' },
    ]);
    expect(csv).toBe(`${CSV_BOM}编号,内容\r\n1,"¥1,000.00"\r\n2,王员工\r\n`);
    // The BOM is the three bytes EF BB BF once encoded.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('华东,一组')).toBe('"华东,一组"');
    expect(csvCell('他说"好"')).toBe('"他说""好"""');
    expect(csvCell('两\n行')).toBe('"两\n行"');
    expect(csvCell('普通')).toBe('普通');
  });

  it('empty for null and undefined, numbers as they are', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(0)).toBe('0');
  });

  it('defuses cells a spreadsheet would run as a formula, but not negative amounts', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('="cmd"')).toBe(`"'=""cmd"""`);
    expect(csvCell('+86 138')).toBe("'+86 138");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-1,000.00')).toBe('"-1,000.00"');
    expect(csvCell('-2')).toBe('-2');
    expect(csvCell('-2 次')).toBe("'-2 次");
  });

  it('keeps phone numbers as text cells of digits only', () => {
    expect(csvCell(textCell('13800000001'))).toBe('="13800000001"');
    expect(csvCell(textCell('1"+cmd'))).toBe('="1"');
  });
});
