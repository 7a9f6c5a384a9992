import type { DisabilityLevyInput } from '@taxlens/shared';
import { fetchBlob, saveBlob } from '../../lib/download';
import { http } from '../../lib/http';

/** Calls of the policy tools (server: modules/policy). */

export interface ProportionRow {
  regionCode: string;
  regionName: string;
  ratioBp: number;
  basis: string;
}

export interface LevyLine {
  label: string;
  working: string;
  value: string;
}

export interface LevyResult {
  proportion: ProportionRow;
  exempt: boolean;
  shortfall: string;
  grossFen: number;
  reductionFen: number;
  dueFen: number;
  payablePercent: number;
  lines: LevyLine[];
  basis: string[];
}

export interface Division {
  xzqhszDm: string;
  xzqhmc: string;
}

export const policyApi = {
  proportions: (signal?: AbortSignal) => http.get<ProportionRow[]>('/DisabilityProportion/findList', { signal }),
  provinces: (signal?: AbortSignal) => http.get<Division[]>('/CsbDmGyXzqh/findList', { signal }),
  cities: (provinceCode: string, signal?: AbortSignal) =>
    http.get<Division[]>('/CsbDmGyXzqh/findList', { params: { sjxzqhszDm: provinceCode }, signal }),
  calculate: (input: DisabilityLevyInput) => http.post<LevyResult>('/DisabilityProportion/calculate', input),
  exportLevy: async (input: DisabilityLevyInput) => {
    const { blob, fileName } = await fetchBlob('/DisabilityProportion/export', undefined, { body: input });
    saveBlob(blob, fileName ?? '残保金计算过程.xlsx');
  },
};
