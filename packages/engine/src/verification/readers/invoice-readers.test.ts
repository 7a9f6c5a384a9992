import JSZip from 'jszip';
import { extractImages, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { buildInvoiceOfd } from '../fixtures/invoice-ofd.fixture.js';
import { buildInvoicePdf, buildQrPng } from '../fixtures/invoice-pdf.fixture.js';
import {
  buildEInvoiceXml,
  buildInvoiceXbrl,
  buildOriginalInvoiceXml,
  qrPayloadOf,
  SAMPLE_BUYER,
  SAMPLE_SELLER,
  sampleInvoice,
  sampleOldInvoice,
} from '../fixtures/invoice-spec.fixture.js';
import { InvoiceReadError, SOURCE_LAYER_NAMES } from '../types.js';
import { readInvoiceFile } from './invoice-file.reader.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function failure(name: string, bytes: Uint8Array): Promise<InvoiceReadError> {
  const error = await readInvoiceFile(name, bytes).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(InvoiceReadError);
  return error as InvoiceReadError;
}

describe('数电 XML', () => {
  it('reads the face by path, the total apart from the line total', async () => {
    const spec = sampleInvoice({
      kind: '81',
      lines: [
        {
          name: '*信息技术服务*软件维护服务',
          taxCode: '3040201000000000000',
          rateBp: 600,
          amountFen: 100_000,
          taxFen: 6_000,
        },
        {
          name: '*计算机配套产品*键盘',
          taxCode: '1090511010000000000',
          rateBp: 1300,
          amountFen: 20_000,
          taxFen: 2_600,
        },
      ],
    });
    const record = await readInvoiceFile('a.xml', utf8(buildEInvoiceXml(spec)));
    expect(record.layer).toBe('xml');
    expect(record.face).toMatchObject({
      kindCode: '81',
      number: '24312000000136634917',
      date: '2024-05-14',
      amountFen: 120_000,
      taxFen: 8_600,
      totalFen: 128_600,
      totalInWords: '壹仟贰佰捌拾陆圆整',
      sellerTaxNo: SAMPLE_SELLER.taxNo,
      buyerName: SAMPLE_BUYER.name,
      red: false,
    });
    expect(record.face.lines.map((line) => [line.taxRateBp, line.taxCode])).toEqual([
      [600, '3040201000000000000'],
      [1300, '1090511010000000000'],
    ]);
  });

  it('marks a red invoice', async () => {
    const spec = sampleInvoice({
      lines: [
        { name: '*信息技术服务*退款', taxCode: '3040201000000000000', rateBp: 600, amountFen: -10_000, taxFen: -600 },
      ],
    });
    const record = await readInvoiceFile('red.xml', utf8(buildEInvoiceXml(spec)));
    expect(record.face.red).toBe(true);
    expect(record.face.totalFen).toBe(-10_600);
    expect(record.face.totalInWords).toBe('（负数）壹佰零陆圆整');
  });

  it('reads a bare original_invoice.xml and an XBRL instance too', async () => {
    const old = await readInvoiceFile('o.xml', utf8(buildOriginalInvoiceXml(sampleOldInvoice())));
    expect(old.face).toMatchObject({
      code: '031001900111',
      number: '01234567',
      kindCode: '10',
      date: '2022-03-15',
      totalFen: 30_000,
    });
    expect(old.face.qr?.raw).toBe(qrPayloadOf(sampleOldInvoice()));
    const xbrl = await readInvoiceFile('x.xml', utf8(buildInvoiceXbrl(sampleOldInvoice())));
    expect(xbrl.face).toMatchObject({
      number: '01234567',
      amountFen: 28_302,
      taxFen: 1_698,
      sellerName: SAMPLE_SELLER.name,
    });
  });

  it('refuses XML that is no invoice, and text that is no XML', async () => {
    expect((await failure('b.xml', utf8('<?xml version="1.0"?><Order><No>1</No></Order>'))).reason).toBe('not_invoice');
    expect((await failure('c.txt', utf8('hello'))).reason).toBe('unsupported');
    expect((await failure('c.xml', utf8('hello'))).reason).toBe('not_invoice');
  });
});

describe('OFD', () => {
  it('pre-数电: the attachment XML, with its QR payload', async () => {
    const record = await readInvoiceFile('a.ofd', await buildInvoiceOfd(sampleOldInvoice(), 'attachment'));
    expect(record.layer).toBe('ofd-attachment-xml');
    expect(record.face).toMatchObject({
      code: '031001900111',
      number: '01234567',
      checkCode: '12345678901234567890',
      taxFen: 1_698,
    });
    expect(record.face.lines[0]?.taxRateBp).toBe(600);
  });

  it('the XBRL variant', async () => {
    const record = await readInvoiceFile('x.ofd', await buildInvoiceOfd(sampleOldInvoice(), 'xbrl'));
    expect(record.layer).toBe('ofd-xbrl');
    expect(record.face).toMatchObject({ number: '01234567', totalFen: 30_000, buyerTaxNo: SAMPLE_BUYER.taxNo });
  });

  it('数电: CustomDatas plus names, 价税合计 and lines from the page through the tag map', async () => {
    const record = await readInvoiceFile('d.ofd', await buildInvoiceOfd(sampleInvoice(), 'digital'));
    expect(record.layer).toBe('ofd-custom-data');
    expect(record.face).toMatchObject({
      number: '24312000000136634917',
      date: '2024-05-14',
      amountFen: 100_000,
      taxFen: 6_000,
      totalFen: 106_000,
      sellerName: SAMPLE_SELLER.name,
      buyerTaxNo: SAMPLE_BUYER.taxNo,
    });
    expect(record.face.lines).toHaveLength(1);
    expect(record.notes).toEqual([]);
  });

  it('tolerates the malformed tag file and content outside Pages/, and says so', async () => {
    const bytes = await buildInvoiceOfd(sampleInvoice(), 'digital', { malformedTags: true, nonStandardLayout: true });
    const record = await readInvoiceFile('d.ofd', bytes);
    expect(record.face.sellerName).toBe(SAMPLE_SELLER.name);
    expect(record.face.totalFen).toBe(106_000);
    expect(record.notes.join()).toContain('不是规范XML');
    expect(record.notes.join()).toContain('不在标准位置');
  });

  it('without tag map or CustomDatas: reads the page text as a face', async () => {
    const zip = await JSZip.loadAsync(await buildInvoiceOfd(sampleInvoice(), 'digital'));
    zip.remove('Doc_0/Tags/CustomTag.xml');
    zip.file(
      'OFD.xml',
      ((await zip.file('OFD.xml')?.async('string')) ?? '').replace(/<ofd:CustomDatas>.*<\/ofd:CustomDatas>/, ''),
    );
    const record = await readInvoiceFile('d.ofd', await zip.generateAsync({ type: 'uint8array' }));
    expect(record.face.number).toBe('24312000000136634917');
    expect(record.notes.join()).toContain('按版面文字读取');
  });

  it('an OFD without invoice data, and a zip that is no OFD', async () => {
    const error = await failure('m.ofd', await buildInvoiceOfd(sampleInvoice(), 'digital', { noInvoiceData: true }));
    expect(error.reason).toBe('ofd_without_invoice');
    const zip = new JSZip().file('a.txt', 'x');
    expect((await failure('z.ofd', await zip.generateAsync({ type: 'uint8array' }))).reason).toBe('not_invoice');
  });
});

describe('PDF and images', () => {
  it('reads the text layer and the QR image of a PDF', async () => {
    const record = await readInvoiceFile('a.pdf', await buildInvoicePdf(sampleInvoice()));
    expect(record.layer).toBe('pdf-text');
    expect(record.face).toMatchObject({
      number: '24312000000136634917',
      kindCode: '82',
      buyerName: SAMPLE_BUYER.name,
      sellerName: SAMPLE_SELLER.name,
      sellerTaxNo: SAMPLE_SELLER.taxNo,
      amountFen: 100_000,
      taxFen: 6_000,
      totalFen: 106_000,
      totalInWords: '壹仟零陆拾圆整',
    });
    expect(record.face.qr?.number).toBe('24312000000136634917');
    expect(record.face.lines[0]).toMatchObject({ amountFen: 100_000, taxRateBp: 600, taxFen: 6_000 });
  });

  it('an old e-invoice PDF with code and check code', async () => {
    const record = await readInvoiceFile('o.pdf', await buildInvoicePdf(sampleOldInvoice()));
    expect(record.face).toMatchObject({
      code: '031001900111',
      number: '01234567',
      checkCode: '12345678901234567890',
      kindCode: '10',
    });
  });

  it('a PDF with only a QR code answers from the QR; with neither it is refused', async () => {
    const qrOnly = await readInvoiceFile('q.pdf', await buildInvoicePdf(sampleInvoice(), { withText: false }));
    expect(qrOnly.layer).toBe('pdf-qr');
    expect(qrOnly.face).toMatchObject({ number: '24312000000136634917', totalFen: 106_000 });
    const error = await failure('e.pdf', await buildInvoicePdf(sampleInvoice(), { withText: false, withQr: false }));
    expect(error.reason).toBe('pdf_without_text_or_qr');
    expect(error.message).toContain('PDF');
  });

  it('a QR drawn as vector paths is read from the rendered page, and the record says so', async () => {
    const bytes = await buildInvoicePdf(sampleInvoice(), { qrAs: 'vector' });
    // The fixture really carries no image: the QR exists only once the page is drawn.
    const document = await getDocumentProxy(new Uint8Array(bytes));
    expect(await extractImages(document, 1)).toHaveLength(0);
    await document.destroy();
    const record = await readInvoiceFile('v.pdf', bytes);
    expect(record.layer).toBe('pdf-text');
    expect(record.face.qr?.raw).toBe(qrPayloadOf(sampleInvoice()));
    expect(record.notes).toContain('二维码为矢量绘制，取自渲染后的页面');
    const qrOnly = await readInvoiceFile(
      'vq.pdf',
      await buildInvoicePdf(sampleInvoice(), { qrAs: 'vector', withText: false }),
    );
    expect(qrOnly.layer).toBe('pdf-rendered-qr');
    expect(SOURCE_LAYER_NAMES[qrOnly.layer]).toBe('PDF渲染页面二维码');
    expect(qrOnly.face).toMatchObject({ number: '24312000000136634917', totalFen: 106_000 });
    // An embedded QR image is still read without rendering.
    expect((await readInvoiceFile('a.pdf', await buildInvoicePdf(sampleInvoice()))).notes).toEqual([]);
  });

  it('reads the QR of a picture; a picture without one is refused', async () => {
    const record = await readInvoiceFile('q.png', await buildQrPng(qrPayloadOf(sampleOldInvoice())));
    expect(record.layer).toBe('image-qr');
    expect(record.face).toMatchObject({ code: '031001900111', number: '01234567', amountFen: 28_302, kindCode: '10' });
    const blank = await buildQrPng('hello world');
    expect((await failure('b.png', blank)).reason).toBe('image_without_qr');
  });
});
