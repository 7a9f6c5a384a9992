import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RiskRecord } from '../provider.types.js';
import { riskFindings } from './company-findings.js';

const removedToday: RiskRecord = {
  id: '1',
  kind: 'abnormal_operation',
  creditCode: '91440305MA5TL00030',
  name: '示例科技有限公司',
  reference: null,
  title: '列入经营异常名录',
  category: null,
  decidedOn: '2025-06-01',
  removedOn: '2026-03-02',
  amountFen: null,
  authority: '深圳市市场监督管理局',
  personName: null,
  details: {},
  source: '示例数据',
  asOf: '2026-03-02',
};

afterEach(() => vi.useRealTimers());

describe('company risk findings', () => {
  it('counts a record removed today (Beijing date) as removed, also before 08:00 Beijing time', () => {
    // 2026-03-01 20:00 UTC is 2026-03-02 04:00 in Beijing: the removal date has come.
    vi.useFakeTimers({ now: new Date('2026-03-01T20:00:00Z'), toFake: ['Date'] });
    const finding = riskFindings([removedToday]).find((item) => item.ruleId === 'CD_ABNORMAL_OPERATION');
    expect(finding?.level).toBe('low');
    // The day before (Beijing), the record is still live.
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const earlier = riskFindings([removedToday]).find((item) => item.ruleId === 'CD_ABNORMAL_OPERATION');
    expect(earlier?.level).not.toBe('low');
  });
});
