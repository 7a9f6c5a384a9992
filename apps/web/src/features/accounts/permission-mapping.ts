import {
  type DeniedEntry,
  defaultPresetOf,
  hasPermission,
  PERMISSION_KEYS,
  PERMISSION_PRESETS,
  type PermissionKey,
  type PermissionSubject,
} from '@taxlens/shared';
import type { PermissionItem } from './api';

/**
 * The permission editor shows checkboxes meaning "allowed"; the server stores the opposite, the
 * denied list `notMenus` ({ type 0 page | 1 action, permission }). These functions turn one into
 * the other against the catalogue (tbMenu/findAll), in catalogue order.
 */
export function allowedFromDenied(
  catalogue: readonly PermissionItem[],
  notMenus: readonly { permission: string }[],
): PermissionKey[] {
  const denied = new Set(notMenus.map((entry) => entry.permission));
  return catalogue.filter((item) => !denied.has(item.permission)).map((item) => item.permission);
}

export function deniedFromAllowed(catalogue: readonly PermissionItem[], allowed: Iterable<string>): DeniedEntry[] {
  const granted = new Set(allowed);
  return catalogue
    .filter((item) => !granted.has(item.permission))
    .map((item) => ({ type: item.type, permission: item.permission }));
}

/** Keys the editing user lacks and so cannot grant (nothing for the main account). */
export function lackingKeys(editor: PermissionSubject): ReadonlySet<PermissionKey> {
  return new Set(PERMISSION_KEYS.filter((key) => !hasPermission(editor, key)));
}

/**
 * What the editor may show as allowed: keys the editor lacks stay denied whatever the stored
 * list says (the server keeps them denied too, and refuses a grant of them).
 */
export function grantableAllowed(
  allowed: Iterable<PermissionKey>,
  lacking: ReadonlySet<PermissionKey>,
): PermissionKey[] {
  return [...allowed].filter((key) => !lacking.has(key));
}

/**
 * A new sub-account starts with its level's preset (员工: the reports and its assigned
 * companies; 主管 more), as far as the editor may grant it: least rights (issue 19).
 */
export function defaultAllowed(
  catalogue: readonly PermissionItem[],
  lacking: ReadonlySet<PermissionKey>,
  level: number = 3,
): PermissionKey[] {
  const preset = new Set(PERMISSION_PRESETS.find((item) => item.key === defaultPresetOf(level))?.allowed ?? []);
  return catalogue.map((item) => item.permission).filter((key) => preset.has(key) && !lacking.has(key));
}

/** 页面权限 (type 0) and 功能权限 (type 1), in catalogue order. */
export function splitCatalogue(catalogue: readonly PermissionItem[]): {
  pages: PermissionItem[];
  actions: PermissionItem[];
} {
  return {
    pages: catalogue.filter((item) => item.type === 0),
    actions: catalogue.filter((item) => item.type === 1),
  };
}
