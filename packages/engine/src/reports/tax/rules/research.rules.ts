import { defineRule } from '../../../rules/define-rule.js';
import { percentText, wanText, yuanText } from '../../../rules/display.js';
import type { TaxRuleInput } from '../tax-context.js';
import {
  clean,
  derived,
  fenFigure,
  pctFigure,
  read,
  researchOf,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  textFigure,
} from '../tax-rule.helpers.js';

export const researchShareRule = defineRule({
  id: 'TAX_RD_SHARE',
  title: '研发费用占比与高新技术企业条件',
  category: TAX_CATEGORIES.compliance,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['近三个会计年度利润表（营业收入、研发费用或研究费用）', '企业所得税申报税率'],
  basis:
    '国科发火〔2016〕32号《高新技术企业认定管理办法》第十一条：近三个会计年度研究开发费用总额占同期销售收入总额的比例，最近一年销售收入5000万元以下的不低于5%，5000万元至2亿元的不低于4%，2亿元以上的不低于3%；高新技术企业减按15%税率（《企业所得税法》第二十八条）。',
  explanation:
    '按15%税率申报所得税而研发费用占比达不到高新技术企业的最低比例，资格可能被取消并追缴税款（西部大开发等其他15%优惠除外）。一般企业会计准则的研发费用单列，小企业会计准则的研究费用在管理费用中列示。',
  suggestion: '核对研发项目立项、研发人员与费用归集，确认比例达标；不达标的评估优惠资格风险，必要时按25%补税。',
  thresholds: {
    preferentialRateBp: 1500,
    smallRevenueFen: 5_000_000_000,
    largeRevenueFen: 20_000_000_000,
    smallShare: 0.05,
    middleShare: 0.04,
    largeShare: 0.03,
  },
  describeThreshold: (t) =>
    `适用${t.preferentialRateBp / 100}%税率时，近三年研发费用 ÷ 营业收入低于要求（最近一年收入${wanText(t.smallRevenueFen)}以下${percentText(t.smallShare)}、${wanText(t.largeRevenueFen)}以下${percentText(t.middleShare)}、以上${percentText(t.largeShare)}）为中风险`,
  check(input: TaxRuleInput, t) {
    const years = input.years.filter((slice) => slice.income.ok && slice.monthCount === 12).slice(-3);
    const latest = years.at(-1);
    if (!latest) return { level: 'insufficient', missingData: ['至少一个完整年度的利润表'] };
    const research = years.reduce((total, slice) => total + researchOf(slice), 0);
    const revenue = years.reduce((total, slice) => total + (read(slice.income, 'operatingRevenue') ?? 0), 0);
    const latestRevenue = read(latest.income, 'operatingRevenue') ?? 0;
    const share = revenue > 0 ? clean(research / revenue) : 0;
    const rate = read(latest.cit, 'taxRate');
    const required =
      latestRevenue <= t.smallRevenueFen
        ? t.smallShare
        : latestRevenue <= t.largeRevenueFen
          ? t.middleShare
          : t.largeShare;
    const preferential = rate === t.preferentialRateBp;
    const labels = years.map((slice) => slice.label).join('、');
    const figures = [
      fenFigure(`${labels}研发费用合计`, research, derived('各年度研发费用（小企业为研究费用）之和', labels)),
      fenFigure(`${labels}营业收入合计`, revenue, derived('各年度营业收入之和', labels)),
      pctFigure('研发费用占比', share, derived('研发费用合计 ÷ 营业收入合计', labels)),
      textFigure(
        '申报税率',
        rate === undefined ? '未申报' : `${rate / 100}%`,
        latest.cit.ok ? latest.cit.source : undefined,
      ),
      pctFigure('高新技术企业最低比例', required),
    ];
    const summary = `${labels}研发费用${yuanText(research)}，占营业收入${percentText(share)}`;
    if (!preferential) {
      return {
        level: 'none',
        summary: `${summary}；${rate === undefined ? '未取得所得税申报税率' : `申报税率${rate / 100}%`}，不涉及高新技术企业比例要求。`,
        figures,
        evidence: null,
      };
    }
    return {
      level: share < required ? 'medium' : 'none',
      summary: `${summary}，按15%税率申报，高新技术企业要求不低于${percentText(required)}。`,
      figures,
      evidence: null,
    };
  },
});

export const RESEARCH_RULES = [researchShareRule];
