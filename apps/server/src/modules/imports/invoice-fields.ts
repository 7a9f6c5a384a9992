/**
 * The stored invoice and line fields, apart from the repositories: the import thread makes COPY
 * text with them (invoice-batch.thread.ts) and loads no database code.
 */
/** A stored column: its field in the normalised row, its column, and the type the field is read as. */
export interface Field {
  key: string;
  column: string;
  type: string;
}

const fields = (spec: string): Field[] =>
  spec
    .trim()
    .split(/\s*,\s*/)
    .map((item) => {
      const [key = '', column = '', type = ''] = item.split(/\s+/);
      return { key, column, type };
    });

/** The invoice fields in the INSERT's order (both write paths, json_to_recordset and COPY, read them so). */
export const INVOICE_FIELDS = fields(`
  key key text, direction direction text, digitalNumber digital_number text, code code text, number number text,
  sellerTaxNo seller_tax_no text, sellerName seller_name text, buyerTaxNo buyer_tax_no text, buyerName buyer_name text,
  issuedAt issued_at timestamp, hasTime has_time boolean, amountFen amount_fen bigint, taxFen tax_fen bigint,
  totalFen total_fen bigint, source source text, kindText kind_text text, kindCode kind_code text,
  isSpecial is_special boolean, status status text, statusText status_text text, isPositive is_positive boolean,
  riskLevel risk_level text, issuer issuer text, remark remark text, redOfNumber red_of_number text`);

export const LINE_FIELDS = fields(`
  invoiceKey invoice_key text, lineNo line_no integer, direction direction text, taxCode tax_code text,
  specialBusiness special_business text, itemText item_text text, category category text, itemName item_name text,
  spec spec text, unit unit text, quantity quantity text, unitPrice unit_price text, amountFen amount_fen bigint,
  taxRateText tax_rate_text text, taxRateBp tax_rate_bp integer, taxFen tax_fen bigint, totalFen total_fen bigint`);
