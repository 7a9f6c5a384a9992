/**
 * Province-level divisions of GB/T 2260 and the five 计划单列市, which have their own tax
 * bureaus; together they are the 36 tax-bureau regions a company is registered under.
 */
export const REGIONS = [
  { code: '110000', name: '北京市' },
  { code: '120000', name: '天津市' },
  { code: '130000', name: '河北省' },
  { code: '140000', name: '山西省' },
  { code: '150000', name: '内蒙古自治区' },
  { code: '210000', name: '辽宁省' },
  { code: '210200', name: '大连市' },
  { code: '220000', name: '吉林省' },
  { code: '230000', name: '黑龙江省' },
  { code: '310000', name: '上海市' },
  { code: '320000', name: '江苏省' },
  { code: '330000', name: '浙江省' },
  { code: '330200', name: '宁波市' },
  { code: '340000', name: '安徽省' },
  { code: '350000', name: '福建省' },
  { code: '350200', name: '厦门市' },
  { code: '360000', name: '江西省' },
  { code: '370000', name: '山东省' },
  { code: '370200', name: '青岛市' },
  { code: '410000', name: '河南省' },
  { code: '420000', name: '湖北省' },
  { code: '430000', name: '湖南省' },
  { code: '440000', name: '广东省' },
  { code: '440300', name: '深圳市' },
  { code: '450000', name: '广西壮族自治区' },
  { code: '460000', name: '海南省' },
  { code: '500000', name: '重庆市' },
  { code: '510000', name: '四川省' },
  { code: '520000', name: '贵州省' },
  { code: '530000', name: '云南省' },
  { code: '540000', name: '西藏自治区' },
  { code: '610000', name: '陕西省' },
  { code: '620000', name: '甘肃省' },
  { code: '630000', name: '青海省' },
  { code: '640000', name: '宁夏回族自治区' },
  { code: '650000', name: '新疆维吾尔自治区' },
] as const;

const PROVINCE_PREFIXES = new Set(REGIONS.map((region) => region.code.slice(0, 2)));

/** A 6-digit code whose first two digits name a province-level division. */
export function isRegionCode(code: string): boolean {
  return /^\d{6}$/.test(code) && PROVINCE_PREFIXES.has(code.slice(0, 2));
}

/** The tax-bureau region of a division code: the 计划单列市 itself, else its province. */
export function regionName(code: string | null | undefined): string {
  if (!code) return '-';
  const exact = REGIONS.find((region) => region.code === code);
  if (exact) return exact.name;
  const city = REGIONS.find((region) => region.code === `${code.slice(0, 4)}00` && !region.code.endsWith('0000'));
  if (city) return city.name;
  return REGIONS.find((region) => region.code === `${code.slice(0, 2)}0000`)?.name ?? code;
}

/** The province of a unified social credit code: its characters 3–8 are the GB/T 2260 region. */
export function provinceOfCreditCode(creditCode: string | null | undefined): string | null {
  const region = creditCode?.slice(2, 8) ?? '';
  if (!isRegionCode(region)) return null;
  return REGIONS.find((entry) => entry.code === `${region.slice(0, 2)}0000`)?.name ?? null;
}
