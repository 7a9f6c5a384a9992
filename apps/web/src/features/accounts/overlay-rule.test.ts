import { describe, expect, it } from 'vitest';
import { needsUsageRight } from './overlay-rule';

describe('no-permission overlay rule (spec §2, §9)', () => {
  it('shows when flowTime is null or above 48 and tokerUser is 0', () => {
    expect(needsUsageRight({ flowTime: null, tokerUser: 0 })).toBe(true);
    expect(needsUsageRight({ flowTime: 48.5, tokerUser: 0 })).toBe(true);
    expect(needsUsageRight({ flowTime: 49, tokerUser: 0 })).toBe(true);
  });

  it('does not show within 48 or for a toker user', () => {
    expect(needsUsageRight({ flowTime: 48, tokerUser: 0 })).toBe(false);
    expect(needsUsageRight({ flowTime: 0, tokerUser: 0 })).toBe(false);
    expect(needsUsageRight({ flowTime: null, tokerUser: 1 })).toBe(false);
    expect(needsUsageRight({ flowTime: 100, tokerUser: 1 })).toBe(false);
  });
});
