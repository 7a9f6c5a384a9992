/**
 * OFD invoices (domain facts §8.4): a zip. Data is read, never rendered, in this order:
 * 1. an attachment that is invoice XML (pre-数电 original_invoice.xml) or an XBRL instance;
 * 2. OFD.xml CustomDatas, completed by the page text the tag map points at (数电 OFDs);
 * 3. the page text alone, read like a printed face.
 * Tag files are read with a tolerant pattern scan because one common SDK writes them malformed.
 */
import type JSZip from 'jszip';
import { faceDateOf, taxRateBpOf, yuanToFen } from '../face-values.js';
import { KIND_NAMES } from '../invoice-kind.js';
import { emptyFace, type InvoiceFace, InvoiceReadError, READ_FAILURE_MESSAGES, type SourceLayer } from '../types.js';
import { readInvoiceXml } from './einvoice-xml.reader.js';
import { parseFaceText } from './face-text.parser.js';

export interface OfdInvoice {
  face: InvoiceFace;
  layer: SourceLayer;
  notes: string[];
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&amp;/g, '&');
}

async function textOf(zip: JSZip, path: string): Promise<string | null> {
  const entry = zip.file(path);
  return entry ? entry.async('string') : null;
}

/** Reads an OFD package; throws InvoiceReadError when it holds no invoice data. */
export async function readOfd(zip: JSZip): Promise<OfdInvoice> {
  const notes: string[] = [];
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]?.dir);
  const ofdXml = names.find((name) => /^OFD\.xml$/i.test(name));
  if (!ofdXml) throw new InvoiceReadError('not_invoice', READ_FAILURE_MESSAGES.not_invoice);

  // 1. Attachments: Attachs/ (the standard spelling) or Attach/; any listed or lying there.
  const attachments = names.filter(
    (name) => /\/Attachs?\/[^/]+\.(xml|xbrl)$/i.test(name) && !/Attachments\.xml$/i.test(name),
  );
  for (const name of attachments) {
    const text = await textOf(zip, name);
    if (!text) continue;
    try {
      const found = readInvoiceXml(text);
      if (found) {
        return { face: found.face, layer: found.shape === 'xbrl' ? 'ofd-xbrl' : 'ofd-attachment-xml', notes };
      }
    } catch {
      notes.push(`附件 ${name} 不是有效XML，已跳过`);
    }
  }

  // 2. CustomDatas and the tag map.
  const custom = customDatasOf((await textOf(zip, ofdXml)) ?? '');
  const pageTexts = await pageTextsOf(zip, names, notes);
  const tagged = await taggedValuesOf(zip, names, pageTexts, notes);
  const number = custom.get('发票号码') ?? tagged.get('InvoiceNo')?.[0] ?? null;
  if (number && /^\d{8}$|^\d{20}$/.test(number.replace(/\s/g, ''))) {
    return { face: faceFromCustom(number.replace(/\s/g, ''), custom, tagged), layer: 'ofd-custom-data', notes };
  }

  // 3. Page text alone, in object order.
  const allText = [...pageTexts.values()].join('\n');
  const face = parseFaceText(allText);
  if (face) {
    notes.push('未找到发票数据文件与标签映射，按版面文字读取');
    return { face, layer: 'ofd-custom-data', notes };
  }
  throw new InvoiceReadError('ofd_without_invoice', READ_FAILURE_MESSAGES.ofd_without_invoice);
}

function customDatasOf(ofdXml: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const match of ofdXml.matchAll(/<(?:\w+:)?CustomData\s+Name="([^"]+)"\s*>([^<]*)<\/(?:\w+:)?CustomData>/g)) {
    values.set(decodeEntities(match[1] as string).trim(), decodeEntities(match[2] as string).trim());
  }
  return values;
}

/** TextObject id → its text, over every page content file (standard Pages/Page_N or Content_N.xml). */
async function pageTextsOf(zip: JSZip, names: string[], notes: string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const contents = names.filter((name) => /(^|\/)Content(_\d+)?\.xml$/i.test(name)).sort();
  if (contents.some((name) => !/\/Pages\/Page_\d+\/Content\.xml$/i.test(name))) {
    notes.push('版面文件不在标准位置（Pages/Page_N/Content.xml），已按实际位置读取');
  }
  for (const name of contents) {
    const text = (await textOf(zip, name)) ?? '';
    const objects = /<(?:\w+:)?TextObject\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?TextObject>/g;
    for (const match of text.matchAll(objects)) {
      const id = /\bID="(\d+)"/.exec(match[1] as string)?.[1];
      if (!id) continue;
      const codes = [...(match[2] as string).matchAll(/<(?:\w+:)?TextCode\b[^>]*>([\s\S]*?)<\/(?:\w+:)?TextCode>/g)];
      texts.set(id, decodeEntities(codes.map((code) => code[1]).join('')));
    }
  }
  return texts;
}

/** Tag name → texts of the objects it points at; tolerant of malformed tag files. */
async function taggedValuesOf(
  zip: JSZip,
  names: string[],
  pageTexts: Map<string, string>,
  notes: string[],
): Promise<Map<string, string[]>> {
  const values = new Map<string, string[]>();
  const tagFiles = names.filter((name) => /\/Tags\/[^/]+\.xml$/i.test(name) && !/CustomTags\.xml$/i.test(name));
  for (const name of tagFiles) {
    const text = (await textOf(zip, name)) ?? '';
    if (/<:\w|xmlns:=/.test(text)) notes.push(`标签文件 ${name} 不是规范XML，已按容错方式读取`);
    const element =
      /<(?:[\w]*:)?([A-Za-z][\w]*)\b[^>]*>\s*((?:<(?:[\w]*:)?ObjectRef\b[^>]*>\s*\d+\s*<\/(?:[\w]*:)?ObjectRef>\s*)+)/g;
    for (const match of text.matchAll(element)) {
      const ids = [...(match[2] as string).matchAll(/>\s*(\d+)\s*</g)].map((ref) => ref[1] as string);
      const texts = ids.map((id) => pageTexts.get(id)).filter((value): value is string => value !== undefined);
      if (texts.length === 0) continue;
      const key = match[1] as string;
      values.set(key, [...(values.get(key) ?? []), texts.join('')]);
    }
  }
  return values;
}

function faceFromCustom(number: string, custom: Map<string, string>, tagged: Map<string, string[]>): InvoiceFace {
  const tag = (key: string) => tagged.get(key)?.[0] ?? null;
  const face = emptyFace(number);
  face.code = custom.get('发票代码') || tag('InvoiceCode');
  face.date = faceDateOf(custom.get('开票日期') ?? tag('IssueDate'));
  face.amountFen = yuanToFen(custom.get('合计金额') ?? tag('TaxExclusiveTotalAmount'));
  face.taxFen = yuanToFen(custom.get('合计税额') ?? tag('TaxTotalAmount'));
  face.totalFen = yuanToFen(custom.get('价税合计') ?? tag('TaxInclusiveTotalAmount'));
  face.totalInWords = tag('TaxInclusiveTotalAmountInWords') ?? tag('TaxInclusiveTotalAmountCN');
  face.buyerTaxNo = custom.get('购买方纳税人识别号') || tag('BuyerTaxID');
  face.sellerTaxNo = custom.get('销售方纳税人识别号') || tag('SellerTaxID');
  face.buyerName = tag('BuyerName');
  face.sellerName = tag('SellerName');
  face.checkCode = custom.get('校验码') || tag('InvoiceCheckCode');
  face.remark = tag('Note');
  face.kindCode =
    number.length === 20 ? (/专用/.test(tag('InvoiceTitle') ?? custom.get('发票类型') ?? '') ? '81' : '82') : null;
  face.kindName = face.kindCode ? (KIND_NAMES[face.kindCode] ?? null) : null;
  face.red = (face.totalFen ?? face.amountFen ?? 0) < 0;
  const items = tagged.get('Item') ?? [];
  const amounts = tagged.get('Amount') ?? [];
  const rates = tagged.get('TaxScheme') ?? [];
  const taxes = tagged.get('TaxAmount') ?? [];
  face.lines = items.map((name, index) => ({
    name,
    amountFen: yuanToFen(amounts[index]),
    taxFen: yuanToFen(taxes[index]),
    taxRateText: rates[index] ?? null,
    taxRateBp: taxRateBpOf(rates[index]),
    taxCode: null,
  }));
  return face;
}
