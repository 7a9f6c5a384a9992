/**
 * "What bad input gets": each kind of unreadable file alone answers one clear sentence and writes
 * nothing (no check row, no charge, no ledger row); requests that cannot be taken at all are 4xx.
 * Also the PDF whose QR is drawn as vector paths, read through the product from the rendered page.
 */
import { buildBadFiles, buildEInvoiceXml, buildInvoicePdf, sampleInvoice } from '@taxlens/engine/verification-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartFilesBody, type TestContext } from '../../../test/helpers.js';
import { ledgerCount, wallet } from '../billing/test-support.js';

let ctx: TestContext;
let main: string;
const BASE = '/api/InvoiceAuthenticity';

async function post(url: string, files: { filename: string; content: Uint8Array }[]) {
  const body = multipartFilesBody(files);
  const raw = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { token: main, ...body.headers },
    payload: body.payload,
  });
  return { status: raw.statusCode, ...raw.json() };
}

async function checkRows(): Promise<number> {
  const rows = await ctx.db.selectFrom('invoice_checks').select('id').where('group_id', '=', 1).execute();
  return rows.length;
}

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('bad input: one clear sentence each, nothing charged', () => {
  const SENTENCES: Record<string, string> = {
    '会议纪要.txt': '不支持该文件格式，请上传XML、OFD、PDF、PNG或JPG文件',
    '合同.ofd': '该OFD文件中没有发票数据（未找到发票XML或发票字段）',
    '扫描件.pdf': '该PDF既无可读取的文字层也无可识别的发票二维码，无法读取发票信息',
    '照片.png': '图片中未识别到发票二维码，请上传清晰的发票二维码图片',
  };

  it('each unreadable kind alone: rejected with its sentence, no row, no charge, no ledger row', async () => {
    for (const file of await buildBadFiles()) {
      const [balance, ledger, rows] = [await wallet(ctx.db, 1), await ledgerCount(ctx.db, 1), await checkRows()];
      const answer = await post(`${BASE}/invoice/pdfFileVerify`, [file]);
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ checked: [], chargedFen: 0, chargedCredits: 0 });
      expect(answer.data.rejected).toEqual([{ name: file.filename, reason: SENTENCES[file.filename] }]);
      expect(await wallet(ctx.db, 1)).toEqual(balance);
      expect(await ledgerCount(ctx.db, 1)).toBe(ledger);
      expect(await checkRows()).toBe(rows);
    }
  });

  it('reading a file alone (ocr/base) answers the same sentence as a 400', async () => {
    const [, ofd] = await buildBadFiles();
    const answer = await post('/api/BusinessPanoramicReport/aisino/invoice/ocr/base', [
      ofd as { filename: string; content: Uint8Array },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.msg).toBe(SENTENCES['合同.ofd']);
  });

  it('an empty file, no file, and more than 50 files are refused before anything is read', async () => {
    const empty = await post(`${BASE}/invoice/pdfFileVerify`, [{ filename: '空.pdf', content: new Uint8Array() }]);
    expect(empty.data.rejected).toEqual([
      { name: '空.pdf', reason: '该文件不是发票文件，请上传数电XML、OFD、PDF发票或发票二维码图片' },
    ]);
    const none = await post(`${BASE}/invoice/pdfFileVerify`, []);
    expect(none.status).toBe(400);
    expect(none.msg).toBe('请选择要核验的发票文件');
    const many = Array.from({ length: 51 }, (_, index) => ({
      filename: `${index}.xml`,
      content: new TextEncoder().encode('<x/>'),
    }));
    const tooMany = await post(`${BASE}/invoice/pdfFileVerify`, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.msg).toBe('单次最多上传50个文件');
    expect(await checkRows()).toBe(0);
  });
});

describe('a PDF whose QR is drawn as vector paths', () => {
  it('is checked from its text layer with the QR read from the rendered page; the record says which layers', async () => {
    const spec = sampleInvoice({ number: '24312000000136555001' });
    const answer = await post(`${BASE}/invoice/pdfFileVerify`, [
      { filename: '矢量二维码.pdf', content: await buildInvoicePdf(spec, { qrAs: 'vector' }) },
      { filename: '仅二维码.pdf', content: await buildInvoicePdf(spec, { qrAs: 'vector', withText: false }) },
    ]);
    expect(answer.data.rejected).toEqual([]);
    const [full, qrOnly] = answer.data.checked;
    expect(full).toMatchObject({ sourceLayer: 'pdf-text', sourceLayerName: 'PDF文字层', totalFen: 106_000 });
    expect(qrOnly).toMatchObject({ sourceLayer: 'pdf-rendered-qr', sourceLayerName: 'PDF渲染页面二维码' });
    const detail = await ctx.call('GET', `${BASE}/infoById`, { token: main, query: { id: String(full.id) } });
    expect(detail.data.notes).toEqual(['二维码为矢量绘制，取自渲染后的页面']);
    // The QR was read: the QR-against-face check compared it and passed.
    const qrCheck = detail.data.results.find((row: { id: string }) => row.id === 'qr');
    expect(qrCheck?.verdict).toBe('pass');
  });
});

describe('one upload reads its comparisons once', () => {
  it('the second copy of an invoice in the same upload still warns of 重复报销', async () => {
    const xml = new TextEncoder().encode(buildEInvoiceXml(sampleInvoice({ number: '24312000000136555777' })));
    const answer = await post(`${BASE}/invoice/pdfFileVerify`, [
      { filename: '报销单1.xml', content: xml },
      { filename: '报销单2.xml', content: xml },
    ]);
    const [first, second] = answer.data.checked;
    const detailOf = async (id: number) =>
      (await ctx.call('GET', `${BASE}/infoById`, { token: main, query: { id: String(id) } })).data;
    const duplicateOf = (detail: { results: { id: string; verdict: string; reason: string }[] }) =>
      detail.results.find((row) => row.id === 'duplicate');
    expect(duplicateOf(await detailOf(first.id))?.verdict).toBe('pass');
    const again = duplicateOf(await detailOf(second.id));
    expect(again?.verdict).toBe('warn');
    expect(again?.reason).toMatch(
      /^重复报销风险：该发票已被查验1次，首次为\d{4}-\d{2}-\d{2} \d{2}:\d{2}（138\*\*\*\*0001）$/,
    );
  });
});
