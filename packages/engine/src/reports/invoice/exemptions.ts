import type { TaxpayerType } from '@taxlens/shared';

/**
 * The VAT exemption that usually explains exempt sales in an industry, with its official citation.
 * A report names it, so the reader checks its conditions instead of reading "exempt" as a risk.
 */
export interface Exemption {
  name: string;
  citation: string;
}

const BY_INDUSTRY: readonly { pattern: RegExp; exemption: Exemption }[] = [
  {
    pattern: /医疗|医院|诊所|卫生院|门诊|Q84/,
    exemption: { name: '医疗机构提供的医疗服务', citation: '财税〔2016〕36号附件3第一条第（七）项' },
  },
  {
    pattern: /养老/,
    exemption: { name: '养老机构提供的养老服务', citation: '财税〔2016〕36号附件3第一条第（二）项' },
  },
  {
    pattern: /托儿|幼儿园/,
    exemption: { name: '托儿所、幼儿园提供的保育和教育服务', citation: '财税〔2016〕36号附件3第一条第（一）项' },
  },
  {
    pattern: /学校|学历教育/,
    exemption: { name: '从事学历教育的学校提供的教育服务', citation: '财税〔2016〕36号附件3第一条第（八）项' },
  },
  {
    pattern: /殡葬/,
    exemption: { name: '殡葬服务', citation: '财税〔2016〕36号附件3第一条第（五）项' },
  },
  {
    pattern: /农业|林业|畜牧|渔业|种植|养殖|^A\d*$/,
    exemption: { name: '农业生产者销售的自产农产品', citation: '《增值税暂行条例》第十五条第一款第（一）项' },
  },
  {
    pattern: /技术服务|软件|信息技术|研发|科技|I6[45]|M7[35]/,
    exemption: {
      name: '技术转让、技术开发和与之相关的技术咨询、技术服务（须经技术合同登记）',
      citation: '财税〔2016〕36号附件3第一条第（二十六）项',
    },
  },
];

const SMALL_SCALE: Exemption = {
  name: '小规模纳税人月销售额10万元（按季30万元）以下免征增值税',
  citation: '财政部 税务总局公告2023年第19号',
};

/** The exemption fitting the company, or null when its industry suggests none. */
export function exemptionFor(
  industry: string | undefined,
  taxpayerType: TaxpayerType | null | undefined,
): Exemption | null {
  const text = industry?.trim() ?? '';
  const own = BY_INDUSTRY.find((entry) => entry.pattern.test(text))?.exemption;
  return own ?? (taxpayerType === 'small_scale' ? SMALL_SCALE : null);
}
