import { describe, expect, it } from 'vitest';
import { defineRule, EVIDENCE_CAP, evidenceOf, levelBy } from './define-rule.js';
import { percent, yuanText } from './display.js';
import type { RuleDefinition } from './rule.types.js';
import { describeRules, mergeThresholdOverrides, resolveThresholds, runRules } from './rule-runner.js';

interface Numbers {
  values: number[];
}

/** A toy rule: share of values at or above `cutoff`; high at `highShare`. */
const shareRule = defineRule({
  id: 'TEST_SHARE',
  title: '测试占比',
  category: '测试',
  reportTypes: ['TAX'],
  dataNeeded: ['数值'],
  basis: '测试依据',
  explanation: '测试说明',
  suggestion: '测试建议',
  thresholds: { cutoff: 10, highShare: 0.5 },
  describeThreshold: (t) => `≥${t.cutoff}的占比≥${t.highShare}`,
  check(input: Numbers, t) {
    if (input.values.length === 0) return { level: 'insufficient', missingData: ['数值'] };
    const hits = input.values.filter((value) => value >= t.cutoff);
    const ratio = hits.length / input.values.length;
    return {
      level: levelBy({ high: ratio >= t.highShare, low: hits.length > 0 }),
      summary: `${hits.length}/${input.values.length}`,
      figures: [{ label: '占比', value: percent(ratio), unit: '%' }],
      evidence: evidenceOf(hits.map(String)),
    };
  },
});

const throwingRule: RuleDefinition<Numbers> = {
  ...shareRule,
  id: 'TEST_THROWS',
  evaluate() {
    throw new Error('boom');
  },
};

describe('defineRule', () => {
  it('fills the rule texts and grades the outcome: 2 of 4 values ≥ 10 → 50% → high', () => {
    const finding = shareRule.evaluate({ values: [1, 10, 12, 3] }, shareRule.thresholds);
    expect(finding).toMatchObject({
      ruleId: 'TEST_SHARE',
      title: '测试占比',
      category: '测试',
      level: 'high',
      threshold: '≥10的占比≥0.5',
      basis: '测试依据',
      suggestion: '测试建议',
      figures: [{ label: '占比', value: 50, unit: '%' }],
      evidence: { invoiceKeys: ['10', '12'], total: 2 },
    });
  });

  it('says 数据不足 with what is missing instead of passing', () => {
    const finding = shareRule.evaluate({ values: [] }, shareRule.thresholds);
    expect(finding.level).toBe('insufficient');
    expect(finding.summary).toBe('数据不足，未检测：缺少数值。');
    expect(finding.missingData).toEqual(['数值']);
    expect(finding.evidence).toBeNull();
  });

  it('gives a neutral suggestion when nothing is found', () => {
    const finding = shareRule.evaluate({ values: [1, 2] }, shareRule.thresholds);
    expect(finding.level).toBe('none');
    expect(finding.suggestion).not.toBe('测试建议');
  });
});

describe('evidenceOf', () => {
  it('drops duplicates, caps the list and keeps the full count', () => {
    const keys = Array.from({ length: EVIDENCE_CAP + 50 }, (_, index) => `K${index}`);
    const evidence = evidenceOf([...keys, 'K0']);
    expect(evidence?.invoiceKeys).toHaveLength(EVIDENCE_CAP);
    expect(evidence?.total).toBe(EVIDENCE_CAP + 50);
    expect(evidenceOf([])).toBeNull();
  });
});

describe('thresholds', () => {
  it('merges overrides over the defaults by rule id', () => {
    expect(resolveThresholds(shareRule, { TEST_SHARE: { highShare: 0.75 } })).toEqual({ cutoff: 10, highShare: 0.75 });
    expect(resolveThresholds(shareRule, { OTHER: { highShare: 0.75 } })).toBe(shareRule.thresholds);
  });

  it('layers industry, region and firm overrides, later layers winning per key', () => {
    const merged = mergeThresholdOverrides({ TEST_SHARE: { cutoff: 5, highShare: 0.6 } }, undefined, {
      TEST_SHARE: { highShare: 0.7 },
    });
    expect(merged).toEqual({ TEST_SHARE: { cutoff: 5, highShare: 0.7 } });
  });

  it('changes the level when overridden: 2 of 4 = 50% is not high at 75%', () => {
    const { findings } = runRules([shareRule], { values: [1, 10, 12, 3] }, { TEST_SHARE: { highShare: 0.75 } });
    expect(findings[0]?.level).toBe('low');
  });

  it('turns an unknown key or a wrong type into an insufficient finding', () => {
    const unknown = runRules([shareRule], { values: [1] }, { TEST_SHARE: { nope: 1 } });
    expect(unknown.findings[0]?.level).toBe('insufficient');
    expect(unknown.findings[0]?.summary).toContain('阈值配置无效');
    const wrongType = runRules([shareRule], { values: [1] }, { TEST_SHARE: { cutoff: '10' } });
    expect(wrongType.findings[0]?.missingData?.[0]).toContain('应为number');
    const notFinite = runRules([shareRule], { values: [1] }, { TEST_SHARE: { cutoff: Number.NaN } });
    expect(notFinite.findings[0]?.level).toBe('insufficient');
  });
});

describe('runRules', () => {
  it('keeps going when a rule throws, noting the error, and counts levels', () => {
    const result = runRules<Numbers>([shareRule, throwingRule, shareRule], { values: [10, 20] });
    expect(result.findings.map((finding) => finding.level)).toEqual(['high', 'insufficient', 'high']);
    expect(result.findings[1]?.ruleId).toBe('TEST_THROWS');
    expect(result.findings[1]?.summary).toContain('规则执行出错（boom）');
    expect(result.counts).toEqual({ high: 2, medium: 0, low: 0, none: 0, insufficient: 1 });
  });

  it('describes rules for the catalogue', () => {
    expect(describeRules([shareRule])).toEqual([
      {
        id: 'TEST_SHARE',
        title: '测试占比',
        category: '测试',
        reportTypes: ['TAX'],
        dataNeeded: ['数值'],
        basis: '测试依据',
        thresholds: { cutoff: 10, highShare: 0.5 },
      },
    ]);
  });
});

describe('display', () => {
  it('formats fen as yuan and ratios as percentages without -0', () => {
    expect(yuanText(12_345_678)).toBe('123,456.78元');
    expect(yuanText(-5)).toBe('-0.05元');
    expect(percent(0.30004)).toBe(30);
    expect(Object.is(percent(-0), 0)).toBe(true);
  });
});
