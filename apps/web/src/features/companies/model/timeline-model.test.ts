import { describe, expect, it } from 'vitest';
import { monthSpan, timelineRows } from './timeline-model';

describe('timelineRows', () => {
  it('lays every kind over the common span and counts its own gaps', () => {
    const { months, rows } = timelineRows({
      firstMonth: '2024-11',
      lastMonth: '2025-02',
      rows: [
        {
          key: 'invoice_sales',
          label: '销项发票',
          months: [
            { month: '2024-11', count: 3 },
            { month: '2025-02', count: 1 },
          ],
        },
        { key: 'vat_return', label: '增值税申报表', months: [] },
      ],
    });
    expect(months).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(rows[0]).toMatchObject({ covered: 2, gaps: 2 });
    expect(rows[0]?.cells.map((cell) => cell.count)).toEqual([3, 0, 0, 1]);
    expect(rows[1]).toMatchObject({ covered: 0, gaps: 0 });
  });

  it('spans months across a year end', () => {
    expect(monthSpan('2024-12', '2025-01')).toEqual(['2024-12', '2025-01']);
  });
});
