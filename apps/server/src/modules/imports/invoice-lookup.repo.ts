/** One company's invoices by number, with their lines and special-business attributes, as stored. */
import type { InvoiceDetail } from '@taxlens/shared';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

const MAX_MATCHES = 10;

/**
 * Invoices whose 数电发票号码, 发票号码 or 代码:号码 key is `number` (an 8-digit 号码 can exist
 * under several codes, hence a list).
 */
export async function findInvoicesByNumber(
  db: DbOrTx,
  groupId: number,
  companyId: number,
  number: string,
): Promise<InvoiceDetail[]> {
  const text = number.replace(/\s+/g, '');
  const invoices = await db
    .selectFrom('invoices')
    .selectAll()
    // Shanghai wall clock as stored, whatever the server's time zone.
    .select(sql<string>`to_char(issued_at, 'YYYY-MM-DD HH24:MI:SS')`.as('issued_text'))
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('key', '=', text), eb('digital_number', '=', text), eb('number', '=', text)]))
    .orderBy('issued_at')
    .limit(MAX_MATCHES)
    .execute();
  if (invoices.length === 0) return [];
  const keys = invoices.map((invoice) => invoice.key);
  const [lines, details] = await Promise.all([
    db
      .selectFrom('invoice_lines')
      .select([
        'invoice_key',
        'line_no',
        'item_text',
        'spec',
        'unit',
        'quantity',
        'amount_fen',
        'tax_rate_text',
        'tax_fen',
      ])
      .where('company_id', '=', companyId)
      .where('invoice_key', 'in', keys)
      .orderBy('line_no')
      .execute(),
    db
      .selectFrom('invoice_details')
      .select(['invoice_key', 'business', 'row_no', 'fields'])
      .where('company_id', '=', companyId)
      .where('invoice_key', 'in', keys)
      .orderBy('business')
      .orderBy('row_no')
      .execute(),
  ]);
  return invoices.map((invoice) => ({
    key: invoice.key,
    digitalNumber: invoice.digital_number,
    code: invoice.code,
    number: invoice.number,
    direction: invoice.direction,
    sellerTaxNo: invoice.seller_tax_no,
    sellerName: invoice.seller_name,
    buyerTaxNo: invoice.buyer_tax_no,
    buyerName: invoice.buyer_name,
    issuedAt: invoice.issued_text,
    amountFen: invoice.amount_fen,
    taxFen: invoice.tax_fen,
    totalFen: invoice.total_fen,
    kindText: invoice.kind_text,
    statusText: invoice.status_text,
    isPositive: invoice.is_positive,
    remark: invoice.remark,
    redOfNumber: invoice.red_of_number,
    lines: lines
      .filter((line) => line.invoice_key === invoice.key)
      .map((line) => ({
        lineNo: line.line_no,
        itemText: line.item_text,
        spec: line.spec,
        unit: line.unit,
        quantity: line.quantity,
        amountFen: line.amount_fen,
        taxRateText: line.tax_rate_text,
        taxFen: line.tax_fen,
      })),
    details: details
      .filter((detail) => detail.invoice_key === invoice.key)
      .map((detail) => ({ business: detail.business, rowNo: detail.row_no, fields: detail.fields })),
  }));
}
