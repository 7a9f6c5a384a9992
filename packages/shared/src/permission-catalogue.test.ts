import { describe, expect, it } from 'vitest';
import {
  defaultPresetOf,
  PERMISSION_MENU_GROUPS,
  PERMISSION_PRESETS,
  presetDenied,
  presetOf,
} from './permission-catalogue.js';
import { hasPermission, PERMISSION_KEYS } from './permissions.js';

describe('permission catalogue', () => {
  it('puts every key under exactly one menu, each with a line saying what it opens', () => {
    const keys = PERMISSION_MENU_GROUPS.flatMap((group) => group.items.map((item) => item.permission));
    expect([...keys].sort()).toEqual([...PERMISSION_KEYS].sort());
    for (const group of PERMISSION_MENU_GROUPS)
      for (const item of group.items) expect(item.opens.length).toBeGreaterThan(4);
  });

  it('the staff preset allows the reports and the company list only; supervisors more; finance the money pages', () => {
    const staff = { level: 3, notMenus: presetDenied('staff').map((permission) => ({ permission })) };
    expect(PERMISSION_KEYS.filter((key) => hasPermission(staff, key))).toEqual([
      'nsfw',
      'swfxtj',
      'invoiceThrough',
      'qjbg',
      'firmManage',
    ]);
    expect(hasPermission(staff, 'tissueArchitecture')).toBe(false);
    const finance = { level: 3, notMenus: presetDenied('finance').map((permission) => ({ permission })) };
    expect(hasPermission(finance, ['fyzx', 'invoice', 'pay'])).toBe(true);
    expect(hasPermission(finance, 'nsfw')).toBe(false);
    expect(defaultPresetOf(2)).toBe('supervisor');
    expect(defaultPresetOf(3)).toBe('staff');
  });

  it('recognises a preset from its allowed keys, in any order, and nothing else', () => {
    for (const preset of PERMISSION_PRESETS) expect(presetOf([...preset.allowed].reverse())).toBe(preset.key);
    expect(presetOf(['nsfw'])).toBeNull();
  });
});
