import { describe, expect, it } from 'vitest';
import { evaluate, figure, sale } from '../testing/invoice.fixtures.js';
import { largeRedFlushRule } from './red-void.rules.js';

const BUYER = { taxNo: '91370000TIANCHENG1', name: '天诚（山东）建材有限公司' };

describe('INV_LARGE_RED_FLUSH 大额红冲', () => {
  it('June: blue 10万, red 15万 flushing a March blue → excess 5万 ≥ 1万 → medium, naming buyer and blue invoice', () => {
    const march = sale({ at: '2024-03-08', amountFen: 15_000_000, party: BUYER });
    const june = sale({ at: '2024-06-03', amountFen: 10_000_000 });
    const red = sale({
      at: '2024-06-20',
      amountFen: -15_000_000,
      party: BUYER,
      redOfNumber: march.digitalNumber,
      remark: `被红冲蓝字数电发票号码：${march.digitalNumber}`,
    });
    const finding = evaluate(largeRedFlushRule, { invoices: [march, june, red] });
    expect(finding.level).toBe('medium');
    expect(figure(finding, '红冲超过开票的月份')).toBe(1);
    expect(figure(finding, '红冲超出当月开票的金额')).toBe(5_000_000);
    expect(figure(finding, '关联到的被红冲蓝字发票')).toBe(1);
    expect(finding.summary).toContain('2024-06红冲150,000.00元、开票100,000.00元');
    expect(finding.summary).toContain('天诚（山东）建材有限公司');
    expect(finding.summary).toContain(`${march.digitalNumber}（2024-03-08，150,000.00元）`);
    expect(finding.evidence?.invoiceKeys).toEqual([red.key, march.key]);
  });

  it('reds equal to the month’s blues are not large; 60万 excess → high', () => {
    const equal = [
      sale({ at: '2024-06-03', amountFen: 10_000_000 }),
      sale({ at: '2024-06-20', amountFen: -10_000_000 }),
    ];
    expect(evaluate(largeRedFlushRule, { invoices: equal }).level).toBe('none');
    const large = [
      sale({ at: '2024-02-03', amountFen: 70_000_000 }),
      sale({ at: '2024-06-20', amountFen: -60_000_000 }),
    ];
    expect(evaluate(largeRedFlushRule, { invoices: large }).level).toBe('high');
  });
});
