import {
  ACTION_PERMISSIONS,
  type DeniedEntry,
  deniedTypeOf,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type PermissionKey,
  ROUTE_PERMISSIONS,
} from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { denied } from '../../test-support/fixtures';
import type { PermissionItem } from './api';
import {
  allowedFromDenied,
  defaultAllowed,
  deniedFromAllowed,
  grantableAllowed,
  lackingKeys,
  splitCatalogue,
} from './permission-mapping';

/** The catalogue as tbMenu/findAll answers it. */
const catalogue: PermissionItem[] = PERMISSION_KEYS.map((permission) => ({
  permission,
  label: PERMISSION_LABELS[permission],
  type: deniedTypeOf(permission),
}));

describe('permission editor: allowed ↔ notMenus', () => {
  it('an empty notMenus means everything is allowed, and back', () => {
    const allowed = allowedFromDenied(catalogue, []);
    expect(allowed).toEqual([...PERMISSION_KEYS]);
    expect(deniedFromAllowed(catalogue, allowed)).toEqual([]);
  });

  it('unchecked keys become denied entries typed 0 for pages and 1 for actions', () => {
    const allowed = PERMISSION_KEYS.filter((key) => !['nsfw', 'mainBodyInfo', 'firmManage'].includes(key));
    expect(deniedFromAllowed(catalogue, allowed)).toEqual([
      { type: 0, permission: 'nsfw' },
      { type: 0, permission: 'firmManage' },
      { type: 1, permission: 'mainBodyInfo' },
    ]);
  });

  it('round-trips any denied list (in catalogue order, duplicates folded)', () => {
    const stored = [
      { type: 1 as const, permission: 'pay' as const },
      { type: 0 as const, permission: 'qjbg' as const },
      { type: 0 as const, permission: 'qjbg' as const },
    ];
    const allowed = allowedFromDenied(catalogue, stored);
    expect(allowed).not.toContain('pay');
    expect(allowed).not.toContain('qjbg');
    expect(allowed).toHaveLength(PERMISSION_KEYS.length - 2);
    expect(deniedFromAllowed(catalogue, allowed)).toEqual([
      { type: 0, permission: 'qjbg' },
      { type: 1, permission: 'pay' },
    ]);
  });

  it('nothing checked denies every key', () => {
    const everything = deniedFromAllowed(catalogue, []);
    expect(everything).toHaveLength(PERMISSION_KEYS.length);
    expect(everything.filter((entry) => entry.type === 1).map((entry) => entry.permission)).toEqual([
      ...ACTION_PERMISSIONS,
    ]);
  });

  it('groups the catalogue into 页面权限 and 功能权限', () => {
    const { pages, actions } = splitCatalogue(catalogue);
    expect(pages.map((item) => item.permission)).toEqual([...ROUTE_PERMISSIONS]);
    expect(actions.map((item) => item.permission)).toEqual([...ACTION_PERMISSIONS]);
  });
});

describe('permission editor: a supervisor cannot grant what it lacks', () => {
  it('the main account lacks nothing', () => {
    expect(lackingKeys({ level: 1, notMenus: denied('nsfw') }).size).toBe(0);
  });

  it('a supervisor lacks its own denied keys', () => {
    const notMenus: DeniedEntry[] = [...denied('nsfw'), { type: 1, permission: 'pay' }];
    const lacking = lackingKeys({ level: 2, notMenus });
    expect([...lacking].sort()).toEqual(['nsfw', 'pay']);
  });

  it('keys the editor lacks stay denied whatever was stored, and new accounts start without them', () => {
    const lacking = lackingKeys({ level: 2, notMenus: denied('nsfw') });
    const stored: PermissionKey[] = ['nsfw', 'qjbg'];
    expect(grantableAllowed(stored, lacking)).toEqual(['qjbg']);
    const initial = defaultAllowed(catalogue, lacking);
    expect(initial).not.toContain('nsfw');
    // New staff start with the 员工 preset: the reports and the company list, least rights.
    expect(initial).toEqual(['swfxtj', 'invoiceThrough', 'qjbg', 'firmManage']);
    expect(deniedFromAllowed(catalogue, initial)).toContainEqual({ type: 0, permission: 'nsfw' });
    expect(defaultAllowed(catalogue, new Set(), 2)).toContain('tissueArchitecture');
  });
});
