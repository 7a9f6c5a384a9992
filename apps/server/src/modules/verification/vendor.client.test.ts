import { type InvoiceFace, parseQrPayload, readInvoiceXml, runOfflineChecks } from '@taxlens/engine/verification';
import {
  buildEInvoiceXml,
  qrPayloadOf,
  sampleInvoice,
  sampleOldInvoice,
  totalOf,
} from '@taxlens/engine/verification-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayFake, startRelayFake } from './testing/relay-fake.js';
import { RelayVerificationProvider, relayFields, signOf } from './vendor.client.js';
import { ProviderFailure } from './verification.provider.js';

let fake: RelayFake;
let provider: RelayVerificationProvider;
const CONTEXT = { today: '2026-11-25', earlier: [], imported: undefined, sellerRisk: null };

function faceOf(spec = sampleInvoice()): InvoiceFace {
  const face = readInvoiceXml(buildEInvoiceXml(spec))?.face as InvoiceFace;
  face.qr = parseQrPayload(qrPayloadOf(spec));
  return face;
}

beforeAll(async () => {
  fake = await startRelayFake();
  provider = new RelayVerificationProvider({
    url: fake.url,
    appId: fake.appId,
    appSecret: fake.appSecret,
    now: () => 1_764_000_000_000,
  });
});
afterAll(() => fake.close());

describe('relay client against the local fake', () => {
  it('sends the four elements by kind, form-encoded and signed', async () => {
    fake.invoices.push({ fpdm: '', fphm: '24312000000136634917', kprq: '20240514', je: '1060.00', zfbz: 'N' });
    const face = faceOf();
    await provider.verify(face, runOfflineChecks(face, CONTEXT));
    const form = fake.received.at(-1) ?? {};
    expect(form).toMatchObject({
      appId: fake.appId,
      timestamp: '1764000000000',
      fpdm: '',
      fphm: '24312000000136634917',
      kprq: '20240514',
      je: '1060.00',
    });
    expect(form.sign).toBe(signOf(fake.appId, fake.appSecret, '1764000000000'));
    const old = readInvoiceXml(buildEInvoiceXml(sampleOldInvoice()))?.face as InvoiceFace;
    old.code = '031001900111';
    old.kindCode = '10';
    old.checkCode = '12345678901234567890';
    expect(relayFields(old)).toEqual({ fpdm: '031001900111', fphm: '01234567', kprq: '20220315', jym: '567890' });
  });

  it('maps the platform status and its answer codes to verdicts', async () => {
    const spec = sampleInvoice({ number: '24312000000136630001' });
    fake.invoices.push({
      fpdm: '',
      fphm: spec.number,
      kprq: '20240514',
      je: (totalOf(spec) / 100).toFixed(2),
      zfbz: 'Y',
    });
    const face = faceOf(spec);
    const voided = await provider.verify(face, runOfflineChecks(face, CONTEXT));
    expect(voided.verdict).toBe('fail');
    expect(voided.results[0]).toMatchObject({ id: 'platform', verdict: 'fail', reason: '查验平台：发票已作废' });
    expect(voided.vendorCode).toBe('001');

    const unknown = faceOf(sampleInvoice({ number: '24312000000136639999' }));
    const missing = await provider.verify(unknown, []);
    expect(missing.vendorCode).toBe('009');
    expect(missing.results[0]?.reason).toContain('所查发票不存在');

    const mismatch = faceOf(spec);
    mismatch.totalFen = 1;
    const inconsistent = await provider.verify(mismatch, []);
    expect(inconsistent.vendorCode).toBe('006');
  });

  it('turns refusals and outages into ProviderFailure (refunded by the service)', async () => {
    const old = faceOf(sampleOldInvoice());
    old.code = '031001900111';
    old.kindCode = '10';
    old.checkCode = '12345';
    const refusal = await provider.verify(old, []).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderFailure);
    expect((refusal as ProviderFailure).vendorCode).toBe('114');

    fake.failWithStatus = 503;
    const down = await provider.verify(faceOf(), []).catch((error: unknown) => error);
    fake.failWithStatus = null;
    expect((down as ProviderFailure).message).toContain('HTTP 503');

    const wrongSecret = new RelayVerificationProvider({ url: fake.url, appId: fake.appId, appSecret: 'wrong-secret' });
    const unsigned = await wrongSecret.verify(faceOf(), []).catch((error: unknown) => error);
    expect((unsigned as ProviderFailure).vendorCode).toBe('401');
  });
});
