/**
 * What the offline checks compare an invoice with — the group's earlier checks (重复报销), its
 * imported e-tax-bureau data, the sellers on the company-data risk lists — and the charge, read
 * once for a whole upload instead of once per invoice (a 50-file upload was ~400 round trips).
 * Checks made during the upload are remembered, so the second copy of an invoice in one upload
 * still warns of 重复报销.
 */
import type { CheckContext, EarlierCheck, ImportedMatch, InvoiceFace } from '@taxlens/engine/verification';
import { checkCreditCode, type InvoiceCheck, RISK_LABELS, type RiskKind } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { companyDataProvider } from '../companydata/company-data.js';
import { type CheckCharge, chargeFor } from './verification.charge.js';
import { shanghaiStamp } from './verification.repo.js';

export function invoiceKeyOf(face: InvoiceFace): string {
  return face.code ? `${face.code}:${face.number}` : face.number;
}

export interface CheckLookups {
  charge: CheckCharge;
  /** The comparisons of one invoice of the upload (today is added by the caller). */
  contextOf(face: InvoiceFace): Omit<CheckContext, 'today'>;
  /** A check of this upload that answered: later copies of the invoice see it as earlier. */
  remember(key: string, check: InvoiceCheck): void;
}

const SELLER_RISK_KINDS: readonly RiskKind[] = ['abnormal_taxpayer', 'major_tax_violation', 'abnormal_operation'];
const EARLIER_SHOWN = 20;

const usableCode = (taxNo: string | null): taxNo is string => !!taxNo && checkCreditCode(taxNo) !== 'malformed';

export async function loadLookups(db: Db, groupId: number, faces: InvoiceFace[]): Promise<CheckLookups> {
  const keys = [...new Set(faces.map(invoiceKeyOf))];
  const sellers = [...new Set(faces.map((face) => face.sellerTaxNo).filter(usableCode))];
  const provider = companyDataProvider(db);
  const [charge, earlierRows, importedRows, anyImported, facts] = await Promise.all([
    chargeFor(db, groupId),
    keys.length === 0
      ? []
      : db
          .selectFrom('invoice_checks as c')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .select(['c.invoice_key', 'c.created_at', 'u.phone'])
          .where('c.group_id', '=', groupId)
          .where('c.invoice_key', 'in', keys)
          .where('c.verdict', '<>', 'error')
          .orderBy('c.created_at')
          .execute(),
    keys.length === 0
      ? []
      : db
          .selectFrom('invoices as i')
          .innerJoin('companies as c', 'c.id', 'i.company_id')
          .select(['i.key', 'c.taxpayer_name', 'i.status', 'i.status_text', 'i.risk_level'])
          .where('i.group_id', '=', groupId)
          .where('i.key', 'in', keys)
          .execute(),
    db.selectFrom('invoices').select('id').where('group_id', '=', groupId).limit(1).executeTakeFirst(),
    sellers.length === 0 ? new Map() : provider.counterparties(sellers).catch(() => null),
  ]);

  const earlier = new Map<string, EarlierCheck[]>();
  for (const row of earlierRows) {
    const list = earlier.get(row.invoice_key) ?? [];
    list.push({ checkedAt: shanghaiStamp(row.created_at), checkedBy: maskedPhone(row.phone) });
    earlier.set(row.invoice_key, list);
  }
  const imported = new Map<string, ImportedMatch>();
  for (const row of importedRows) {
    if (imported.has(row.key)) continue;
    imported.set(row.key, {
      companyName: row.taxpayer_name,
      status: row.status as ImportedMatch['status'],
      statusText: row.status_text,
      riskLevel: row.risk_level as ImportedMatch['riskLevel'],
    });
  }

  const sellerRiskOf = (taxNo: string | null): Pick<CheckContext, 'sellerRisk' | 'sellerRiskNote'> => {
    if (!usableCode(taxNo)) return { sellerRisk: null, sellerRiskNote: '销售方无统一社会信用代码' };
    if (facts === null) return { sellerRisk: null, sellerRiskNote: `${provider.info.label}暂不可用` };
    const seller = facts.get(taxNo);
    if (!seller) return { sellerRisk: null, sellerRiskNote: `${provider.info.label}中没有该销售方` };
    const flags = seller.listedOn
      .filter((kind: RiskKind) => SELLER_RISK_KINDS.includes(kind))
      .map((kind: RiskKind) => ({
        label: RISK_LABELS[kind],
        detail: `${seller.name ?? taxNo}在列（${seller.source}，截至${seller.asOf}）`,
      }));
    return { sellerRisk: flags };
  };

  return {
    charge,
    contextOf(face) {
      const key = invoiceKeyOf(face);
      return {
        earlier: (earlier.get(key) ?? []).slice(0, EARLIER_SHOWN),
        imported: imported.get(key) ?? (anyImported ? null : undefined),
        ...sellerRiskOf(face.sellerTaxNo),
      };
    },
    remember(key, check) {
      if (check.verdict === 'error') return;
      const list = earlier.get(key) ?? [];
      list.push({ checkedAt: shanghaiStamp(new Date(check.createTime)), checkedBy: check.phone });
      earlier.set(key, list);
    },
  };
}

function maskedPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
