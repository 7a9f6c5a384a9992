import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, share, yuanText } from '../../../rules/display.js';
import { dayOf, daysInMonth, hourOf, makeNonWorkingDayTest, monthOf } from '../invoice-calendar.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import {
  addTo,
  countFigure,
  fenFigure,
  INVOICE_REPORT_TYPES,
  NO_SALES,
  pctFigure,
  pushTo,
  SOURCE,
} from './invoice-rule.helpers.js';

const CATEGORY = '开票时间';

export const monthEndRule = defineRule({
  id: 'INV_MONTH_END',
  title: '月末集中开票',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票开票日期', '销项发票金额'],
  basis: `${SOURCE.ours}：某月月末3天开票额超过当月50%为月末集中，按集中月数分级。`,
  explanation: '收入集中在月末开具，常见于为完成考核、调节当期收入或配合虚开，税务机关会关注收入确认时点是否真实。',
  suggestion: '核对月末开票对应的合同、出库和验收单据，确认收入所属期正确，避免为调节收入集中开票。',
  thresholds: { lastDays: 3, monthShare: 0.5, minMonthInvoices: 5, highMonths: 3, mediumMonths: 2, lowMonths: 1 },
  describeThreshold: (limits) =>
    `某月月末${limits.lastDays}天开票金额占当月超过${percentText(limits.monthShare)}（当月至少${limits.minMonthInvoices}张）即为集中月；集中月≥${limits.highMonths}个为高风险，≥${limits.mediumMonths}个为中风险，≥${limits.lowMonths}个为低风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    const months = new Map<string, { amount: number; count: number; lastAmount: number; lastKeys: string[] }>();
    for (const invoice of input.sales.blue) {
      const month = monthOf(invoice.issuedAt);
      let entry = months.get(month);
      if (!entry) {
        entry = { amount: 0, count: 0, lastAmount: 0, lastKeys: [] };
        months.set(month, entry);
      }
      entry.amount += invoice.amountFen;
      entry.count += 1;
      if (Number(invoice.issuedAt.slice(8, 10)) > daysInMonth(month) - limits.lastDays) {
        entry.lastAmount += invoice.amountFen;
        entry.lastKeys.push(invoice.key);
      }
    }
    let checked = 0;
    let maxShare = 0;
    let flaggedAmount = 0;
    const flagged: string[] = [];
    const keys: string[] = [];
    for (const [month, entry] of [...months].sort(([a], [b]) => a.localeCompare(b))) {
      if (entry.count < limits.minMonthInvoices || entry.amount <= 0) continue;
      checked += 1;
      const monthShare = entry.lastAmount / entry.amount;
      maxShare = Math.max(maxShare, monthShare);
      if (monthShare > limits.monthShare) {
        flagged.push(month);
        flaggedAmount += entry.lastAmount;
        keys.push(...entry.lastKeys);
      }
    }
    const figures = [
      countFigure('检测月份数', checked, '个月'),
      countFigure('月末集中月份数', flagged.length, '个月'),
      pctFigure('最高月末开票占比', maxShare),
      fenFigure('集中月份月末开票金额', flaggedAmount),
    ];
    if (checked === 0) {
      return {
        level: 'none',
        summary: `各月销项发票均少于${limits.minMonthInvoices}张，不作月末集中判断。`,
        figures,
        evidence: null,
      };
    }
    return {
      level: levelBy({
        high: flagged.length >= limits.highMonths,
        medium: flagged.length >= limits.mediumMonths,
        low: flagged.length >= limits.lowMonths,
      }),
      summary:
        flagged.length > 0
          ? `${checked}个检测月份中有${flagged.length}个月（${flagged.join('、')}）月末${limits.lastDays}天开票金额超过当月${percentText(limits.monthShare)}，最高占${percentText(maxShare)}，涉及${keys.length}张发票、${yuanText(flaggedAmount)}。`
          : `${checked}个检测月份的月末${limits.lastDays}天开票金额占比最高为${percentText(maxShare)}，未超过${percentText(limits.monthShare)}。`,
      figures,
      evidence: evidenceOf(keys),
    };
  },
});

export const dayConcentrationRule = defineRule({
  id: 'INV_DAY_CONCENTRATION',
  title: '开票日期高度集中',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票开票日期', '销项发票金额'],
  basis: `${SOURCE.ours}：至少10张发票时，单日开票额超过30%或前3日超过60%为中风险，超过50%或80%为高风险。`,
  explanation: '全期开票额集中在极少数几天，与正常持续经营的节奏不符，可能是集中补开、突击开票或虚开。',
  suggestion: '逐笔核对集中日期发票对应的业务实质（合同、物流、资金），说明集中开票的原因并留存资料。',
  thresholds: { minInvoices: 10, topDayShare: 0.3, top3Share: 0.6, highTopDayShare: 0.5, highTop3Share: 0.8 },
  describeThreshold: (limits) =>
    `至少${limits.minInvoices}张销项发票时：单日开票额占比超过${percentText(limits.topDayShare)}或前3日超过${percentText(limits.top3Share)}为中风险；单日超过${percentText(limits.highTopDayShare)}或前3日超过${percentText(limits.highTop3Share)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    const blue = input.sales.blue;
    if (blue.length === 0) return NO_SALES;
    const byDay = new Map<string, number>();
    let total = 0;
    for (const invoice of blue) {
      addTo(byDay, dayOf(invoice.issuedAt), invoice.amountFen);
      total += invoice.amountFen;
    }
    const top = [...byDay].sort((a, b) => b[1] - a[1]).slice(0, 3);
    const topDay = share(top[0]?.[1] ?? 0, total);
    const top3 = share(
      top.reduce((sum, [, amount]) => sum + amount, 0),
      total,
    );
    const figures = [
      countFigure('销项发票张数', blue.length),
      countFigure('开票天数', byDay.size, '天'),
      pctFigure('最高单日开票占比', topDay),
      pctFigure('前3日开票占比', top3),
    ];
    if (blue.length < limits.minInvoices) {
      return {
        level: 'none',
        summary: `销项发票仅${blue.length}张，少于${limits.minInvoices}张，不作集中度判断。`,
        figures,
        evidence: null,
      };
    }
    const level = levelBy({
      high: topDay > limits.highTopDayShare || top3 > limits.highTop3Share,
      medium: topDay > limits.topDayShare || top3 > limits.top3Share,
    });
    const topDays = new Set(top.map(([day]) => day));
    return {
      level,
      summary: `${blue.length}张销项发票分布在${byDay.size}天，最高单日（${top[0]?.[0] ?? '-'}）占开票额${percentText(topDay)}，前3日合计占${percentText(top3)}。`,
      figures,
      evidence:
        level === 'none'
          ? null
          : evidenceOf(blue.filter((invoice) => topDays.has(dayOf(invoice.issuedAt))).map((invoice) => invoice.key)),
    };
  },
});

export const nightIssueRule = defineRule({
  id: 'INV_NIGHT_ISSUE',
  title: '夜间开票',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票开票时间（时分秒）'],
  basis: `00:00至05:00频繁开票是${SOURCE.digitalWarning}之一，可能触发开票人身份再验证；“频繁”的张数分级为${SOURCE.ours}。`,
  explanation: '深夜开票不符合一般企业作息，税务系统将其作为账号被他人控制或集中虚开的信号。',
  suggestion: '核实夜间开票的开票人和业务背景，收紧开票账号与电子税务局登录权限，避免夜间批量开票。',
  thresholds: { startHour: 0, endHour: 5, lowCount: 1, mediumCount: 3, highCount: 10, highShare: 0.1 },
  describeThreshold: (limits) =>
    `${String(limits.startHour).padStart(2, '0')}:00–${String(limits.endHour).padStart(2, '0')}:00开具的销项发票：≥${limits.lowCount}张为低风险，≥${limits.mediumCount}张为中风险，≥${limits.highCount}张且占比≥${percentText(limits.highShare)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.all.length === 0) return NO_SALES;
    const timed = input.sales.all.filter((invoice) => invoice.hasTime);
    if (timed.length === 0) {
      return { level: 'insufficient', missingData: ['开票时间（导出只有开票日期，没有时分秒）'] };
    }
    const night = timed.filter((invoice) => {
      const hour = hourOf(invoice.issuedAt);
      return hour >= limits.startHour && hour < limits.endHour;
    });
    const nightShare = night.length / timed.length;
    const untimed = input.sales.all.length - timed.length;
    return {
      level: levelBy({
        high: night.length >= limits.highCount && nightShare >= limits.highShare,
        medium: night.length >= limits.mediumCount,
        low: night.length >= limits.lowCount,
      }),
      summary: `${timed.length}张有开票时间的销项发票中${night.length}张在夜间开具，占${percentText(nightShare)}${untimed > 0 ? `（另有${untimed}张无时间，未计入）` : ''}。`,
      figures: [
        countFigure('有开票时间的发票', timed.length),
        countFigure('夜间开票张数', night.length),
        pctFigure('夜间开票占比', nightShare),
      ],
      evidence: evidenceOf(night.map((invoice) => invoice.key)),
    };
  },
});

export const weekendIssueRule = defineRule({
  id: 'INV_WEEKEND_ISSUE',
  title: '周末及节假日开票占比高',
  category: CATEGORY,
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项发票开票日期', '节假日与调休日历（未提供时只按周六、周日判断）'],
  basis: `${SOURCE.ours}；非工作日开票是数电风险监控关注的开票行为之一。`,
  explanation: '非工作日大量开票与多数企业的经营节奏不符，可能是代开、集中补开或账号被他人使用；零售、餐饮等行业除外。',
  suggestion: '说明非工作日开票的业务背景（如门店营业、项目结算），无合理原因的应核查开票权限。',
  thresholds: { minInvoices: 10, mediumShare: 0.5, lowShare: 0.3 },
  describeThreshold: (limits) =>
    `至少${limits.minInvoices}张销项发票时，非工作日开票金额占比≥${percentText(limits.lowShare)}为低风险，≥${percentText(limits.mediumShare)}为中风险`,
  check(input: InvoiceRuleInput, limits) {
    const blue = input.sales.blue;
    if (blue.length === 0) return NO_SALES;
    const isOff = makeNonWorkingDayTest(input.calendar);
    const offKeys: string[] = [];
    const byOffDay = new Map<string, string[]>();
    let offAmount = 0;
    let total = 0;
    for (const invoice of blue) {
      total += invoice.amountFen;
      const day = dayOf(invoice.issuedAt);
      if (isOff(day)) {
        offAmount += invoice.amountFen;
        offKeys.push(invoice.key);
        pushTo(byOffDay, day, invoice.key);
      }
    }
    const offShare = share(offAmount, total);
    const calendarNote = input.calendar ? '' : '（未提供节假日日历，只按周六、周日计）';
    const figures = [
      countFigure('非工作日开票张数', offKeys.length),
      countFigure('非工作日天数', byOffDay.size, '天'),
      fenFigure('非工作日开票金额', offAmount),
      pctFigure('非工作日开票金额占比', offShare),
    ];
    if (blue.length < limits.minInvoices) {
      return {
        level: 'none',
        summary: `销项发票仅${blue.length}张，少于${limits.minInvoices}张，不作判断${calendarNote}。`,
        figures,
        evidence: null,
      };
    }
    return {
      level: levelBy({ medium: offShare >= limits.mediumShare, low: offShare >= limits.lowShare }),
      summary: `非工作日开具销项发票${offKeys.length}张、${yuanText(offAmount)}，占开票金额${percentText(offShare)}${calendarNote}。`,
      figures,
      evidence: evidenceOf(offKeys),
    };
  },
});

export const TIMING_RULES = [monthEndRule, dayConcentrationRule, nightIssueRule, weekendIssueRule];
