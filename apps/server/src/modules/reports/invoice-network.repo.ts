import type { InvoiceDataSet, InvoiceNetwork } from '@taxlens/engine';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';
import { monthBounds } from './report-data.repo.js';

/**
 * The B→C edges the 环开 rule needs: invoices of the same period that the firm's other clients
 * imported, sold by one of this company's customers to one of its suppliers. An invoice both sides
 * imported counts once (by its key). `companyCount` says how many other clients' invoices were
 * searched, so the finding can state its reach.
 */
export async function invoiceNetwork(
  db: DbOrTx,
  companyId: number,
  periodStart: string,
  periodEnd: string,
  current: InvoiceDataSet,
): Promise<InvoiceNetwork> {
  const { from, until } = monthBounds(periodStart, periodEnd);
  const company = await db.selectFrom('companies').select('group_id').where('id', '=', companyId).executeTakeFirst();
  if (!company) return { edges: [], companyCount: 0 };
  const counted = await db
    .selectFrom('companies as c')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('c.group_id', '=', company.group_id)
    .where('c.id', '<>', companyId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('invoices as i')
          .select('i.id')
          .whereRef('i.company_id', '=', 'c.id')
          .where('i.issued_at', '>=', sql<Date>`${from}::timestamp`)
          .where('i.issued_at', '<', sql<Date>`${until}::timestamp`),
      ),
    )
    .executeTakeFirstOrThrow();
  const customers = new Set<string>();
  const suppliers = new Set<string>();
  for (const invoice of current.invoices) {
    if (invoice.direction === 'sales' && invoice.buyerTaxNo.trim()) customers.add(invoice.buyerTaxNo.trim());
    if (invoice.direction === 'purchase' && invoice.sellerTaxNo.trim()) suppliers.add(invoice.sellerTaxNo.trim());
  }
  if (counted.count === 0 || customers.size === 0 || suppliers.size === 0) {
    return { edges: [], companyCount: counted.count };
  }
  const rows = await sql<{ seller_tax_no: string; buyer_tax_no: string; amount_fen: string }>`
    select seller_tax_no, buyer_tax_no, sum(amount_fen)::bigint as amount_fen
    from (
      select distinct on (i.key) i.key, i.seller_tax_no, i.buyer_tax_no, i.amount_fen
      from invoices i
      where i.group_id = ${company.group_id}
        and i.company_id <> ${companyId}
        and i.seller_tax_no = any(${[...customers]}::text[])
        and i.buyer_tax_no = any(${[...suppliers]}::text[])
        and i.issued_at >= ${from}::timestamp and i.issued_at < ${until}::timestamp
        and i.status <> 'void'
    ) edges
    group by seller_tax_no, buyer_tax_no`.execute(db);
  return {
    edges: rows.rows.map((row) => ({
      sellerTaxNo: row.seller_tax_no,
      buyerTaxNo: row.buyer_tax_no,
      amountFen: Number(row.amount_fen),
    })),
    companyCount: counted.count,
  };
}
