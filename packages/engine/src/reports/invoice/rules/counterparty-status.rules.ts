import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { yuanText } from '../../../rules/display.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import type { CounterpartyStatus } from '../invoice-report.types.js';
import { countFigure, fenFigure, INVOICE_REPORT_TYPES, SOURCE } from './invoice-rule.helpers.js';

const REGISTRATION_LABELS: Readonly<Record<string, string>> = {
  normal: '正常',
  abnormal: '非正常户',
  deregistered: '注销',
  revoked: '吊销',
  unknown: '登记状态未知',
};

/** The problems a status carries, in Chinese; empty when none. */
export function statusProblems(status: CounterpartyStatus): string[] {
  const problems: string[] = [];
  const registration = status.registration;
  if (registration === 'abnormal' || registration === 'deregistered' || registration === 'revoked') {
    problems.push(status.registrationText ?? REGISTRATION_LABELS[registration] ?? registration);
  }
  if (status.creditLevel === 'D') problems.push('纳税信用D级');
  if (status.majorViolation) problems.push('重大税收违法失信主体');
  return problems;
}

/** One short label for tables: the problems, else the registration state and credit level. */
export function statusLabel(status: CounterpartyStatus | undefined): string {
  if (!status) return '数据不足';
  const problems = statusProblems(status);
  if (problems.length > 0) return problems.join('；');
  const parts = [status.registrationText ?? REGISTRATION_LABELS[status.registration ?? 'unknown'] ?? '登记状态未知'];
  if (status.creditLevel) parts.push(`纳税信用${status.creditLevel}级`);
  return parts.join('；');
}

export const counterpartyStatusRule = defineRule({
  id: 'INV_COUNTERPARTY_STATUS',
  title: '上下游企业状态异常',
  category: '上下游',
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项与进项发票的对方税号', '对方登记状态、纳税信用等级、重大税收违法信息'],
  basis: `${SOURCE.notice38}：非正常户未申报或未缴税的专用发票列入异常凭证，已抵扣的须转出进项；上下游为纳税信用D级或重大税收违法失信主体时，本企业取得或开具的发票会被关联核查（《纳税缴费信用管理办法》（国家税务总局公告2025年第12号））。`,
  explanation:
    '从非正常户、注销户、D级或重大税收违法企业取得的进项，可能被列为异常凭证而转出进项并补税；向此类企业大量销售也会被关联核查。',
  suggestion: '暂停或核实与异常对方的交易，检查相关进项发票是否已被列为异常凭证，必要时主动转出进项税额。',
  thresholds: { supplierHighCount: 1, customerMediumCount: 1 },
  describeThreshold: (limits) =>
    `状态异常（非正常户、注销、吊销、纳税信用D级、重大税收违法）的供应商≥${limits.supplierHighCount}家为高风险，客户≥${limits.customerMediumCount}家为中风险`,
  check(input: InvoiceRuleInput, limits) {
    if (!input.counterpartyStatus) {
      return { level: 'insufficient', missingData: ['上下游企业的登记状态、纳税信用等级与重大税收违法信息'] };
    }
    const statuses = input.counterpartyStatus;
    let covered = 0;
    let total = 0;
    const risky = { sales: [] as string[], purchase: [] as string[] };
    const keys: string[] = [];
    let riskyAmount = 0;
    for (const side of [input.sales, input.purchases]) {
      for (const party of side.counterparties.values()) {
        if (!party.taxNo) continue;
        total += 1;
        const status = statuses.get(party.taxNo);
        if (!status) continue;
        covered += 1;
        const problems = statusProblems(status);
        if (problems.length === 0) continue;
        risky[side.direction].push(`${party.name}（${problems.join('、')}）`);
        keys.push(...party.invoiceKeys);
        riskyAmount += party.totalFen;
      }
    }
    if (covered === 0) {
      return {
        level: 'insufficient',
        missingData: ['上下游企业状态（已提供的状态数据未覆盖本期任何有税号的对方）'],
      };
    }
    const names = [...risky.purchase, ...risky.sales];
    return {
      level: levelBy({
        high: risky.purchase.length >= limits.supplierHighCount,
        medium: risky.sales.length >= limits.customerMediumCount,
      }),
      summary:
        names.length > 0
          ? `已查到状态的${covered}/${total}家对方中，${risky.purchase.length}家供应商、${risky.sales.length}家客户状态异常：${names.slice(0, 5).join('；')}${names.length > 5 ? '等' : ''}，涉及价税合计${yuanText(riskyAmount)}。`
          : `已查到状态的${covered}/${total}家对方均未发现异常${covered < total ? `（${total - covered}家未查到状态）` : ''}。`,
      figures: [
        countFigure('已查到状态的对方', covered, '家'),
        countFigure('未查到状态的对方', total - covered, '家'),
        countFigure('状态异常的供应商', risky.purchase.length, '家'),
        countFigure('状态异常的客户', risky.sales.length, '家'),
        fenFigure('涉及价税合计', riskyAmount),
      ],
      evidence: evidenceOf(keys),
    };
  },
});
