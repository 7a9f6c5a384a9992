import { writeInvoiceExportFixture } from '@taxlens/engine/fixtures';
import { expect } from 'vitest';
import { type ApiAnswer, multipartBody, type TestContext } from './helpers.js';

type FixtureOptions = Omit<Parameters<typeof writeInvoiceExportFixture>[0], 'format'>;

/** Sends a file to `fileUpload` as the holder of `token` would, fields first. */
export async function uploadFile(
  ctx: TestContext,
  token: string,
  fields: Record<string, string>,
  file: { filename: string; content: Buffer },
): Promise<Omit<ApiAnswer, 'raw'>> {
  const body = multipartBody(fields, file);
  const raw = await ctx.app.inject({
    method: 'POST',
    url: '/api/CsbFirmCertification/fileUpload',
    headers: { token, ...body.headers },
    payload: body.payload,
  });
  const json = raw.json();
  return { status: raw.statusCode, code: json.code, msg: json.msg, data: json.data };
}

/**
 * Binds the company of an invoice-export fixture and imports its workbook (workers must run);
 * answers the company's id and the fixture.
 */
export async function companyWithInvoices(ctx: TestContext, token: string, options: FixtureOptions) {
  const fixture = await writeInvoiceExportFixture({ format: 'xlsx', ...options }, 'buffer');
  const bound = await ctx.call('POST', '/api/CsbFirmCertification/bindFirm', {
    token,
    body: { taxpayerName: fixture.company.name, taxNo: fixture.company.taxNo },
  });
  const firmId = bound.data.firmId as number;
  const upload = await uploadFile(
    ctx,
    token,
    { firmId: String(firmId), kind: 'invoice' },
    { filename: 'e.xlsx', content: fixture.buffer as Buffer },
  );
  expect(upload.data.status, upload.data.message).toBe('done');
  return { firmId, fixture };
}
