import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, toCsv } from './csv';

describe('CSV for Excel', () => {
  it('starts with a UTF-8 BOM and uses CRLF line ends', () => {
    const csv = toCsv([{ header: '姓名', value: (row: { name: string }) => row.name }], [{ name: '王员工' }]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}姓名\r\n王员工\r\n`);
    // The BOM is the three bytes EF BB BF once encoded.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
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
    expect(csvCell('+86 138')).toBe("'+86 138");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-1,000.00')).toBe('"-1,000.00"');
    expect(csvCell('-2 次')).toBe("'-2 次");
  });

  it('writes a header row and one line per record', () => {
    const rows = [
      { id: 1, amount: '¥1,000.00' },
      { id: 2, amount: '¥2.00' },
    ];
    const csv = toCsv(
      [
        { header: '编号', value: (row: (typeof rows)[number]) => row.id },
        { header: '金额', value: (row: (typeof rows)[number]) => row.amount },
      ],
      rows,
    );
    expect(csv.slice(1).split('\r\n')).toEqual(['编号,金额', '1,"¥1,000.00"', '2,¥2.00', '']);
  });
});
