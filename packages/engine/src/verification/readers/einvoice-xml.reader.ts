/**
 * The three XML shapes invoice data comes in (domain facts §8.3, §8.4): the 数电 XML version file
 * (root EInvoice), the pre-数电 original_invoice.xml (root eInvoice, fp: children) and the XBRL
 * instance of the 财政部 invoice taxonomy. Each answers a face, or null when the XML is none of them.
 */
import { chineseAmountToFen, faceDateOf, taxRateBpOf, yuanToFen } from '../face-values.js';
import { KIND_NAMES, kindFromQrType, kindOfCode } from '../invoice-kind.js';
import { parseQrPayload } from '../qr-payload.js';
import { emptyFace, type InvoiceFace, type InvoiceLine } from '../types.js';
import {
  at,
  findFirst,
  findText,
  leafTexts,
  listAt,
  parseXml,
  textAt,
  type XmlNode,
  type XmlValue,
} from '../xml-tree.js';

export type XmlInvoiceShape = 'einvoice' | 'original' | 'xbrl';

export interface XmlInvoice {
  shape: XmlInvoiceShape;
  face: InvoiceFace;
}

/** Reads invoice XML; null when it parses but is no invoice; throws only on text that is not XML. */
export function readInvoiceXml(text: string): XmlInvoice | null {
  const tree = parseXml(text);
  const root = Object.keys(tree).find((key) => !key.startsWith('?'));
  if (!root) return null;
  const node = tree[root];
  if (root === 'EInvoice') return fromEInvoice(node);
  if (root === 'eInvoice') return fromOriginal(node);
  if (root === 'xbrl') return fromXbrl(node);
  // Several EInvoice roots wrapped in one document: take the first (domain facts §8.3).
  const nested = findFirst(tree, 'EInvoice');
  return nested ? fromEInvoice(Array.isArray(nested) ? nested[0] : nested) : null;
}

function fromEInvoice(node: XmlValue): XmlInvoice | null {
  const number = textAt(node, 'TaxSupervisionInfo', 'InvoiceNumber') ?? textAt(node, 'Header', 'EIid');
  if (!number) return null;
  const data = at(node, 'EInvoiceData');
  const basic = at(data, 'BasicInformation');
  const face = emptyFace(number);
  const typeName = textAt(node, 'Header', 'InherentLabel', 'EInvoiceType', 'LabelName') ?? '';
  const special =
    /专用/.test(typeName) || textAt(node, 'Header', 'InherentLabel', 'GeneralOrSpecialVAT', 'LabelCode') === '01';
  face.kindCode = special ? '81' : '82';
  face.kindName = KIND_NAMES[face.kindCode] ?? null;
  face.red = textAt(node, 'Header', 'InherentLabel', 'InIssuType', 'LabelCode') === 'N';
  face.date = faceDateOf(textAt(basic, 'RequestTime') ?? textAt(node, 'TaxSupervisionInfo', 'IssueTime'));
  face.amountFen = yuanToFen(textAt(basic, 'TotalAmWithoutTax'));
  face.taxFen = yuanToFen(textAt(basic, 'TotalTaxAm'));
  // Resolved by its path: the line's TotaltaxIncludedAmount differs only in spelling (§8.3).
  face.totalFen = yuanToFen(textAt(basic, 'TotalTax-includedAmount'));
  face.totalInWords = textAt(basic, 'TotalTax-includedAmountInChinese');
  face.sellerName = textAt(data, 'SellerInformation', 'SellerName');
  face.sellerTaxNo = textAt(data, 'SellerInformation', 'SellerIdNum');
  face.buyerName = textAt(data, 'BuyerInformation', 'BuyerName');
  face.buyerTaxNo = textAt(data, 'BuyerInformation', 'BuyerIdNum');
  face.remark = textAt(data, 'AdditionalInformation', 'Remark');
  face.lines = listAt(data, 'IssuItemInformation').map(
    (item): InvoiceLine => ({
      name: textAt(item, 'ItemName') ?? '',
      amountFen: yuanToFen(textAt(item, 'Amount')),
      taxFen: yuanToFen(textAt(item, 'ComTaxAm')),
      taxRateText: textAt(item, 'TaxRate'),
      taxRateBp: taxRateBpOf(textAt(item, 'TaxRate')),
      taxCode: textAt(item, 'TaxClassificationCode'),
    }),
  );
  return { shape: 'einvoice', face };
}

function fromOriginal(node: XmlValue): XmlInvoice | null {
  const number = findText(node, 'InvoiceNo');
  if (!number) return null;
  const face = emptyFace(number);
  face.code = findText(node, 'InvoiceCode');
  const qr = findText(node, 'GraphCode');
  face.qr = qr ? parseQrPayload(qr) : null;
  face.kindCode = face.code ? kindOfCode(face.code) : null;
  if (face.kindCode === '99') face.kindCode = face.qr ? kindFromQrType(face.qr.kindCode) : null;
  face.kindName = face.kindCode ? (KIND_NAMES[face.kindCode] ?? null) : null;
  face.date = faceDateOf(findText(node, 'IssueDate'));
  face.checkCode = findText(node, 'InvoiceCheckCode');
  face.amountFen = yuanToFen(findText(node, 'TaxExclusiveTotalAmount'));
  face.taxFen = yuanToFen(findText(node, 'TaxTotalAmount'));
  face.totalFen = yuanToFen(findText(node, 'TaxInclusiveTotalAmount'));
  const buyer = findFirst(node, 'Buyer');
  const seller = findFirst(node, 'Seller');
  face.buyerName = textAt(buyer, 'Name');
  face.buyerTaxNo = textAt(buyer, 'TaxID');
  face.sellerName = textAt(seller, 'Name');
  face.sellerTaxNo = textAt(seller, 'TaxID');
  face.remark = findText(node, 'Note');
  face.red = (face.totalFen ?? 0) < 0;
  face.lines = listAt(findFirst(node, 'GoodsInfos'), 'GoodsInfo').map(
    (item): InvoiceLine => ({
      name: textAt(item, 'Item') ?? '',
      amountFen: yuanToFen(textAt(item, 'Amount')),
      taxFen: yuanToFen(textAt(item, 'TaxAmount')),
      taxRateText: textAt(item, 'TaxScheme'),
      taxRateBp: taxRateBpOf(textAt(item, 'TaxScheme')),
      taxCode: textAt(item, 'TaxClassificationCode'),
    }),
  );
  return { shape: 'original', face };
}

/**
 * XBRL facts are matched by name pattern: the domain facts name only some elements of the
 * taxonomy (CodeOfInvoice, NumberOfInvoice, TotalAmountExcludingTax, TaxIncludedAmountInFigures),
 * so the rest is found by what the name says rather than by a guessed exact spelling.
 */
function fromXbrl(node: XmlValue): XmlInvoice | null {
  const facts = leafTexts(node as XmlNode);
  const pick = (test: (name: string) => boolean) => facts.find(([name]) => test(name))?.[1] ?? null;
  const number = pick((name) => name === 'NumberOfInvoice');
  if (!number) return null;
  const face = emptyFace(number);
  face.code = pick((name) => name === 'CodeOfInvoice');
  face.amountFen = yuanToFen(pick((name) => name === 'TotalAmountExcludingTax'));
  face.totalFen = yuanToFen(pick((name) => name === 'TaxIncludedAmountInFigures'));
  face.totalInWords = pick((name) => /TaxIncludedAmountIn(Words|Chinese|Capital)/.test(name));
  face.taxFen = yuanToFen(
    pick((name) => /^Total.*TaxAmount$|^TotalTax$|^TaxAmount$/.test(name) && !/Included|Excluding/.test(name)),
  );
  face.date = faceDateOf(pick((name) => /Date/.test(name) && /Issu|Invoic|Billing/.test(name)));
  face.checkCode = pick((name) => /CheckCode/.test(name));
  face.sellerName = pick((name) => /Seller|Vendor|Issuer/.test(name) && /Name/.test(name));
  face.sellerTaxNo = pick((name) => /Seller|Vendor|Issuer/.test(name) && /Identif|TaxID|CreditCode/.test(name));
  face.buyerName = pick((name) => /Buyer|Purchaser/.test(name) && /Name/.test(name));
  face.buyerTaxNo = pick((name) => /Buyer|Purchaser/.test(name) && /Identif|TaxID|CreditCode/.test(name));
  face.kindCode = face.code ? kindOfCode(face.code) : number.length === 20 ? '82' : null;
  if (face.kindCode === '99') face.kindCode = null;
  face.kindName = face.kindCode ? (KIND_NAMES[face.kindCode] ?? null) : null;
  face.red = (face.totalFen ?? 0) < 0;
  const words = chineseAmountToFen(face.totalInWords);
  if (face.totalFen === null && words !== null) face.totalFen = words;
  return { shape: 'xbrl', face };
}
