/**
 * The 天眼查 endpoints the provider reads and how their items become our records. Field names are
 * the vendor's published ones; `labels` give each kept field the Chinese column name it is shown
 * under (the record's published fields). Lists the vendor does not offer (非正常户) are absent.
 */
import type { RiskKind } from '@taxlens/shared';
import { parseAmount, parseDate } from '../datasets/dataset-values.js';

export type TycItem = Record<string, unknown>;

export const TYC_ENDPOINTS = {
  search: '/services/open/search/2.0',
  baseinfo: '/services/open/ic/baseinfo/normal',
  shareholder: '/services/open/ic/holder/2.0',
  executive: '/services/open/ic/staff/2.0',
  investment: '/services/open/ic/inverst/2.0',
  branch: '/services/open/ic/branch/2.0',
  change: '/services/open/ic/changeinfo/2.0',
  taxCredit: '/services/open/m/taxCredit/2.0',
} as const;

/** Text of a vendor value; '-' and empty mean "none". */
export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const result = String(value)
    .replace(/<\/?em>/g, '')
    .trim();
  return result === '' || result === '-' ? null : result;
}

/** A vendor date: epoch milliseconds, 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss.0' → 'YYYY-MM-DD'. */
export function day(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return new Date(value + 8 * 3_600_000).toISOString().slice(0, 10);
  }
  const raw = text(value);
  if (!raw) return null;
  const parsed = parseDate(raw);
  return parsed.ok ? parsed.value : null;
}

/** '500万人民币', '500万元', '1200.5'（元） or a number of 元 → fen; unreadable → null. */
export function money(value: unknown, bareUnit: 'yuan' | 'wan' = 'yuan'): number | null {
  const raw = typeof value === 'number' ? String(value) : text(value);
  if (!raw) return null;
  const wan = raw.includes('万') || bareUnit === 'wan';
  const parsed = parseAmount(raw, wan ? 1_000_000 : 100);
  return parsed.ok ? parsed.value : null;
}

export interface RiskSpec {
  endpoint: string;
  labels: Readonly<Record<string, string>>;
  reference?: string;
  title: (item: TycItem) => string;
  category?: string;
  decidedOn: string;
  removedOn?: string;
  amount?: string;
  authority?: string;
  personName?: string;
}

const listing = (endpoint: string): RiskSpec => ({
  endpoint,
  labels: {
    putReason: '列入原因',
    putDate: '列入日期',
    putDepartment: '作出决定机关（列入）',
    removeReason: '移出原因',
    removeDate: '移出日期',
    removeDepartment: '作出决定机关（移出）',
  },
  title: (item) => text(item.putReason) ?? '列入名录',
  decidedOn: 'putDate',
  removedOn: 'removeDate',
  authority: 'putDepartment',
});

const caseSpec = (endpoint: string, title: string): RiskSpec => ({
  endpoint,
  labels: { caseCode: '案号', caseCreateTime: '立案日期', execCourtName: '执行法院', execMoney: '执行标的（元）' },
  reference: 'caseCode',
  title: () => title,
  decidedOn: 'caseCreateTime',
  amount: 'execMoney',
  authority: 'execCourtName',
});

export const TYC_RISKS: Readonly<Partial<Record<RiskKind, RiskSpec>>> = {
  abnormal_operation: listing('/services/open/mr/abnormal/2.0'),
  serious_illegal: listing('/services/open/mr/illegalinfo/2.0'),
  admin_penalty: {
    endpoint: '/services/open/mr/punishmentInfo/3.0',
    labels: {
      punishNumber: '决定文书号',
      reason: '违法行为类型',
      content: '行政处罚内容',
      decisionDate: '处罚决定日期',
      departmentName: '决定机关',
    },
    reference: 'punishNumber',
    title: (item) => text(item.reason) ?? '行政处罚',
    category: 'content',
    decidedOn: 'decisionDate',
    authority: 'departmentName',
  },
  chattel_mortgage: {
    endpoint: '/services/open/mr/mortgageInfo/2.0',
    labels: {
      regNum: '登记编号',
      regDate: '登记日期',
      amount: '被担保债权数额',
      regDepartment: '登记机关',
      status: '状态',
    },
    reference: 'regNum',
    title: () => '动产抵押登记',
    category: 'status',
    decidedOn: 'regDate',
    amount: 'amount',
    authority: 'regDepartment',
  },
  equity_pledge: {
    endpoint: '/services/open/mr/equityInfo/2.0',
    labels: {
      regNumber: '登记编号',
      regDate: '股权出质设立登记日期',
      pledgor: '出质人',
      pledgee: '质权人',
      equityAmount: '出质股权数额',
      state: '状态',
    },
    reference: 'regNumber',
    title: (item) => `出质人${text(item.pledgor) ?? '-'}，质权人${text(item.pledgee) ?? '-'}`,
    category: 'state',
    decidedOn: 'regDate',
    amount: 'equityAmount',
  },
  liquidation: {
    endpoint: '/services/open/mr/liquidatingInfo/2.0',
    labels: { manager: '清算组负责人', member: '清算组成员' },
    title: () => '清算组备案',
    decidedOn: 'createTime',
    personName: 'manager',
  },
  tax_arrears: {
    endpoint: '/services/open/mr/ownTax/2.0',
    labels: {
      taxCategory: '欠税税种',
      ownTaxAmount: '欠税余额（元）',
      newOwnTaxBalance: '当期新发生欠税余额（元）',
      publishDate: '发布日期',
      department: '发布单位',
    },
    title: (item) => `欠缴${text(item.taxCategory) ?? '税款'}`,
    category: 'taxCategory',
    decidedOn: 'publishDate',
    amount: 'ownTaxAmount',
    authority: 'department',
  },
  major_tax_violation: {
    endpoint: '/services/open/mr/taxContravention/2.0',
    labels: { caseType: '案件性质', caseInfo: '主要违法事实', publishTime: '发布日期', department: '所属税务机关' },
    title: (item) => text(item.caseType) ?? '重大税收违法失信案件',
    category: 'caseType',
    decidedOn: 'publishTime',
    authority: 'department',
  },
  dishonest_debtor: {
    endpoint: '/services/open/jr/dishonest/2.0',
    labels: {
      casecode: '案号',
      courtname: '执行法院',
      duty: '生效法律文书确定的义务',
      performance: '履行情况',
      disrupttypename: '失信被执行人行为具体情形',
      regdate: '立案日期',
      publishdate: '发布日期',
    },
    reference: 'casecode',
    title: (item) => text(item.disrupttypename) ?? '失信被执行人',
    category: 'performance',
    decidedOn: 'publishdate',
    authority: 'courtname',
  },
  consumption_restriction: {
    endpoint: '/services/open/jr/consumptionRestriction/2.0',
    labels: {
      caseCode: '案号',
      xname: '限制消费人员',
      filingDate: '立案日期',
      publishDate: '发布日期',
      applicant: '申请人',
    },
    reference: 'caseCode',
    title: () => '限制消费令',
    decidedOn: 'publishDate',
    personName: 'xname',
  },
  terminated_case: {
    ...caseSpec('/services/open/jr/endCase/2.0', '终结本次执行程序'),
    labels: {
      caseCode: '案号',
      caseFinalTime: '终本日期',
      execCourtName: '执行法院',
      execMoney: '执行标的（元）',
      noExecMoney: '未履行金额（元）',
    },
    decidedOn: 'caseFinalTime',
  },
  executed_person: caseSpec('/services/open/jr/zhixinginfo/2.0', '被执行人'),
  judgment_document: {
    endpoint: '/services/open/jr/lawSuit/2.0',
    labels: {
      caseNo: '案号',
      title: '文书标题',
      caseReason: '案由',
      docType: '文书类型',
      court: '审理法院',
      judgeTime: '裁判日期',
    },
    reference: 'caseNo',
    title: (item) => text(item.title) ?? '裁判文书',
    category: 'caseReason',
    decidedOn: 'judgeTime',
    authority: 'court',
  },
  court_session: {
    endpoint: '/services/open/jr/ktannouncement/2.0',
    labels: {
      caseNo: '案号',
      caseReason: '案由',
      startDate: '开庭日期',
      court: '法院',
      plaintiff: '原告',
      defendant: '被告',
    },
    reference: 'caseNo',
    title: (item) => text(item.caseReason) ?? '开庭公告',
    category: 'caseReason',
    decidedOn: 'startDate',
    authority: 'court',
  },
  court_notice: {
    endpoint: '/services/open/jr/courtAnnouncement/2.0',
    labels: {
      caseno: '案号',
      bltntypename: '公告类型',
      courtcode: '公告法院',
      publishdate: '刊登日期',
      content: '公告内容',
    },
    reference: 'caseno',
    title: (item) => text(item.bltntypename) ?? '法院公告',
    category: 'bltntypename',
    decidedOn: 'publishdate',
    authority: 'courtcode',
  },
  judicial_freeze: {
    endpoint: '/services/open/jr/judicial/2.0',
    labels: {
      executeNoticeNum: '执行通知书文号',
      executedPerson: '被执行人',
      equityAmount: '股权数额',
      executiveCourt: '执行法院',
      typeState: '类型|状态',
    },
    reference: 'executeNoticeNum',
    title: (item) => text(item.typeState) ?? '股权冻结',
    category: 'typeState',
    decidedOn: 'createTime',
    amount: 'equityAmount',
    authority: 'executiveCourt',
    personName: 'executedPerson',
  },
};

/** The published fields of an item, under their Chinese column names. */
export function detailsOf(item: TycItem, labels: Readonly<Record<string, string>>): Record<string, string> {
  const details: Record<string, string> = {};
  for (const [field, label] of Object.entries(labels)) {
    const value = item[field];
    const shown = /Date|Time|date$/.test(field) ? (day(value) ?? text(value)) : text(value);
    if (shown) details[label] = shown;
  }
  return details;
}
