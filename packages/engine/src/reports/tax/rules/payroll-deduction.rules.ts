import { defineRule, levelBy } from '../../../rules/define-rule.js';
import { percentText, yuanText } from '../../../rules/display.js';
import { monthIndex, monthLabel } from '../figure-sets.js';
import type { TaxRuleInput } from '../tax-context.js';
import { fenFigure, numFigure, pctFigure, TAX_CATEGORIES, TAX_REPORT_TYPES, TAX_SOURCE } from '../tax-rule.helpers.js';

/**
 * 勾选 vs declared input VAT (TAX_DEDUCTION_VS_DECLARED): per VAT return period, declared 进项税额
 * minus the 勾选 deductible tax of the months it covers; graded on the largest gap.
 */
export const deductionVsDeclaredRule = defineRule({
  id: 'TAX_DEDUCTION_VS_DECLARED',
  title: '申报进项税额与勾选抵扣税额不一致',
  category: TAX_CATEGORIES.compliance,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['发票勾选确认导出（抵扣勾选记录）', '各月（季）增值税申报（进项税额）'],
  basis: `《增值税暂行条例》第八条、第九条：进项税额凭合法扣税凭证抵扣；专用发票与数电专票须经用途确认（勾选）后申报抵扣，申报的进项税额应与勾选确认的有效抵扣税额基本一致（海关缴款书、农产品收购、旅客运输等其他扣税凭证除外）。差额5%且1万元的界限为${TAX_SOURCE.ours}。`,
  explanation:
    '申报的进项税额多于勾选确认的税额，多出部分需要其他扣税凭证支持，否则是多抵进项；少于勾选税额，则可能漏抵或跨期抵扣。',
  suggestion:
    '逐期核对增值税申报表附列资料（二）与勾选确认记录，多出部分列明对应的其他扣税凭证，无凭证的作进项转出并更正申报。',
  thresholds: { mediumShare: 0.05, minGapFen: 1_000_000, highShare: 0.2 },
  describeThreshold: (t) =>
    `任一申报期｜申报进项税额 − 勾选有效抵扣税额｜≥ ${yuanText(t.minGapFen)}且≥勾选税额的${percentText(t.mediumShare)}为中风险，申报多于勾选≥${percentText(t.highShare)}为高风险`,
  check(input: TaxRuleInput, t) {
    if (!input.deductions) return { level: 'insufficient', missingData: ['发票勾选确认导出（抵扣勾选记录）'] };
    if (input.taxpayerType === 'small_scale') {
      return { level: 'none', summary: '不适用：小规模纳税人不抵扣进项税额。', figures: [], evidence: null };
    }
    if (input.vatPeriods.length === 0) return { level: 'insufficient', missingData: ['报告期间的增值税申报'] };
    const byMonth = new Map<number, number>();
    for (const row of input.deductions) {
      const index = monthIndex(row.period);
      byMonth.set(index, (byMonth.get(index) ?? 0) + row.deductibleTaxFen);
    }
    let worst = { label: '', declared: 0, selected: 0, gap: 0, share: 0, level: 'none' as 'none' | 'medium' | 'high' };
    let checked = 0;
    for (const period of input.vatPeriods) {
      let selected = 0;
      for (let month = period.first; month <= period.last; month += 1) selected += byMonth.get(month) ?? 0;
      const declared = period.figures.inputTax ?? 0;
      if (selected === 0 && declared === 0) continue;
      checked += 1;
      const gap = declared - selected;
      const gapShare = selected > 0 ? Math.abs(gap) / selected : 1;
      const level = levelBy({
        high: gap > 0 && gapShare >= t.highShare && Math.abs(gap) >= t.minGapFen,
        medium: Math.abs(gap) >= t.minGapFen && gapShare >= t.mediumShare,
      }) as 'none' | 'medium' | 'high';
      const label =
        period.first === period.last
          ? monthLabel(period.first)
          : `${monthLabel(period.first)}至${monthLabel(period.last)}`;
      if (Math.abs(gap) > Math.abs(worst.gap)) worst = { label, declared, selected, gap, share: gapShare, level };
      if (level === 'high' || (level === 'medium' && worst.level === 'none'))
        worst = { label, declared, selected, gap, share: gapShare, level };
    }
    if (checked === 0) return { level: 'insufficient', missingData: ['报告期间的勾选记录或申报进项税额'] };
    return {
      level: worst.level,
      summary: `${checked}个申报期中差额最大的是${worst.label}：申报进项税额${yuanText(worst.declared)}，勾选有效抵扣税额${yuanText(worst.selected)}，差额${yuanText(worst.gap)}（占勾选税额${percentText(worst.share)}）。`,
      figures: [
        numFigure('比对的申报期', checked, '期'),
        fenFigure(`${worst.label}申报进项税额`, worst.declared),
        fenFigure(`${worst.label}勾选有效抵扣税额`, worst.selected),
        fenFigure(`${worst.label}差额`, worst.gap),
        pctFigure(`${worst.label}差额占勾选税额`, worst.share),
      ],
      evidence: null,
    };
  },
});

/**
 * 个税申报人数 vs 社保人数 (TAX_PAYROLL_HEADCOUNT): months where both are known, the largest gap in
 * people and as a share of the larger count.
 */
export const payrollHeadcountRule = defineRule({
  id: 'TAX_PAYROLL_HEADCOUNT',
  title: '个税申报人数与社保缴费人数不一致',
  category: TAX_CATEGORIES.declaration,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['个税扣缴申报导出（每月人数、工资薪金）', '社保缴费明细导出（每月人数）'],
  basis: `《社会保险法》第五十八条：用人单位应当自用工之日起三十日内为其职工办理社会保险登记；《个人所得税法》第九条：支付所得的单位为扣缴义务人。两者人数应能相互印证（退休返聘、劳务报酬人员等可以解释差异）；差3人且20%的界限为${TAX_SOURCE.ours}。`,
  explanation:
    '个税申报人数明显多于社保人数，可能有人员未缴社保或以虚列工资多扣成本；社保人数多于个税人数，可能有工资在账外发放或挂靠缴费。',
  suggestion:
    '逐月列出两边人员名单的差异并说明原因（退休返聘、实习、劳务、新入职），未缴社保的补缴，虚列工资的纳税调增。',
  thresholds: { minGap: 3, mediumShare: 0.2, highShare: 0.5 },
  describeThreshold: (t) =>
    `同月个税申报人数与社保人数相差≥${t.minGap}人且≥较大者的${percentText(t.mediumShare)}为中风险，≥${percentText(t.highShare)}为高风险`,
  check(input: TaxRuleInput, t) {
    if (!input.payroll) return { level: 'insufficient', missingData: ['个税扣缴申报与社保缴费导出'] };
    const iit = new Map(input.payroll.filter((row) => row.source === 'iit').map((row) => [row.period, row]));
    const social = new Map(
      input.payroll.filter((row) => row.source === 'social_insurance').map((row) => [row.period, row]),
    );
    const months = [...iit.keys()]
      .filter((period) => social.has(period) && period >= input.period.start && period <= input.period.end)
      .sort();
    if (months.length === 0) {
      return {
        level: 'insufficient',
        missingData: [`报告期间同一月份的个税申报与社保数据（个税${iit.size}个月、社保${social.size}个月）`],
      };
    }
    // 工资薪金 beside the headcounts, over the same months: 个税 本期收入 against the 社保 contribution base.
    let iitWages = 0;
    let socialBase = 0;
    let iitPeople = 0;
    let socialPeople = 0;
    for (const period of months) {
      iitWages += iit.get(period)?.wageFen ?? 0;
      socialBase += social.get(period)?.wageFen ?? 0;
      iitPeople += iit.get(period)?.headcount ?? 0;
      socialPeople += social.get(period)?.headcount ?? 0;
    }
    const perHead = (fen: number, people: number) => (people > 0 ? Math.round(fen / people) : 0);
    const wagesLine = `同期个税申报工资薪金${yuanText(iitWages)}（人月均${yuanText(perHead(iitWages, iitPeople))}），社保缴费基数${yuanText(socialBase)}（人月均${yuanText(perHead(socialBase, socialPeople))}）；工资与缴费基数的差异仅列示，不参与定级。`;
    let worst = { period: '', iit: 0, social: 0, gap: 0, share: 0 };
    for (const period of months) {
      const a = iit.get(period)?.headcount ?? 0;
      const b = social.get(period)?.headcount ?? 0;
      const gap = Math.abs(a - b);
      const gapShare = Math.max(a, b) > 0 ? gap / Math.max(a, b) : 0;
      if (gap >= t.minGap && gapShare > worst.share) worst = { period, iit: a, social: b, gap, share: gapShare };
    }
    return {
      level: levelBy({ high: worst.share >= t.highShare, medium: worst.share >= t.mediumShare }),
      summary:
        (worst.period === ''
          ? `比对的${months.length}个月，个税申报人数与社保人数差异均小于${t.minGap}人。`
          : `比对的${months.length}个月中差异最大的是${worst.period}：个税申报${worst.iit}人、社保${worst.social}人，相差${worst.gap}人（${percentText(worst.share)}）。`) +
        wagesLine,
      figures: [
        numFigure('比对月数', months.length, '个月'),
        numFigure('最大差异人数', worst.gap, '人'),
        pctFigure('最大差异占比', worst.share),
        fenFigure('个税申报工资薪金（比对月份）', iitWages),
        fenFigure('社保缴费基数（比对月份）', socialBase),
      ],
      evidence: null,
    };
  },
});

export const PAYROLL_DEDUCTION_RULES = [deductionVsDeclaredRule, payrollHeadcountRule];
