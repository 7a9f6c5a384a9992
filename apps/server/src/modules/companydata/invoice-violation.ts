/**
 * 发票违规查询: the invoices of a bound company whose counterparty is listed (非正常户, 重大税收违法,
 * 纳税信用D级, 经营异常 …) or no longer registered, with what to do about each.
 */
import { RISK_LABELS, type RiskKind } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { notFound } from '../../lib/app-error.js';
import { companyDataProvider } from './company-data.js';
import type { CounterpartyFacts } from './provider.types.js';

/** What to do, per problem, citing the rule by its official number. */
const ADVICE: Readonly<Record<string, string>> = {
  abnormal_taxpayer:
    '对方为非正常户：其未申报或未缴税的专用发票可能被列为异常凭证，尚未抵扣的暂不抵扣，已抵扣的按要求作进项税额转出（国家税务总局公告2019年第38号）。',
  major_tax_violation:
    '对方为重大税收违法失信主体：核实交易真实性并留存合同、资金和货物流转凭证，暂停新增交易（国家税务总局令第54号）。',
  credit_d:
    '对方纳税信用为D级：其发票领用受限并被重点监控，核实交易真实性，大额交易前要求对方说明（国家税务总局公告2025年第12号）。',
  abnormal_operation: '对方被列入经营异常名录：核实其实际经营地址和经营状态，必要时要求提供经营证明。',
  serious_illegal: '对方被列入严重违法失信名单：暂停新增交易，核实已取得发票对应业务的真实性。',
  tax_arrears: '对方有欠税公告：关注其偿付能力与后续被认定为非正常户的风险。',
  dishonest_debtor: '对方为失信被执行人：注意应收款项回收风险，核实交易真实性。',
  deregistered: '对方已注销：注销后开具的发票不能作为扣税凭证，核对开票日期与注销日期。',
  revoked: '对方已被吊销营业执照：核对开票日期，吊销后的交易须谨慎对待。',
};

export function problemsOf(facts: CounterpartyFacts): { key: string; label: string }[] {
  const problems: { key: string; label: string }[] = facts.listedOn.map((kind: RiskKind) => ({
    key: kind,
    label: RISK_LABELS[kind],
  }));
  if (facts.creditLevel === 'D') problems.push({ key: 'credit_d', label: `纳税信用D级（${facts.creditYear}年度）` });
  if (facts.registration === 'deregistered') problems.push({ key: 'deregistered', label: '已注销' });
  if (facts.registration === 'revoked') problems.push({ key: 'revoked', label: '已吊销' });
  return problems;
}

export const adviceFor = (keys: readonly string[]) =>
  keys.map((key) => ADVICE[key]).filter((text): text is string => !!text);

const counterpartyCode = sql<string>`CASE WHEN direction = 'sales' THEN buyer_tax_no ELSE seller_tax_no END`;

/** Every counterparty of the company with at least one problem, largest amount first. */
export async function listedCounterparties(db: Db, groupId: number, companyId: number) {
  const rows = await db
    .selectFrom('invoices')
    .select([
      counterpartyCode.as('taxNo'),
      sql<string>`max(CASE WHEN direction = 'sales' THEN buyer_name ELSE seller_name END)`.as('name'),
      sql<string>`count(*)`.as('invoiceCount'),
      sql<string>`coalesce(sum(total_fen), 0)`.as('totalFen'),
      sql<string>`coalesce(sum(tax_fen), 0)`.as('taxFen'),
      sql<string>`to_char(min(issued_at), 'YYYY-MM-DD')`.as('firstDate'),
      sql<string>`to_char(max(issued_at), 'YYYY-MM-DD')`.as('lastDate'),
      sql<string[]>`array_agg(DISTINCT direction)`.as('directions'),
    ])
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId)
    .where('status', '<>', 'void')
    .groupBy(counterpartyCode)
    .execute();
  const facts = await companyDataProvider(db).counterparties(rows.map((row) => row.taxNo));
  return rows
    .flatMap((row) => {
      const fact = facts.get(row.taxNo);
      const problems = fact ? problemsOf(fact) : [];
      if (!fact || problems.length === 0) return [];
      return [
        {
          taxNo: row.taxNo,
          name: row.name,
          invoiceCount: Number(row.invoiceCount),
          totalFen: Number(row.totalFen),
          taxFen: Number(row.taxFen),
          firstDate: row.firstDate,
          lastDate: row.lastDate,
          directions: row.directions,
          problems: problems.map((problem) => problem.label),
          advice: adviceFor(problems.map((problem) => problem.key)),
          source: fact.source,
          asOf: fact.asOf,
        },
      ];
    })
    .sort((a, b) => b.totalFen - a.totalFen);
}

/** One listed counterparty: its invoices with the company and the published records behind the listing. */
export async function listedCounterpartyDetails(db: Db, groupId: number, companyId: number, taxNo: string) {
  const provider = companyDataProvider(db);
  const fact = (await provider.counterparties([taxNo])).get(taxNo);
  const problems = fact ? problemsOf(fact) : [];
  if (!fact || problems.length === 0) throw notFound('该对方单位未发现违规情形');
  const invoices = await db
    .selectFrom('invoices')
    .select([
      'id',
      'direction',
      sql<string>`coalesce(digital_number, concat_ws('-', code, number))`.as('number'),
      sql<string>`to_char(issued_at, 'YYYY-MM-DD')`.as('issuedOn'),
      'kind_text as kindText',
      'status_text as statusText',
      'amount_fen as amountFen',
      'tax_fen as taxFen',
      'total_fen as totalFen',
    ])
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId)
    .where(counterpartyCode, '=', taxNo)
    .where('status', '<>', 'void')
    .orderBy('issued_at', 'desc')
    .limit(1000)
    .execute();
  if (invoices.length === 0) throw notFound('该企业没有与此对方单位的发票');
  const records = await provider.risks(taxNo);
  return {
    taxNo,
    name: fact.name,
    problems: problems.map((problem) => problem.label),
    advice: adviceFor(problems.map((problem) => problem.key)),
    creditLevel: fact.creditLevel,
    creditYear: fact.creditYear,
    statusText: fact.statusText,
    source: fact.source,
    asOf: fact.asOf,
    records: records.map((record) => ({ ...record, label: RISK_LABELS[record.kind] })),
    invoices,
  };
}
