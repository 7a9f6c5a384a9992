/**
 * Findings of the company reports (全景, 工商信息, 尽职调查): one per risk list, the registration
 * state and the tax-credit rating, each with its legal basis by official name or number.
 */
import type { Finding, FindingLevel } from '@taxlens/engine';
import { BUSINESS_RISK_KINDS, formatDate, RISK_KINDS, RISK_LABELS, type RiskKind } from '@taxlens/shared';
import type { CompanyProfile, CreditRating, RiskRecord } from '../provider.types.js';

export const RISK_LEVEL: Readonly<Record<RiskKind, Exclude<FindingLevel, 'none' | 'insufficient'>>> = {
  major_tax_violation: 'high',
  abnormal_taxpayer: 'high',
  serious_illegal: 'high',
  dishonest_debtor: 'high',
  consumption_restriction: 'high',
  judicial_freeze: 'high',
  abnormal_operation: 'medium',
  admin_penalty: 'medium',
  tax_arrears: 'medium',
  terminated_case: 'medium',
  executed_person: 'medium',
  equity_pledge: 'medium',
  liquidation: 'medium',
  chattel_mortgage: 'low',
  judgment_document: 'low',
  court_session: 'low',
  court_notice: 'low',
};

export const RISK_BASIS: Readonly<Record<RiskKind, string>> = {
  abnormal_operation: '《企业经营异常名录管理暂行办法》（国家工商行政管理总局令第68号）',
  serious_illegal: '《市场监督管理严重违法失信名单管理办法》（国家市场监督管理总局令第44号）',
  admin_penalty: '《中华人民共和国行政处罚法》',
  chattel_mortgage: '《中华人民共和国民法典》第三百九十六条（动产浮动抵押）、第四百零三条',
  equity_pledge: '《中华人民共和国民法典》第四百四十三条（股权出质）',
  liquidation: '《中华人民共和国公司法》第二百三十二条（清算义务）',
  tax_arrears: '《中华人民共和国税收征收管理法》第四十五条（欠税公告）',
  abnormal_taxpayer: '《国家税务总局关于异常增值税扣税凭证管理等有关事项的公告》（国家税务总局公告2019年第38号）',
  major_tax_violation: '《重大税收违法失信主体信息公布管理办法》（国家税务总局令第54号）',
  dishonest_debtor: '《最高人民法院关于公布失信被执行人名单信息的若干规定》（法释〔2017〕7号）',
  consumption_restriction: '《最高人民法院关于限制被执行人高消费及有关消费的若干规定》（法释〔2015〕17号）',
  terminated_case: '《中华人民共和国民事诉讼法》（执行程序）',
  executed_person: '《中华人民共和国民事诉讼法》（执行程序）',
  judgment_document: '《中华人民共和国民事诉讼法》',
  court_session: '《中华人民共和国民事诉讼法》',
  court_notice: '《中华人民共和国民事诉讼法》（公告送达）',
  judicial_freeze: '《中华人民共和国民事诉讼法》（查封、扣押、冻结）',
};

const SUGGESTION: Readonly<Record<'high' | 'medium' | 'low', string>> = {
  high: '暂停新增交易或要求担保，核实已发生交易的真实性，并关注后续处理结果。',
  medium: '了解记录的原因与处理进展，评估对履约能力的影响。',
  low: '一般性记录，了解案情即可，持续关注。',
};

function finding(
  parts: Omit<Finding, 'figures' | 'threshold' | 'evidence'> & { figures?: Finding['figures'] },
): Finding {
  return { figures: [], threshold: '有记录即提示；等级按记录性质确定', evidence: null, ...parts };
}

export function riskFindings(records: readonly RiskRecord[]): Finding[] {
  return RISK_KINDS.map((kind) => {
    const label = RISK_LABELS[kind];
    const own = records.filter((record) => record.kind === kind);
    // Records already removed from a list (移出) count, but at a lower level than live ones.
    // Today in the business zone: the lists date their removals in Beijing time.
    const today = formatDate(new Date().toISOString());
    const live = own.filter((record) => !record.removedOn || record.removedOn > today);
    const base = RISK_LEVEL[kind];
    const level: FindingLevel = own.length === 0 ? 'none' : live.length > 0 ? base : 'low';
    const latest = own[0];
    return finding({
      ruleId: `CD_${kind.toUpperCase()}`,
      title: label,
      category: BUSINESS_RISK_KINDS.includes(kind) ? '经营风险' : '司法风险',
      level,
      summary:
        own.length === 0
          ? `未发现${label}记录。`
          : `共${own.length}条${label}记录（其中${live.length}条未移出或仍有效），最近一条：${latest?.decidedOn ?? '日期不详'} ${latest?.title ?? ''}。`,
      figures: [
        { label: '记录数', value: own.length, unit: '条' },
        { label: '仍有效', value: live.length, unit: '条' },
      ],
      explanation: `${label}是公开的${BUSINESS_RISK_KINDS.includes(kind) ? '行政监管' : '司法'}信息，反映企业的合规与履约状况。`,
      basis: RISK_BASIS[kind],
      suggestion:
        own.length === 0 ? '无需处理。' : SUGGESTION[level === 'none' ? 'low' : (level as 'high' | 'medium' | 'low')],
    });
  });
}

export function registrationFinding(profile: CompanyProfile): Finding {
  const bad = profile.registration === 'deregistered' || profile.registration === 'revoked';
  return finding({
    ruleId: 'CD_REGISTRATION',
    title: '登记状态',
    category: '工商信息',
    level: bad ? 'high' : profile.registration === 'normal' ? 'none' : 'low',
    summary: `登记状态：${profile.statusText}（数据截至${profile.asOf}）。`,
    explanation: '注销或吊销的企业不能继续经营，其开具的发票与签订的合同都须核实。',
    basis: '《中华人民共和国市场主体登记管理条例》',
    suggestion: bad ? '停止交易，核对注销（吊销）日期前后的往来与发票。' : '无需处理。',
  });
}

export function creditFinding(ratings: readonly CreditRating[]): Finding {
  const latest = ratings[0];
  const aYears = ratings.filter((rating) => rating.level === 'A').map((rating) => rating.year);
  return finding({
    ruleId: 'CD_TAX_CREDIT',
    title: '纳税信用',
    category: '税务风险',
    level: !latest ? 'insufficient' : latest.level === 'D' ? 'high' : latest.level === 'C' ? 'medium' : 'none',
    summary: latest
      ? `最近一次评价：${latest.year}年度${latest.level}级${aYears.length > 0 ? `；A级年度：${aYears.join('、')}` : ''}。`
      : '未查到该企业的纳税信用评价公布信息（A级名单之外的等级通常不公开）。',
    explanation: '纳税信用D级会带来发票领用限制、出口退税从严审核等后果；A级名单每年公布。',
    basis: '《纳税缴费信用管理办法》（国家税务总局公告2025年第12号）',
    suggestion: latest?.level === 'D' ? '核实交易真实性，谨慎开展大额交易。' : '无需处理。',
    ...(latest ? {} : { missingData: ['纳税信用评价公布信息'] }),
  });
}
