/**
 * What a company of an industry normally sells, as prefixes of the 商品和服务税收分类编码 (1 货物,
 * 201 加工, 202 修理修配, 301 交通运输, 303 电信, 304 现代服务 (30401 研发和技术, 30402 信息技术,
 * 30403 文化创意, 30404 物流辅助, 30405 租赁, 30406 鉴证咨询, 30408 商务辅助), 305 建筑, 306 金融,
 * 307 生活服务, 4 无形资产, 5 不动产). Keyed by GB/T 4754 section, found from a section letter at the
 * start of the industry text or from its words. A line outside these prefixes is not wrong by itself;
 * the 主营外开票 rule also accepts anything the company bought.
 */
interface Scope {
  section: string;
  label: string;
  words: RegExp;
  prefixes: readonly string[];
}

const SCOPES: readonly Scope[] = [
  { section: 'A', label: '农、林、牧、渔业', words: /农业|林业|畜牧|渔业|种植|养殖/, prefixes: ['101'] },
  { section: 'B', label: '采矿业', words: /采矿|开采|矿业|选矿/, prefixes: ['102'] },
  { section: 'C', label: '制造业', words: /制造|加工|生产/, prefixes: ['1', '201', '202'] },
  { section: 'D', label: '电力、热力、燃气及水生产和供应业', words: /电力|热力|燃气|供水|自来水/, prefixes: ['1'] },
  { section: 'E', label: '建筑业', words: /建筑|建安|施工|装饰装修|安装/, prefixes: ['305', '1'] },
  { section: 'F', label: '批发和零售业', words: /批发|零售|贸易|商贸|经销|销售/, prefixes: ['1', '30404'] },
  {
    section: 'G',
    label: '交通运输、仓储和邮政业',
    words: /运输|物流|仓储|快递|邮政/,
    prefixes: ['301', '302', '30404'],
  },
  { section: 'H', label: '住宿和餐饮业', words: /住宿|餐饮|酒店|宾馆|饭店/, prefixes: ['307', '1'] },
  {
    section: 'I',
    label: '信息传输、软件和信息技术服务业',
    words: /软件|信息技术|信息传输|互联网|电信/,
    prefixes: ['303', '30401', '30402', '30403'],
  },
  { section: 'J', label: '金融业', words: /金融|银行|保险|证券|担保|租赁融资/, prefixes: ['306'] },
  { section: 'K', label: '房地产业', words: /房地产|物业/, prefixes: ['5', '30405', '30408', '305'] },
  {
    section: 'L',
    label: '租赁和商务服务业',
    words: /租赁|商务服务|咨询|广告|人力资源|会展/,
    prefixes: ['30405', '30406', '30408', '30403'],
  },
  {
    section: 'M',
    label: '科学研究和技术服务业',
    words: /研究|技术服务|设计|检测|科技推广/,
    prefixes: ['30401', '30402', '30406', '4'],
  },
  {
    section: 'N',
    label: '水利、环境和公共设施管理业',
    words: /水利|环境|环保|公共设施|园林/,
    prefixes: ['304', '307', '305'],
  },
  {
    section: 'O',
    label: '居民服务、修理和其他服务业',
    words: /居民服务|修理|维修|美容|洗染/,
    prefixes: ['202', '307'],
  },
  { section: 'P', label: '教育', words: /教育|培训|学校/, prefixes: ['30702'] },
  { section: 'Q', label: '卫生和社会工作', words: /卫生|医疗|医院|诊所|养老/, prefixes: ['30702'] },
  {
    section: 'R',
    label: '文化、体育和娱乐业',
    words: /文化|体育|娱乐|影视|出版/,
    prefixes: ['30701', '30703', '30403', '30407', '1'],
  },
];

/** The section of a company's industry text ('F', 'F51 批发业', '批发业'), or null when unknown. */
export function industryScopeOf(industry: string | undefined | null): Scope | null {
  const text = (industry ?? '').trim();
  if (!text) return null;
  const letter = /^([A-T])(\d{0,4})(\s|$)/.exec(text)?.[1];
  if (letter) return SCOPES.find((scope) => scope.section === letter) ?? null;
  return SCOPES.find((scope) => scope.words.test(text)) ?? null;
}

/** Whether a tax code belongs to what the industry normally sells. */
export function inScope(scope: Scope, taxCode: string | null): boolean {
  const code = taxCode?.trim() ?? '';
  return code !== '' && scope.prefixes.some((prefix) => code.startsWith(prefix));
}
