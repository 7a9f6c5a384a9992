import { afterEach, describe, expect, it } from 'vitest';
import type { PayInstruction } from '../types';
import { findPayInstruction, forgetPayInstruction, rememberPayInstruction } from './pay-instructions';

const NOW = Date.UTC(2026, 0, 5, 1, 0, 0);

function instruction(orderId: number, minutes = 30): PayInstruction {
  return {
    orderId,
    orderNo: `TL20260105090000${String(orderId).padStart(6, '0')}`,
    title: '基础套餐',
    amountFen: 100_000,
    payMethod: 'sandbox',
    state: 'pending',
    expireTime: new Date(NOW + minutes * 60_000).toISOString(),
    cashierUrl: `/sandbox-cashier/token-${orderId}`,
    bankTransfer: null,
  };
}

afterEach(() => localStorage.clear());

describe('pay instructions kept for continuing a payment', () => {
  it('finds an order placed in this browser by the same user', () => {
    rememberPayInstruction(1, instruction(1001), NOW);
    expect(findPayInstruction(1, 1001, NOW)?.cashierUrl).toBe('/sandbox-cashier/token-1001');
    expect(findPayInstruction(2, 1001, NOW)).toBeNull();
    expect(findPayInstruction(1, 1002, NOW)).toBeNull();
  });

  it('drops orders past their payment deadline', () => {
    rememberPayInstruction(1, instruction(1001, 30), NOW);
    expect(findPayInstruction(1, 1001, NOW + 31 * 60_000)).toBeNull();
  });

  it('forgets a paid order, and survives garbage in storage', () => {
    rememberPayInstruction(1, instruction(1001), NOW);
    forgetPayInstruction(1, 1001);
    expect(findPayInstruction(1, 1001, NOW)).toBeNull();
    localStorage.setItem('taxlens.billing.payInstructions', '{not json');
    expect(findPayInstruction(1, 1001, NOW)).toBeNull();
    rememberPayInstruction(1, instruction(1003), NOW);
    expect(findPayInstruction(1, 1003, NOW)?.orderId).toBe(1003);
  });
});
