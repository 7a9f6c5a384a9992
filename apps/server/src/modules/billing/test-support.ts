/** Helpers shared by the billing tests (not a test file itself). */
import { sql } from 'kysely';
import { createUser } from '../../../test/factories.js';
import type { TestContext } from '../../../test/helpers.js';
import type { Db } from '../../db/kysely.js';
import { ledgerSums } from './ledger.repo.js';
import { SANDBOX_NOTIFY_PATH, type SandboxNotification, signSandbox } from './sandbox.gateway.js';
import { ensureSandboxSecret } from './settings.repo.js';

/** A platform operator (no group), signed in. */
export async function operatorToken(ctx: TestContext): Promise<{ id: number; token: string }> {
  const user = await createUser(ctx.db, { groupId: null });
  await ctx.db.updateTable('users').set({ is_operator: true }).where('id', '=', user.id).execute();
  return { id: user.id, token: await ctx.login(user.phone) };
}

export async function wallet(db: Db, userId: number): Promise<{ balance: number; credits: number[] }> {
  const row = await db
    .selectFrom('wallets')
    .select(['balance_fen', 'credits'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { balance: Number(row?.balance_fen ?? 0), credits: row?.credits.map(Number) ?? [0, 0, 0, 0, 0, 0] };
}

/** The wallet equals the sum of its ledger, asset by asset. */
export async function expectLedgerMatches(db: Db, userId: number): Promise<void> {
  const [held, sums, checks] = await Promise.all([
    wallet(db, userId),
    ledgerSums(db, userId),
    db
      .selectFrom('wallets')
      .select(['check_credits', 'toker_credits'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  const actual = [
    held.balance,
    ...held.credits,
    Number(checks?.check_credits ?? 0),
    Number(checks?.toker_credits ?? 0),
  ];
  if (JSON.stringify(actual) !== JSON.stringify(sums)) {
    throw new Error(`wallet ${userId} ${JSON.stringify(actual)} != ledger ${JSON.stringify(sums)}`);
  }
}

export async function ledgerCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A notification signed with the installation's secret, as the sandbox "bank" would send. */
export async function signedNotification(
  db: Db,
  fields: Partial<Omit<SandboxNotification, 'sign'>> & { orderNo: string; amountFen: number },
): Promise<SandboxNotification> {
  const secret = await ensureSandboxSecret(db);
  const body = {
    txnId: `SBXTEST${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
    status: 'SUCCESS' as const,
    paidAt: new Date().toISOString(),
    nonce: 'test-nonce-123456',
    ...fields,
  };
  return { ...body, sign: signSandbox(secret, body) };
}

export function notify(ctx: TestContext, body: unknown) {
  return ctx.call('POST', SANDBOX_NOTIFY_PATH, { body });
}

/** Places an order through the API and answers its payment instruction. */
export async function placeOrder(
  ctx: TestContext,
  token: string,
  body: { packageId?: number; amountFen?: number; payMethod?: 'sandbox' | 'bank_transfer' },
) {
  const answer = await ctx.call('POST', '/api/Order/unifiedOrder', { token, body: { payMethod: 'sandbox', ...body } });
  if (answer.code !== 0) throw new Error(`unifiedOrder failed: ${answer.status} ${answer.msg}`);
  return answer.data as { orderId: number; orderNo: string; amountFen: number; cashierUrl: string | null };
}

/** Tops a wallet up the way a customer does: a sandbox order paid by a signed notification. */
export async function topUp(ctx: TestContext, token: string, amountFen: number) {
  const order = await placeOrder(ctx, token, { amountFen });
  const answer = await notify(ctx, await signedNotification(ctx.db, { orderNo: order.orderNo, amountFen }));
  if (answer.code !== 0) throw new Error(`notify failed: ${answer.msg}`);
  return order;
}

/** A multipart/form-data body with one file, as a browser's FormData would send it. */
export function multipartFile(field: string, filename: string, content: Buffer, contentType = 'application/pdf') {
  const boundary = `----taxlensbilling${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest file that starts like a PDF. */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
