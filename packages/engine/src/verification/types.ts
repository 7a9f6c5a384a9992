/**
 * One invoice as read from a file or typed by hand, before any check: what its face (or its
 * machine-readable data) says. Money is integer fen (negative on red invoices); dates are
 * 'YYYY-MM-DD'; tax rates are basis points (600 = 6%) or null for 免税/不征税/unreadable.
 */

/** Where the data came from: the record says which layer of the file it read. */
export type SourceLayer =
  | 'xml' // 数电 XML version file (root EInvoice)
  | 'ofd-attachment-xml' // OFD: Doc_0/Attachs/original_invoice.xml (pre-数电 e-invoices)
  | 'ofd-xbrl' // OFD: XBRL instance attachment (財政部 taxonomy)
  | 'ofd-custom-data' // OFD: OFD.xml CustomDatas plus page text through the tag map (数电 OFD)
  | 'pdf-text' // PDF text layer
  | 'pdf-qr' // PDF: only the QR code on the page was readable (an embedded image)
  | 'pdf-rendered-qr' // PDF: only the QR code, drawn as vector paths, read from the rendered page
  | 'image-qr' // picture: the QR code
  | 'manual' // typed in the form
  | 'excel'; // a row of the batch manual list

export type FileFormat = 'xml' | 'ofd' | 'pdf' | 'image' | 'manual' | 'excel';

export const SOURCE_LAYER_NAMES: Record<SourceLayer, string> = {
  xml: '数电XML版式文件',
  'ofd-attachment-xml': 'OFD附件XML（original_invoice.xml）',
  'ofd-xbrl': 'OFD附件XBRL',
  'ofd-custom-data': 'OFD自定义数据与版面文字',
  'pdf-text': 'PDF文字层',
  'pdf-qr': 'PDF二维码',
  'pdf-rendered-qr': 'PDF渲染页面二维码',
  'image-qr': '图片二维码',
  manual: '手工录入',
  excel: 'Excel批量清单',
};

export interface InvoiceLine {
  name: string;
  amountFen: number | null;
  taxFen: number | null;
  taxRateText: string | null;
  taxRateBp: number | null;
  /** 税收分类编码 (19 digits), when the source carries it. */
  taxCode: string | null;
}

/** The comma-separated payload of the invoice's QR code (domain facts §2.6). */
export interface QrPayload {
  raw: string;
  version: string;
  kindCode: string;
  code: string | null;
  number: string;
  /** The amount field as printed (fen): 不含税金额 on old e-invoices; 数电 meaning unsettled (§2.6). */
  amountFen: number | null;
  date: string | null;
  checkCode: string | null;
}

export interface InvoiceFace {
  /** Tax-bureau type code (FplxDm: 81 数电专票, 82 数电普票, 10 电子普票, 01 专票, …) or null when unknown. */
  kindCode: string | null;
  kindName: string | null;
  /** 发票代码 (10 or 12 digits); null on 数电 invoices. */
  code: string | null;
  /** 发票号码: 20 digits (数电) or 8 digits. */
  number: string;
  date: string | null;
  amountFen: number | null;
  taxFen: number | null;
  totalFen: number | null;
  /** 价税合计（大写） as printed. */
  totalInWords: string | null;
  /** 校验码 as printed (20 digits on e-invoices); verification needs its last 6. */
  checkCode: string | null;
  sellerName: string | null;
  sellerTaxNo: string | null;
  buyerName: string | null;
  buyerTaxNo: string | null;
  remark: string | null;
  /** Red (负数) invoice. */
  red: boolean;
  lines: InvoiceLine[];
  qr: QrPayload | null;
}

export interface InvoiceRecord {
  face: InvoiceFace;
  format: FileFormat;
  layer: SourceLayer;
  /** Name of the file (or of the row: `清单第3行`). */
  sourceName: string;
  /** Things the reader tolerated (a malformed tag file, a non-standard layout), for the record. */
  notes: string[];
}

/** Why a file could not be read: one clear sentence for the user, nothing charged. */
export class InvoiceReadError extends Error {
  constructor(
    readonly reason: InvoiceReadFailure,
    message: string,
  ) {
    super(message);
    this.name = 'InvoiceReadError';
  }
}

export type InvoiceReadFailure =
  | 'not_invoice'
  | 'ofd_without_invoice'
  | 'pdf_without_text_or_qr'
  | 'image_without_qr'
  | 'unsupported'
  | 'too_large';

export const READ_FAILURE_MESSAGES: Record<InvoiceReadFailure, string> = {
  not_invoice: '该文件不是发票文件，请上传数电XML、OFD、PDF发票或发票二维码图片',
  ofd_without_invoice: '该OFD文件中没有发票数据（未找到发票XML或发票字段）',
  pdf_without_text_or_qr: '该PDF既无可读取的文字层也无可识别的发票二维码，无法读取发票信息',
  image_without_qr: '图片中未识别到发票二维码，请上传清晰的发票二维码图片',
  unsupported: '不支持该文件格式，请上传XML、OFD、PDF、PNG或JPG文件',
  too_large: '文件过大，单个文件不可超过10MB',
};

export function emptyFace(number: string): InvoiceFace {
  return {
    kindCode: null,
    kindName: null,
    code: null,
    number,
    date: null,
    amountFen: null,
    taxFen: null,
    totalFen: null,
    totalInWords: null,
    checkCode: null,
    sellerName: null,
    sellerTaxNo: null,
    buyerName: null,
    buyerTaxNo: null,
    remark: null,
    red: false,
    lines: [],
    qr: null,
  };
}
