/**
 * The company-data lists the platform operator imports (one documented file schema each) and the
 * provider serves. Headers are the published column names; aliases cover the usual variants.
 * docs/company-data-import.md is written from this table.
 */

export type RelationKind = 'shareholder' | 'executive' | 'investment' | 'branch' | 'change';

/** Where a record came from and as of when: every company-data answer carries it. */
export interface Provenance {
  /** Who published the data (e.g. 国家企业信用信息公示系统, or the vendor's name). */
  source: string;
  /** 'YYYY-MM-DD': the data are as of this day. */
  asOf: string;
}

export interface CompanyHit extends Provenance {
  creditCode: string;
  name: string;
  legalRep: string | null;
  statusText: string;
  regionCode: string | null;
  establishedOn: string | null;
}

export interface RelationRecord extends Provenance {
  kind: RelationKind;
  name: string;
  role: string | null;
  otherCode: string | null;
  amountFen: number | null;
  /** Share in basis points (51.5% = 5150). */
  ratioBp: number | null;
  happenedOn: string | null;
  beforeText: string | null;
  afterText: string | null;
}

export const RISK_KINDS = [
  'abnormal_operation',
  'serious_illegal',
  'admin_penalty',
  'chattel_mortgage',
  'equity_pledge',
  'liquidation',
  'tax_arrears',
  'abnormal_taxpayer',
  'major_tax_violation',
  'dishonest_debtor',
  'consumption_restriction',
  'terminated_case',
  'executed_person',
  'judgment_document',
  'court_session',
  'court_notice',
  'judicial_freeze',
] as const;
export type RiskKind = (typeof RISK_KINDS)[number];

export const RISK_LABELS: Readonly<Record<RiskKind, string>> = {
  abnormal_operation: '经营异常',
  serious_illegal: '严重违法失信',
  admin_penalty: '行政处罚',
  chattel_mortgage: '动产抵押',
  equity_pledge: '股权出质',
  liquidation: '清算信息',
  tax_arrears: '欠税公告',
  abnormal_taxpayer: '非正常户',
  major_tax_violation: '重大税收违法失信主体',
  dishonest_debtor: '失信被执行人',
  consumption_restriction: '限制高消费',
  terminated_case: '终本案件',
  executed_person: '被执行人',
  judgment_document: '裁判文书',
  court_session: '开庭公告',
  court_notice: '法院公告',
  judicial_freeze: '司法冻结',
};

/** Which risks are 经营 (business/administrative) and which 司法 (judicial): jyycListNum / sfycListNum. */
export const BUSINESS_RISK_KINDS: readonly RiskKind[] = [
  'abnormal_operation',
  'serious_illegal',
  'admin_penalty',
  'chattel_mortgage',
  'equity_pledge',
  'liquidation',
  'tax_arrears',
  'abnormal_taxpayer',
  'major_tax_violation',
];
export const JUDICIAL_RISK_KINDS: readonly RiskKind[] = RISK_KINDS.filter(
  (kind) => !BUSINESS_RISK_KINDS.includes(kind),
);

/** Where a cell goes: a typed column of the list's table, or only the published-fields map. */
export type ColumnTarget =
  | 'creditCode'
  | 'name'
  | 'legalRep'
  | 'capitalWan'
  | 'establishedOn'
  | 'statusText'
  | 'companyType'
  | 'address'
  | 'scope'
  | 'industryCode'
  | 'industryName'
  | 'regionCode'
  | 'taxpayerType'
  | 'role'
  | 'otherCode'
  | 'amountYuan'
  | 'amountWan'
  | 'ratioPercent'
  | 'happenedOn'
  | 'beforeText'
  | 'afterText'
  | 'reference'
  | 'title'
  | 'category'
  | 'decidedOn'
  | 'removedOn'
  | 'authority'
  | 'personName'
  | 'year'
  | 'level'
  | 'detail';

export interface ListColumn {
  header: string;
  target: ColumnTarget;
  required?: boolean;
  aliases?: readonly string[];
}

export interface DataList {
  key: string;
  label: string;
  group: 'registry' | 'relation' | 'risk' | 'credit';
  columns: readonly ListColumn[];
}

const code = (header = '统一社会信用代码'): ListColumn => ({
  header,
  target: 'creditCode',
  required: true,
  aliases: ['统一社会信用代码', '纳税人识别号', '社会信用代码', '信用代码', '纳税人识别号/统一社会信用代码'],
});
const named = (header = '企业名称'): ListColumn => ({
  header,
  target: 'name',
  required: true,
  aliases: ['企业名称', '纳税人名称', '名称', '当事人名称', '被执行人名称'],
});
const col = (header: string, target: ColumnTarget, required = false, aliases?: readonly string[]): ListColumn => ({
  header,
  target,
  required,
  ...(aliases ? { aliases } : {}),
});

const risk = (kind: RiskKind, columns: ListColumn[], headers?: { code: string; name: string }): DataList => ({
  key: kind,
  label: RISK_LABELS[kind],
  group: 'risk',
  columns: [code(headers?.code), named(headers?.name), ...columns],
});

export const DATA_LISTS: readonly DataList[] = [
  {
    key: 'companies',
    label: '企业登记信息',
    group: 'registry',
    columns: [
      code(),
      named(),
      col('法定代表人', 'legalRep', false, ['法定代表人/负责人', '负责人']),
      col('注册资本（万元）', 'capitalWan', false, ['注册资本', '注册资本(万元)']),
      col('成立日期', 'establishedOn', false, ['成立时间']),
      col('登记状态', 'statusText', true, ['经营状态', '企业状态']),
      col('企业类型', 'companyType'),
      col('住所', 'address', false, ['注册地址', '地址']),
      col('经营范围', 'scope'),
      col('行业代码', 'industryCode', false, ['国民经济行业代码']),
      col('行业', 'industryName', false, ['所属行业', '行业名称']),
      col('行政区划代码', 'regionCode', false, ['登记机关区划代码']),
      col('纳税人资格', 'taxpayerType', false, ['纳税人类型']),
    ],
  },
  {
    key: 'shareholders',
    label: '股东信息',
    group: 'relation',
    columns: [
      code(),
      col('股东名称', 'name', true, ['股东', '发起人']),
      col('股东类型', 'role'),
      col('股东证照号码', 'otherCode', false, ['股东统一社会信用代码']),
      col('认缴出资额（万元）', 'amountWan', false, ['认缴出资额', '认缴出资额(万元)']),
      col('持股比例', 'ratioPercent', false, ['持股比例（%）', '出资比例']),
    ],
  },
  {
    key: 'executives',
    label: '主要人员',
    group: 'relation',
    columns: [code(), col('姓名', 'name', true), col('职务', 'role', true)],
  },
  {
    key: 'investments',
    label: '对外投资',
    group: 'relation',
    columns: [
      code(),
      col('被投资企业名称', 'name', true),
      col('被投资企业统一社会信用代码', 'otherCode'),
      col('投资比例', 'ratioPercent', false, ['投资比例（%）', '持股比例']),
      col('投资数额（万元）', 'amountWan', false, ['认缴出资额（万元）', '投资数额']),
      col('成立日期', 'happenedOn'),
    ],
  },
  {
    key: 'branches',
    label: '分支机构',
    group: 'relation',
    columns: [
      code(),
      col('分支机构名称', 'name', true),
      col('分支机构统一社会信用代码', 'otherCode'),
      col('登记状态', 'role'),
      col('成立日期', 'happenedOn'),
    ],
  },
  {
    key: 'changes',
    label: '变更记录',
    group: 'relation',
    columns: [
      code(),
      col('变更事项', 'name', true),
      col('变更日期', 'happenedOn', true),
      col('变更前内容', 'beforeText', false, ['变更前']),
      col('变更后内容', 'afterText', false, ['变更后']),
    ],
  },
  risk('abnormal_operation', [
    col('列入经营异常名录原因', 'title', true, ['列入原因']),
    col('列入日期', 'decidedOn', true),
    col('作出决定机关', 'authority', false, ['决定机关']),
    col('移出经营异常名录原因', 'detail', false, ['移出原因']),
    col('移出日期', 'removedOn'),
  ]),
  risk('serious_illegal', [
    col('列入严重违法失信名单原因', 'title', true, ['列入原因']),
    col('列入日期', 'decidedOn', true),
    col('作出决定机关', 'authority', false, ['决定机关']),
    col('移出日期', 'removedOn'),
  ]),
  risk('admin_penalty', [
    col('行政处罚决定书文号', 'reference', false, ['决定书文号']),
    col('违法行为类型', 'category'),
    col('行政处罚内容', 'title', true, ['处罚内容']),
    col('罚款金额（元）', 'amountYuan', false, ['罚款金额']),
    col('作出行政处罚决定日期', 'decidedOn', true, ['决定日期', '处罚日期']),
    col('作出行政处罚决定机关', 'authority', false, ['决定机关']),
  ]),
  risk('chattel_mortgage', [
    col('登记编号', 'reference', true),
    col('抵押物概况', 'title', true),
    col('被担保债权数额（元）', 'amountYuan', false, ['被担保债权数额']),
    col('登记日期', 'decidedOn', true),
    col('登记机关', 'authority'),
    col('抵押权人', 'personName'),
    col('状态', 'category'),
  ]),
  risk('equity_pledge', [
    col('登记编号', 'reference', true),
    col('出质人', 'title', true),
    col('质权人', 'personName'),
    col('出质股权数额（万元）', 'amountWan', false, ['出质股权数额']),
    col('登记日期', 'decidedOn', true),
    col('状态', 'category'),
  ]),
  risk('liquidation', [
    col('清算组负责人', 'personName', true),
    col('清算组成员', 'title', true),
    col('清算开始日期', 'decidedOn'),
  ]),
  risk('tax_arrears', [
    col('欠税税种', 'title', true),
    col('欠税余额（元）', 'amountYuan', true, ['欠税余额', '欠税金额']),
    col('当期新发生欠税余额（元）', 'detail', false, ['当期新发生欠税余额']),
    col('法定代表人或负责人', 'personName', false, ['法定代表人']),
    col('主管税务机关', 'authority'),
    col('公告日期', 'decidedOn', true, ['发布日期']),
  ]),
  risk('abnormal_taxpayer', [
    col('认定日期', 'decidedOn', true, ['认定非正常户日期']),
    col('法定代表人或负责人', 'personName', false, ['法定代表人']),
    col('主管税务机关', 'authority'),
    col('认定原因', 'title', false),
    col('解除日期', 'removedOn'),
  ]),
  // The columns of the 重大税收违法失信主体 publication (domain facts §6.4), as published.
  risk(
    'major_tax_violation',
    [
      col('组织机构代码', 'detail'),
      col('注册地址', 'detail'),
      col('法定代表人或者负责人姓名、性别、证件名称及号码', 'personName', false, ['法定代表人或者负责人']),
      col('负有直接责任的财务负责人姓名、性别、证件名称及号码', 'detail', false, ['负有直接责任的财务负责人']),
      col('负有直接责任的中介机构信息及其从业人员信息', 'detail', false, ['负有直接责任的中介机构信息']),
      col('案件性质', 'category', true),
      col('主要违法事实', 'title', true),
      col('相关法律依据及税务处理处罚情况', 'detail', true),
      col('案件上报期', 'detail'),
      col('所属税务机关', 'authority', false, ['检查机关', '所属税务机关/检查机关']),
      col('公布日期', 'decidedOn', true, ['发布日期']),
    ],
    { code: '纳税人识别号', name: '纳税人名称' },
  ),
  risk('dishonest_debtor', [
    col('案号', 'reference', true),
    col('失信被执行人行为具体情形', 'title', true),
    col('执行法院', 'authority', true),
    col('生效法律文书确定的义务', 'detail'),
    col('被执行人的履行情况', 'category', false, ['履行情况']),
    col('法定代表人或者负责人姓名', 'personName', false, ['法定代表人']),
    col('发布时间', 'decidedOn', true, ['发布日期']),
  ]),
  risk('consumption_restriction', [
    col('案号', 'reference', true),
    col('执行法院', 'authority', true),
    col('限制消费人员', 'personName', false, ['法定代表人']),
    col('发布日期', 'decidedOn', true, ['立案日期']),
  ]),
  risk('terminated_case', [
    col('案号', 'reference', true),
    col('执行法院', 'authority', true),
    col('执行标的（元）', 'amountYuan', false, ['执行标的']),
    col('未履行金额（元）', 'detail', false, ['未履行金额']),
    col('立案日期', 'detail'),
    col('终本日期', 'decidedOn', true),
  ]),
  risk('executed_person', [
    col('案号', 'reference', true),
    col('执行法院', 'authority', true),
    col('执行标的（元）', 'amountYuan', true, ['执行标的']),
    col('立案日期', 'decidedOn', true),
  ]),
  risk('judgment_document', [
    col('案号', 'reference', true),
    col('文书标题', 'title', true, ['标题']),
    col('案由', 'category'),
    col('审理法院', 'authority', false, ['法院']),
    col('当事人身份', 'detail', false, ['身份']),
    col('裁判日期', 'decidedOn', true),
  ]),
  risk('court_session', [
    col('案号', 'reference', true),
    col('案由', 'title', true),
    col('法院', 'authority', false, ['审理法院']),
    col('当事人', 'detail'),
    col('开庭日期', 'decidedOn', true),
  ]),
  risk('court_notice', [
    col('公告类型', 'category', true),
    col('公告内容', 'title', true),
    col('公告法院', 'authority', false, ['法院']),
    col('刊登日期', 'decidedOn', true, ['公告日期']),
  ]),
  risk('judicial_freeze', [
    col('执行通知书文号', 'reference', true),
    col('执行法院', 'authority', true),
    col('被执行人', 'personName'),
    col('冻结股权数额（万元）', 'amountWan', false, ['股权数额']),
    col('冻结期限自', 'decidedOn', true),
    col('冻结期限至', 'removedOn'),
    col('状态', 'category'),
  ]),
  {
    key: 'credit_ratings',
    label: '纳税信用A级纳税人名单',
    group: 'credit',
    columns: [
      code('纳税人识别号'),
      named('纳税人名称'),
      col('评价年度', 'year', true, ['年度']),
      col('纳税信用级别', 'level', false, ['信用级别', '级别']),
    ],
  },
];

export function dataListByKey(key: string): DataList | undefined {
  return DATA_LISTS.find((list) => list.key === key);
}

/** What each 纳税信用 level means (domain facts §5.1), shown beside every rating. */
export const CREDIT_LEVEL_MEANINGS: Readonly<Record<'A' | 'B' | 'M' | 'C' | 'D', string>> = {
  A: '年度评价指标得分90分以上',
  B: '年度评价指标得分70分以上不满90分',
  M: '新设立的经营主体，或评价年度内无生产经营业务收入且得分70分以上',
  C: '年度评价指标得分40分以上不满70分',
  D: '年度评价指标得分不满40分，或有直接判为D级的情形',
};

export interface RiskRecord extends Provenance {
  id: string;
  kind: RiskKind;
  creditCode: string;
  name: string;
  reference: string | null;
  title: string;
  category: string | null;
  decidedOn: string | null;
  removedOn: string | null;
  amountFen: number | null;
  authority: string | null;
  personName: string | null;
  /** The published fields of the record, by their published column name. */
  details: Record<string, string>;
}
