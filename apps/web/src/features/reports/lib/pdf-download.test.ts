import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './pdf-download';

describe('PDF file name', () => {
  it('prefers the UTF-8 name of content-disposition', () => {
    const header = `attachment; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent('示例科技有限公司-发票穿透报告.pdf')}`;
    expect(fileNameFrom(header, 'x.pdf')).toBe('示例科技有限公司-发票穿透报告.pdf');
  });

  it('falls back to the plain name, then to the given one', () => {
    expect(fileNameFrom('attachment; filename="report.pdf"', 'x.pdf')).toBe('report.pdf');
    expect(fileNameFrom(null, 'x.pdf')).toBe('x.pdf');
    expect(fileNameFrom("attachment; filename*=UTF-8''%E0%A4%A", 'x.pdf')).toBe('x.pdf');
  });
});
