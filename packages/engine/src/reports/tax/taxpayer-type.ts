import type { TaxpayerType } from '@taxlens/shared';
import type { TaxReportInput } from './tax-report.types.js';

/**
 * The company's taxpayer type, else the one the stored VAT returns state (their layout is
 * 一般纳税人 or 小规模纳税人 form): those of the report's years first, then any; conflicting
 * returns leave it unknown.
 */
export function taxpayerTypeOf(input: TaxReportInput): {
  taxpayerType: TaxpayerType | null;
  taxpayerTypeSource: 'company' | 'vat_return' | null;
} {
  if (input.company.taxpayerType) return { taxpayerType: input.company.taxpayerType, taxpayerTypeSource: 'company' };
  const stated = input.figureSets.filter(
    (set) => set.statement === 'vat_return' && (set.layout === 'general' || set.layout === 'small_scale'),
  );
  const firstYear = input.period.start.slice(0, 4);
  const lastYear = input.period.end.slice(0, 4);
  const inPeriod = stated.filter((set) => set.period.slice(0, 4) >= firstYear && set.period.slice(0, 4) <= lastYear);
  const types = new Set((inPeriod.length > 0 ? inPeriod : stated).map((set) => set.layout as TaxpayerType));
  const [only] = types;
  return types.size === 1 && only ? { taxpayerType: only, taxpayerTypeSource: 'vat_return' } : UNKNOWN_TYPE;
}

const UNKNOWN_TYPE = { taxpayerType: null, taxpayerTypeSource: null } as const;
