import { defineRule, type InsufficientOutcome, type RuleOutcome } from '../../../rules/define-rule.js';
import type { TaxRuleInput } from '../tax-context.js';
import type { DataProblem, DataProblemCode } from '../tax-report.types.js';
import {
  type Level,
  numFigure,
  TAX_CATEGORIES,
  TAX_REPORT_TYPES,
  TAX_SOURCE,
  textFigure,
  worse,
} from '../tax-rule.helpers.js';

const CATEGORY = TAX_CATEGORIES.declaration;

const NO_DATA: InsufficientOutcome = { level: 'insufficient', missingData: ['财务报表或纳税申报数据'] };

/** A finding over the data problems of some codes; each code carries its level. */
function problemOutcome(
  input: TaxRuleInput,
  levels: Partial<Record<DataProblemCode, Level>>,
  noneText: string,
): RuleOutcome | InsufficientOutcome {
  if (input.setCount === 0) return NO_DATA;
  const hits: (DataProblem & { level: Level })[] = input.problems.flatMap((problem) => {
    const level = levels[problem.code];
    return level ? [{ ...problem, level }] : [];
  });
  const level = hits.reduce<Level>((worst, hit) => worse(worst, hit.level), 'none');
  return {
    level,
    summary: hits.length > 0 ? `发现${hits.length}处数据问题：${hits.map((hit) => hit.message).join('')}` : noneText,
    figures: [
      numFigure('问题数', hits.length, '处'),
      ...hits
        .slice(0, 10)
        .map((hit, index) => textFigure(`问题${index + 1}（${hit.periods.join('、')}）`, hit.message)),
    ],
    evidence: null,
  };
}

export const statementUnbalancedRule = defineRule({
  id: 'TAX_STATEMENT_UNBALANCED',
  title: '报表不平衡或勾稽不符',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['资产负债表', '利润表'],
  basis:
    '《企业会计准则——基本准则》及《小企业会计准则》：资产 = 负债 + 所有者权益；报表合计项应等于明细之和。允许差异为1元（舍入），为本机构经验阈值。',
  explanation:
    '资产负债表不平衡或合计与明细不符，说明报表编制或导出有误；依据这样的报表所作的指标分析并不可靠，不平衡的资产负债表不参与其他规则的检测。',
  suggestion: '从财务软件重新导出报表，或核对手工录入的金额后重新上传；确有差异的查明原因并调整账务。',
  thresholds: {},
  describeThreshold: () =>
    '资产总计与负债和所有者权益总计相差超过1元为高风险（该表不参与检测）；其他合计项与明细不符为低风险',
  check: (input: TaxRuleInput) =>
    input.sets.some((set) => set.statement === 'balance_sheet' || set.statement === 'income_statement')
      ? problemOutcome(input, { UNBALANCED: 'high', SUM_MISMATCH: 'low' }, '资产负债表均平衡，报表合计与明细相符。')
      : { level: 'insufficient', missingData: ['资产负债表或利润表'] },
});

export const periodConflictRule = defineRule({
  id: 'TAX_PERIOD_CONFLICT',
  title: '报表或申报期间重叠、矛盾',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['各期间的报表和申报数据'],
  basis: `同一期间的季度（年度）数应等于所含月份（季度）之和，同一日期的资产负债表应一致，所得税预缴申报为累计数（${TAX_SOURCE.ours}）。`,
  explanation:
    '同一期间既有月度又有季度（年度）数据且合计不一致，说明至少一份数据有误；纳税人按月还是按季申报增值税也应前后一致。矛盾的数据均不参与其他规则的检测。',
  suggestion: '确认哪一份是正确的报表或申报数据，删除或更正另一份后重新生成报告。',
  thresholds: {},
  describeThreshold: () =>
    '期间数据相互矛盾为中风险（均不参与检测）；期间重叠但一致或无法核对、所得税累计数下降为低风险',
  check: (input: TaxRuleInput) =>
    problemOutcome(
      input,
      { PERIOD_CONFLICT: 'medium', PERIOD_OVERLAP: 'low', YTD_DECREASE: 'low' },
      '各期间数据没有重叠或矛盾。',
    ),
});

export const returnTaxExceedsSalesRule = defineRule({
  id: 'TAX_RETURN_TAX_EXCEEDS_SALES',
  title: '申报税额大于销售额',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['增值税申报数据', '企业所得税申报数据'],
  basis: `应纳税额不可能超过计税销售额（增值税最高税率13%），所得税额不可能超过营业收入（${TAX_SOURCE.ours}）。`,
  explanation: '申报数据中税额大于销售额，几乎一定是录入或导入错误（单位、栏次错位）；该期间数据不参与其他规则的检测。',
  suggestion: '核对该期申报表原件，更正导入或录入的数据后重新生成报告。',
  thresholds: {},
  describeThreshold: () =>
    '增值税应纳税额大于销售额合计、销项税额大于一般计税销售额，或所得税额大于营业收入、应纳税所得额，为中风险（该期不参与检测）',
  check: (input: TaxRuleInput) =>
    input.sets.some((set) => set.statement === 'vat_return' || set.statement === 'cit_return')
      ? problemOutcome(input, { TAX_EXCEEDS_SALES: 'medium' }, '各期申报税额均未超过销售额。')
      : { level: 'insufficient', missingData: ['增值税或企业所得税申报数据'] },
});

const REQUIRED = [
  ['利润表', 'income'],
  ['增值税申报', 'vat'],
  ['企业所得税申报', 'cit'],
  ['期末资产负债表', 'closing'],
] as const;

export const missingYearsRule = defineRule({
  id: 'TAX_MISSING_YEARS',
  title: '报表或申报数据缺失',
  category: CATEGORY,
  reportTypes: TAX_REPORT_TYPES,
  dataNeeded: ['报告期间每年的利润表、期末资产负债表、增值税申报、企业所得税申报'],
  basis: `${TAX_SOURCE.assessment}：纳税评估以报表和申报数据为基础，至少需要两个期间的数据才能比较变动；缺失分级为本机构经验阈值。`,
  explanation: '缺少某年度的报表或申报，相关规则只能跳过该年度（在各发现中注明“数据不足”），报告结论的覆盖面随之变小。',
  suggestion: '补充导入缺失年度的财务报表与申报数据（电子税务局可下载申报表），再重新生成报告。',
  thresholds: { mediumMissingItems: 3 },
  describeThreshold: (t) =>
    `某年度缺少利润表、期末资产负债表、增值税申报、企业所得税申报中的任一项为低风险，缺少${t.mediumMissingItems}项及以上为中风险；数据无法识别也列在此处`,
  check: (input: TaxRuleInput, t) => {
    if (input.setCount === 0) return NO_DATA;
    if (input.years.length === 0) return { level: 'insufficient', missingData: ['有效的报告期间（起止月份）'] };
    let level: Level = 'none';
    const lines: string[] = [];
    const figures = input.years.map((slice) => {
      const absent = REQUIRED.filter(([, key]) => !slice[key].ok);
      const details = absent.flatMap(([, key]) => {
        const cover = slice[key];
        return cover.ok ? [] : cover.missing;
      });
      if (absent.length > 0) {
        level = worse(level, absent.length >= t.mediumMissingItems ? 'medium' : 'low');
        lines.push(`${slice.label}缺少${absent.map(([name]) => name).join('、')}（${details.join('；')}）`);
      }
      return numFigure(`${slice.label}缺失项数`, absent.length, '项');
    });
    const invalid = input.problems.filter((problem) => problem.code === 'INVALID_SET');
    if (invalid.length > 0) {
      level = worse(level, 'low');
      lines.push(`${invalid.length}组数据无法识别`);
    }
    return {
      level,
      summary:
        lines.length > 0 ? `${lines.join('；')}，相关规则未检测这些期间。` : '报告期间各年度的报表和申报数据齐全。',
      figures,
      evidence: null,
    };
  },
});

export const DATA_QUALITY_RULES = [
  statementUnbalancedRule,
  periodConflictRule,
  returnTaxExceedsSalesRule,
  missingYearsRule,
];
