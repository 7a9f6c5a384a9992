import { describe, expect, it } from 'vitest';
import type { NormalizedInvoice, NormalizedInvoiceLine } from '../../../model/invoice.js';
import { COMPANY, evaluate, figure, GOODS, lineOf, purchase, sale } from '../testing/invoice.fixtures.js';
import { boughtNotSoldRule, goodsMismatchRule, soldNotBoughtRule } from './goods.rules.js';

const WAN = 1_000_000;
type Goods = { taxCode: string; category: string; itemName: string };

/** One invoice per entry with a single line of `wan` 万元 of the goods. */
function side(
  make: typeof sale,
  entries: [Goods, number][],
): { invoices: NormalizedInvoice[]; lines: NormalizedInvoiceLine[] } {
  const invoices = entries.map(([, wan]) => make({ amountFen: wan * WAN }));
  const lines = entries.map(([goods], index) => lineOf(invoices[index]!, { goods }));
  return { invoices, lines };
}

function data(sales: [Goods, number][], purchases: [Goods, number][]) {
  const sold = side(sale, sales);
  const bought = side(purchase, purchases);
  return { invoices: [...sold.invoices, ...bought.invoices], lines: [...sold.lines, ...bought.lines] };
}

describe('INV_GOODS_MISMATCH 进销品目不匹配', () => {
  it('buys 80万 of steel, sells 100万 of software services → high', () => {
    const finding = evaluate(goodsMismatchRule, data([[GOODS.software, 100]], [[GOODS.steel, 80]]));
    expect(finding.level).toBe('high');
    expect(figure(finding, '进项货物占比')).toBe(100);
    expect(figure(finding, '销项货物占比')).toBe(0);
  });

  it('steel bought below 30% of sales (29万 of 100万) → a service firm buying equipment → none', () => {
    expect(evaluate(goodsMismatchRule, data([[GOODS.software, 100]], [[GOODS.steel, 29]])).level).toBe('none');
    expect(evaluate(goodsMismatchRule, data([[GOODS.software, 100]], [[GOODS.steel, 30]])).level).toBe('high');
  });

  it('sells 100万 of goods but bought goods of only 9万 → medium; 10万 → none', () => {
    expect(
      evaluate(
        goodsMismatchRule,
        data(
          [[GOODS.steel, 100]],
          [
            [GOODS.steel, 9],
            [GOODS.rent, 50],
          ],
        ),
      ).level,
    ).toBe('medium');
    expect(
      evaluate(
        goodsMismatchRule,
        data(
          [[GOODS.steel, 100]],
          [
            [GOODS.steel, 10],
            [GOODS.rent, 50],
          ],
        ),
      ).level,
    ).toBe('none');
  });

  it('is insufficient without lines on a side or without tax codes', () => {
    const noPurchaseLines = data([[GOODS.steel, 1]], []);
    noPurchaseLines.invoices.push(purchase());
    expect(evaluate(goodsMismatchRule, noPurchaseLines).missingData).toEqual(['进项发票明细（信息汇总表）']);
    const uncoded = data([[GOODS.steel, 1]], [[GOODS.steel, 1]]);
    for (const line of uncoded.lines) line.taxCode = null;
    expect(evaluate(goodsMismatchRule, uncoded).missingData?.[0]).toContain('税收分类编码');
  });
});

describe('INV_SOLD_NOT_BOUGHT 有销无进', () => {
  it('商贸: 40万 of 100万 goods sold (cable) never bought → 40% → medium', () => {
    const finding = evaluate(
      soldNotBoughtRule,
      data(
        [
          [GOODS.steel, 60],
          [GOODS.cable, 40],
        ],
        [[GOODS.steel, 50]],
      ),
    );
    expect(finding.level).toBe('medium');
    expect(figure(finding, '未匹配金额')).toBe(40 * WAN);
    expect(figure(finding, '未匹配金额占比')).toBe(40);
    expect(finding.summary).toContain('电线电缆');
  });

  it('boundaries: 30% → medium, 29% → none, 60% → high; bought last period counts as bought', () => {
    expect(
      evaluate(
        soldNotBoughtRule,
        data(
          [
            [GOODS.steel, 70],
            [GOODS.cable, 30],
          ],
          [[GOODS.steel, 50]],
        ),
      ).level,
    ).toBe('medium');
    expect(
      evaluate(
        soldNotBoughtRule,
        data(
          [
            [GOODS.steel, 71],
            [GOODS.cable, 29],
          ],
          [[GOODS.steel, 50]],
        ),
      ).level,
    ).toBe('none');
    expect(
      evaluate(
        soldNotBoughtRule,
        data(
          [
            [GOODS.steel, 40],
            [GOODS.cable, 60],
          ],
          [[GOODS.steel, 50]],
        ),
      ).level,
    ).toBe('high');
    const previous = side(purchase, [[GOODS.cable, 10]]);
    const withPrevious = {
      ...data(
        [
          [GOODS.steel, 40],
          [GOODS.cable, 60],
        ],
        [[GOODS.steel, 50]],
      ),
      previousPeriod: previous,
    };
    expect(evaluate(soldNotBoughtRule, withPrevious).level).toBe('none');
  });

  it('a manufacturer is capped at low; almost no goods bought is left to 进销品目不匹配', () => {
    const maker = { ...COMPANY, industry: '通用设备制造业' };
    const finding = evaluate(soldNotBoughtRule, { company: maker, ...data([[GOODS.cable, 100]], [[GOODS.steel, 50]]) });
    expect(finding.level).toBe('low');
    expect(evaluate(soldNotBoughtRule, data([[GOODS.cable, 100]], [[GOODS.steel, 9]])).summary).toContain(
      '由“进销品目不匹配”判断',
    );
  });
});

describe('INV_BOUGHT_NOT_SOLD 有进无销', () => {
  it('商贸: 30万 of 100万 goods bought (cement) never sold → 30% → medium; services ignored', () => {
    const finding = evaluate(
      boughtNotSoldRule,
      data(
        [[GOODS.steel, 120]],
        [
          [GOODS.steel, 70],
          [GOODS.cement, 30],
          [GOODS.rent, 80],
        ],
      ),
    );
    expect(finding.level).toBe('medium');
    expect(figure(finding, '未匹配金额占比')).toBe(30);
  });

  it('60% → high; a company selling mainly services is not judged here', () => {
    expect(
      evaluate(
        boughtNotSoldRule,
        data(
          [[GOODS.steel, 120]],
          [
            [GOODS.steel, 40],
            [GOODS.cement, 60],
          ],
        ),
      ).level,
    ).toBe('high');
    const services = evaluate(
      boughtNotSoldRule,
      data(
        [
          [GOODS.software, 100],
          [GOODS.steel, 10],
        ],
        [[GOODS.cement, 60]],
      ),
    );
    expect(services.level).toBe('none');
    expect(services.summary).toContain('销售以服务为主');
  });

  it('is insufficient without sales lines', () => {
    const onlyPurchases = data([], [[GOODS.steel, 1]]);
    onlyPurchases.invoices.push(sale());
    expect(evaluate(boughtNotSoldRule, onlyPurchases).level).toBe('insufficient');
  });
});
