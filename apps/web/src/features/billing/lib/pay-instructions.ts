import type { PayInstruction } from '../types';

/**
 * The server answers how to pay an order (cashier address, bank details) only when the order is
 * placed. To let the user continue paying a pending order later, the answer is kept in this
 * browser until the order expires. Orders placed elsewhere show the generic guidance instead.
 */
const STORAGE_KEY = 'taxlens.billing.payInstructions';
const MAX_ENTRIES = 50;

type Stored = Record<string, PayInstruction>;

const keyOf = (userId: number, orderId: number) => `${userId}:${orderId}`;

function read(): Stored {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function write(entries: Stored): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or disabled: continuing a payment later is a convenience only.
  }
}

function live(entries: Stored, now: number): Stored {
  const kept = Object.entries(entries)
    .filter(([, entry]) => {
      const expires = Date.parse(entry?.expireTime ?? '');
      return Number.isFinite(expires) && expires > now;
    })
    .sort(([, a], [, b]) => Date.parse(b.expireTime) - Date.parse(a.expireTime))
    .slice(0, MAX_ENTRIES);
  return Object.fromEntries(kept);
}

export function rememberPayInstruction(userId: number, instruction: PayInstruction, now = Date.now()): void {
  write(live({ ...read(), [keyOf(userId, instruction.orderId)]: instruction }, now));
}

export function findPayInstruction(userId: number, orderId: number, now = Date.now()): PayInstruction | null {
  const entries = live(read(), now);
  return entries[keyOf(userId, orderId)] ?? null;
}

export function forgetPayInstruction(userId: number, orderId: number): void {
  const entries = read();
  delete entries[keyOf(userId, orderId)];
  write(entries);
}
