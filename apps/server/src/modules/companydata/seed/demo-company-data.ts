/**
 * 示例数据: a clearly fictitious company dataset, generated deterministically, in the documented
 * file schemas (so the seed goes through the same import as an operator's file). It covers the demo
 * groups, their client company 示例科技有限公司 and its invoice counterparties, plus a few hundred
 * other 示例 companies so every query and report has something to show.
 */
import { fixtureCounterparties, SeededRandom, usccFor } from '@taxlens/engine/fixtures';
import { DATA_LISTS, RISK_KINDS, type RiskKind } from '@taxlens/shared';

export const DEMO_DATA_SOURCE = '示例数据（虚构，仅供演示）';
export const DEMO_DATA_AS_OF = '2025-10-31';
/** The demo client company (apps/server/src/seed/demo-data.seed.ts) and its invoice fixture's seed. */
export const DEMO_CLIENT = { name: '示例科技有限公司', code: '91440305MA5TL00030', invoiceSeed: 2025 } as const;
const GROUP_COMPANIES = [
  { name: '示例财税咨询有限公司', code: '91110108MA01TL001R', division: '110108' },
  { name: '演示会计师事务所', code: '91310115MA1TL00026', division: '310115' },
];

const CITIES = [
  { division: '110105', city: '北京', district: '朝阳区' },
  { division: '310115', city: '上海', district: '浦东新区' },
  { division: '440305', city: '深圳', district: '南山区' },
  { division: '440106', city: '广州', district: '天河区' },
  { division: '330106', city: '杭州', district: '西湖区' },
  { division: '320106', city: '南京', district: '鼓楼区' },
  { division: '510107', city: '成都', district: '武侯区' },
  { division: '420106', city: '武汉', district: '武昌区' },
  { division: '370202', city: '青岛', district: '市南区' },
] as const;
const WORDS = [
  '星河',
  '远航',
  '青禾',
  '晨光',
  '恒信',
  '瑞丰',
  '云帆',
  '嘉禾',
  '明德',
  '安泰',
  '博远',
  '华章',
  '鼎盛',
  '新程',
  '启明',
  '和悦',
];
const TRADES = [
  { word: '科技', code: 'I', industry: '软件和信息技术服务业', scope: '技术开发、技术咨询、技术服务；软件开发' },
  { word: '商贸', code: 'F', industry: '批发业', scope: '日用百货、五金交电、电子产品的销售' },
  { word: '物流', code: 'G', industry: '道路运输业', scope: '普通货运；仓储服务（不含危险化学品）' },
  { word: '建材', code: 'F', industry: '批发业', scope: '建筑材料、装饰材料的销售' },
  { word: '餐饮管理', code: 'H', industry: '餐饮业', scope: '餐饮管理；餐饮服务' },
  { word: '咨询', code: 'L', industry: '商务服务业', scope: '企业管理咨询；财务咨询' },
  { word: '制造', code: 'C', industry: '通用设备制造业', scope: '机械设备的制造、加工与销售' },
  { word: '电子', code: 'C', industry: '计算机、通信和其他电子设备制造业', scope: '电子元器件的研发、生产与销售' },
] as const;
const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '晓东',
  '海燕',
  '志强',
  '建华',
];
const CASE_NATURES = ['偷税', '虚开增值税专用发票', '虚开普通发票', '骗取出口退税', '逃避追缴欠税'];

interface DemoCompany {
  code: string;
  name: string;
  division: string;
  trade: (typeof TRADES)[number];
  status: string;
}

type Rows = Record<string, string[][]>;

/** The whole demo dataset: per list key, rows under the list's documented headers. */
export function demoCompanyDataset(): Rows {
  const random = new SeededRandom(20_251_031);
  const person = () => `${SURNAMES[random.int(0, SURNAMES.length - 1)]}${random.pick(GIVEN)}`;
  const date = (from: number, to: number) =>
    `${random.int(from, to)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
  const companies: DemoCompany[] = [];
  const names = new Set<string>();
  const add = (
    code: string,
    name: string,
    division: string,
    tradeIndex: number,
    status = '存续（在营、开业、在册）',
  ) => {
    names.add(name);
    companies.push({ code, name, division, trade: TRADES[tradeIndex % TRADES.length] ?? TRADES[0], status });
  };
  add(DEMO_CLIENT.code, DEMO_CLIENT.name, '440305', 0);
  for (const group of GROUP_COMPANIES) add(group.code, group.name, group.division, 5);
  const counterparties = fixtureCounterparties(DEMO_CLIENT.invoiceSeed);
  for (const [index, party] of counterparties.entries()) {
    add(party.taxNo, party.name, party.division, index, index === 8 ? '注销' : undefined);
  }
  while (companies.length < 320) {
    const place = random.pick(CITIES);
    const tradeIndex = random.int(0, TRADES.length - 1);
    const name = `示例${place.city}${random.pick(WORDS)}${TRADES[tradeIndex]?.word}有限公司`;
    if (names.has(name)) continue;
    const roll = random.next();
    add(
      usccFor(random, place.division),
      name,
      place.division,
      tradeIndex,
      roll < 0.04 ? '注销' : roll < 0.06 ? '吊销，未注销' : undefined,
    );
  }

  const rows: Rows = Object.fromEntries(
    DATA_LISTS.map((list) => [list.key, [list.columns.map((column) => column.header)]]),
  );
  const push = (key: string, row: string[]) => rows[key]?.push(row);
  const cityOf = (division: string) => CITIES.find((item) => item.division === division) ?? CITIES[0];
  for (const company of companies) {
    const place = cityOf(company.division);
    push('companies', [
      company.code,
      company.name,
      person(),
      String(random.pick([100, 200, 300, 500, 1000, 2000, 5000])),
      date(2005, 2022),
      company.status,
      '有限责任公司（自然人投资或控股）',
      `${place.city}市${place.district}示例路${random.int(1, 300)}号`,
      `${company.trade.scope}。（依法须经批准的项目，经相关部门批准后方可开展经营活动）`,
      company.trade.code,
      company.trade.industry,
      company.division,
      random.chance(0.7) ? '一般纳税人' : '小规模纳税人',
    ]);
  }
  // Registry relations for the first companies (the demo client, the groups, the counterparties…).
  companies.slice(0, 90).forEach((company, index) => {
    const first = random.int(40, 80);
    push('shareholders', [company.code, person(), '自然人股东', '', String(first * 5), `${first}%`]);
    push('shareholders', [company.code, person(), '自然人股东', '', String((100 - first) * 5), `${100 - first}%`]);
    push('executives', [company.code, person(), '执行董事兼总经理']);
    push('executives', [company.code, person(), '监事']);
    push('executives', [company.code, person(), '财务负责人']);
    push('changes', [
      company.code,
      '住所变更',
      date(2019, 2025),
      `${cityOf(company.division).city}市示例大道1号`,
      '见现登记住所',
    ]);
    if (index % 3 === 0)
      push('changes', [company.code, '注册资本变更', date(2018, 2024), '100万元人民币', '见现登记注册资本']);
    const other = companies[(index * 7 + 40) % companies.length];
    if (index % 2 === 0 && other && other.code !== company.code) {
      push('investments', [
        company.code,
        other.name,
        other.code,
        `${random.int(5, 60)}%`,
        String(random.int(10, 300)),
        date(2015, 2024),
      ]);
    }
    if (index % 4 === 0)
      push('branches', [
        company.code,
        `${company.name.replace(/有限公司$/, '')}第一分公司`,
        '',
        '存续',
        date(2016, 2024),
      ]);
  });

  const risky = (kind: RiskKind, company: DemoCompany, published: string) => {
    const decided = published;
    const court = `${cityOf(company.division).city}市${cityOf(company.division).district}人民法院`;
    const tax = `国家税务总局${cityOf(company.division).city}市${cityOf(company.division).district}税务局`;
    const market = `${cityOf(company.division).city}市${cityOf(company.division).district}市场监督管理局`;
    const caseNo = `（${decided.slice(0, 4)}）示${random.int(1000, 9999)}执${random.int(100, 9999)}号`;
    const amount = String(random.int(5, 900) * 1000);
    const byKind: Record<RiskKind, string[]> = {
      abnormal_operation: ['通过登记的住所或者经营场所无法联系的', decided, market, '', ''],
      serious_illegal: ['被列入经营异常名录届满3年仍未履行相关义务的', decided, market, ''],
      admin_penalty: [
        `示市监罚〔${decided.slice(0, 4)}〕${random.int(10, 99)}号`,
        '虚假宣传',
        '警告并处罚款',
        amount,
        decided,
        market,
      ],
      chattel_mortgage: [
        `示抵${random.int(100000, 999999)}`,
        '生产设备一批',
        amount,
        decided,
        market,
        '示例银行股份有限公司',
        '有效',
      ],
      equity_pledge: [
        `示质${random.int(100000, 999999)}`,
        person(),
        '示例银行股份有限公司',
        String(random.int(10, 300)),
        decided,
        '有效',
      ],
      liquidation: [person(), `${person()}、${person()}`, decided],
      tax_arrears: ['增值税', amount, '0', person(), tax, decided],
      abnormal_taxpayer: [decided, person(), tax, '未按规定期限申报纳税，经实地核查查无下落', ''],
      major_tax_violation: [
        company.code.slice(8, 17),
        `${cityOf(company.division).city}市示例路${random.int(1, 300)}号`,
        `${person()}，男，居民身份证，${company.division}1980****${random.int(1000, 9999)}`,
        `${person()}，女，居民身份证，${company.division}1985****${random.int(1000, 9999)}`,
        '',
        random.pick(CASE_NATURES),
        `经国家税务总局${cityOf(company.division).city}市税务局稽查局检查，发现其在${Number(decided.slice(0, 4)) - 1}年通过虚构业务等手段少缴税款${amount}元。`,
        `依照《中华人民共和国税收征收管理法》第六十三条的规定，对其处以少缴税款一倍的罚款。`,
        `${decided.slice(0, 4)}年第${random.int(1, 4)}季度`,
        `国家税务总局${cityOf(company.division).city}市税务局稽查局`,
        decided,
      ],
      dishonest_debtor: [
        caseNo,
        '有履行能力而拒不履行生效法律文书确定义务',
        court,
        `支付货款${amount}元`,
        '全部未履行',
        person(),
        decided,
      ],
      consumption_restriction: [caseNo, court, person(), decided],
      terminated_case: [caseNo, court, amount, amount, date(2021, 2023), decided],
      executed_person: [caseNo, court, amount, decided],
      judgment_document: [
        caseNo.replace('执', '民初'),
        `${company.name}与示例供应商买卖合同纠纷一审民事判决书`,
        '买卖合同纠纷',
        court,
        '被告',
        decided,
      ],
      court_session: [
        caseNo.replace('执', '民初'),
        '买卖合同纠纷',
        court,
        `原告：示例供应商有限公司；被告：${company.name}`,
        decided,
      ],
      court_notice: [
        '起诉状副本及开庭传票',
        `${company.name}：本院受理原告示例供应商有限公司诉你方买卖合同纠纷一案，现依法向你方公告送达起诉状副本及开庭传票。`,
        court,
        decided,
      ],
      judicial_freeze: [
        `（${decided.slice(0, 4)}）示执${random.int(100, 999)}号`,
        court,
        company.name,
        String(random.int(10, 300)),
        decided,
        date(2026, 2028),
        '冻结',
      ],
    };
    push(kind, [company.code, company.name, ...byKind[kind]]);
  };
  const cp = (index: number) => companies[3 + index] as DemoCompany;
  // The demo client's counterparties that make its invoice report and the invoice-violation query speak.
  risky('abnormal_taxpayer', cp(2), '2025-06-16');
  risky('abnormal_operation', cp(2), '2025-07-02');
  risky('major_tax_violation', cp(5), '2025-03-20');
  risky('abnormal_operation', cp(11), '2024-11-05');
  risky('dishonest_debtor', cp(14), '2025-05-09');
  risky('court_session', companies[0] as DemoCompany, '2025-09-12');
  risky('admin_penalty', companies[0] as DemoCompany, '2023-04-18');
  const others = companies.slice(3 + counterparties.length);
  for (const kind of RISK_KINDS) {
    const count = kind === 'major_tax_violation' ? 40 : 10;
    for (let index = 0; index < count; index += 1) risky(kind, random.pick(others), date(2021, 2025));
  }
  for (const year of [2022, 2023, 2024]) {
    for (const company of companies) {
      if (company.code === cp(5).code) {
        if (year === 2024) push('credit_ratings', [company.code, company.name, String(year), 'D']);
      } else if (company.code === DEMO_CLIENT.code || random.chance(0.35)) {
        push('credit_ratings', [company.code, company.name, String(year), 'A']);
      }
    }
  }
  return rows;
}

/** Rows as UTF-8 csv text (quoted where needed). */
export function csvText(rows: readonly string[][]): string {
  const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
