import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('file names of downloads', () => {
  it('prefers the UTF-8 name of Content-Disposition', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('订单列表.xlsx')}`,
      ),
    ).toBe('订单列表.xlsx');
  });

  it('falls back to the plain name, or null', () => {
    expect(fileNameFromDisposition('attachment; filename="invoice.pdf"')).toBe('invoice.pdf');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
