/**
 * Which VAT rates fit a 税收分类编码, by its leading digits (1 货物, 2 劳务, 3 服务 with 301–307
 * its sections, 4 无形资产, 5 不动产, 6 未发生销售行为的不征税项目). Rates from 财税〔2016〕36号 as
 * amended by 财政部 税务总局 海关总署公告2019年第39号 (13 / 9 / 6 %). Small-scale 征收率 (1, 1.5, 3,
 * 5 %), zero-rated and exempt lines fit any code. The table is coarse on purpose: a code whose
 * section allows several rates (e.g. 304 现代服务 with 有形动产租赁 at 13 %) accepts all of them.
 */

const LEVY_RATES = new Set([0, 100, 150, 300, 500]);

const SECTIONS: { prefix: string; name: string; rates: number[] }[] = [
  { prefix: '6', name: '未发生销售行为的不征税项目', rates: [0] },
  { prefix: '5', name: '销售不动产', rates: [900] },
  { prefix: '4', name: '销售无形资产', rates: [600, 900] },
  { prefix: '307', name: '生活服务', rates: [600] },
  { prefix: '306', name: '金融服务', rates: [600] },
  { prefix: '305', name: '建筑服务', rates: [900] },
  { prefix: '304', name: '现代服务', rates: [600, 900, 1300] },
  { prefix: '303', name: '电信服务', rates: [600, 900] },
  { prefix: '302', name: '邮政服务', rates: [900] },
  { prefix: '301', name: '交通运输服务', rates: [900] },
  { prefix: '2', name: '加工修理修配劳务', rates: [1300] },
  { prefix: '1', name: '货物', rates: [900, 1300] },
];

export interface RateFit {
  section: string | null;
  fits: boolean | null;
  expected: number[];
}

/** Whether a rate (basis points; null = 免税/不征税 text) fits a code; fits null when the code is unknown. */
export function rateFitsCode(taxCode: string, rateBp: number | null): RateFit {
  const section = SECTIONS.find((entry) => taxCode.startsWith(entry.prefix));
  if (!/^\d{19}$/.test(taxCode) || !section) return { section: null, fits: null, expected: [] };
  if (rateBp === null || LEVY_RATES.has(rateBp)) return { section: section.name, fits: true, expected: section.rates };
  return { section: section.name, fits: section.rates.includes(rateBp), expected: section.rates };
}
