import { describe, expect, it } from 'vitest';
import { textCell, toCsv } from './csv-export';

function lines(csv: string): string[] {
  return csv.slice(1).split('\r\n');
}

describe('CSV export for Excel', () => {
  it('starts with a UTF-8 byte-order mark and ends lines with CRLF', () => {
    const csv = toCsv(['姓名', '级别'], [['王员工', '员工']]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('姓名,级别\r\n王员工,员工\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    const csv = toCsv(['a'], [['华东,一组'], ['说"好"'], ['两\n行']]);
    expect(lines(csv)).toEqual(['a', '"华东,一组"', '"说""好"""', '"两\n行"', '']);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const csv = toCsv(['a'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['="cmd"']]);
    expect(lines(csv).slice(1, 6)).toEqual([`"'=HYPERLINK(""x"")"`, "'+1", "'-2", "'@SUM(A1)", `"'=""cmd"""`]);
  });

  it('keeps phone numbers as text (digits only), and empty cells empty', () => {
    const csv = toCsv(['手机号', '团队'], [[textCell('13800000001'), null]]);
    expect(lines(csv)[1]).toBe('="13800000001",');
    expect(lines(toCsv(['a'], [[textCell('1"+cmd')]]))[1]).toBe('="1"');
  });
});
