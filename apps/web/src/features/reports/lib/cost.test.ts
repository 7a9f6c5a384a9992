import { describe, expect, it } from 'vitest';
import { costPreview } from './cost';

const details = (over: { balance?: number | null; count?: number; invoicePrice?: number }) => ({
  balance: over.balance === undefined ? 100_000 : over.balance,
  invoicePrice: over.invoicePrice ?? 29_900,
  numberList: [
    { type: 1, count: over.count ?? 0 },
    { type: 2, count: 5 },
  ],
});

describe('cost preview (charged as the server does: a credit first, else the price from the balance)', () => {
  it('uses a credit of the report’s type when there is one', () => {
    expect(costPreview(details({ count: 20 }), 'INVOICE')).toEqual({
      payWith: 'credit',
      credits: 20,
      priceFen: 29_900,
      balanceFen: 100_000,
      limitLeftFen: null,
    });
  });

  it('else the price from the balance, or 余额不足 when it is short', () => {
    expect(costPreview(details({ count: 0 }), 'INVOICE').payWith).toBe('balance');
    expect(costPreview(details({ count: 0, balance: 29_899 }), 'INVOICE').payWith).toBe('insufficient');
    expect(costPreview(details({ count: 0, balance: 29_900 }), 'INVOICE').payWith).toBe('balance');
  });

  it('cannot tell without the right to see the balance; a free report needs nothing', () => {
    expect(costPreview(details({ count: 0, balance: null }), 'INVOICE').payWith).toBe('unknown');
    expect(costPreview(details({ count: 0, balance: 0, invoicePrice: 0 }), 'INVOICE').payWith).toBe('balance');
  });

  it('each kind uses its own credit type and price (server: billing/charges.service.ts)', () => {
    const user = {
      balance: 50_000,
      invoicePrice: 29_900,
      riskDetectionPrice: 39_900,
      shyReportPrice: 59_900,
      numberList: [
        { type: 1, count: 3 },
        { type: 2, count: 0 },
        { type: 3, count: 0 },
      ],
    };
    expect(costPreview(user, 'INVOICE')).toMatchObject({ payWith: 'credit', credits: 3, priceFen: 29_900 });
    expect(costPreview(user, 'TAX')).toMatchObject({ payWith: 'balance', credits: 0, priceFen: 39_900 });
    expect(costPreview(user, 'COMPREHENSIVE')).toMatchObject({ payWith: 'insufficient', credits: 0, priceFen: 59_900 });
    const withCredit = { ...user, numberList: [{ type: 3, count: 1 }] };
    expect(costPreview(withCredit, 'COMPREHENSIVE')).toMatchObject({ payWith: 'credit', credits: 1 });
  });

  it('shared wallet mode: the group wallet pays when the own one cannot, within the monthly limit', () => {
    const staff = (group: { balance: number | null; count?: number }, limit: number | null = null, used = 0) => ({
      ...details({ count: 0, balance: 0 }),
      groupWallet: { balance: group.balance, numberList: [{ type: 1, count: group.count ?? 0 }] },
      monthlyLimitFen: limit,
      monthlyUsedFen: used,
    });
    expect(costPreview(staff({ balance: 100_000 }), 'INVOICE')).toMatchObject({
      payWith: 'group-balance',
      balanceFen: 100_000,
    });
    expect(costPreview(staff({ balance: 0, count: 2 }), 'INVOICE')).toMatchObject({
      payWith: 'group-credit',
      credits: 2,
    });
    expect(costPreview(staff({ balance: 0 }), 'INVOICE').payWith).toBe('insufficient');
    expect(costPreview(staff({ balance: 100_000 }, 50_000, 30_000), 'INVOICE')).toMatchObject({
      payWith: 'limit',
      limitLeftFen: 20_000,
    });
    expect(costPreview(staff({ balance: null }), 'INVOICE').payWith).toBe('unknown');
  });
});
