import type { PermissionKey, SessionUser } from '@taxlens/shared';
import type { ComponentType } from 'react';
import type { ThemeMode } from './theme';

/**
 * Shapes and constants of the route table. Each feature lists its pages in
 * `features/<feature>/routes.ts`; `routes.tsx` joins them into the one table (HOUSE-STYLE 13)
 * that drives the router, the menus and the guards.
 *
 * rank < 999: main layout (icon menu, aside, header, chat); 999: login layout; 1000: blank
 * layout without header or aside (share pages, print views, 404).
 */
export const LOGIN_RANK = 999;
export const BLANK_RANK = 1000;

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
/** The operator console's branch (features/operator): patched in only for addresses under it. */
export const OPERATOR_BASE = '/operator';
/**
 * The account-subject page (features/accounts): the one page a signed-in user without an account
 * subject may open (its route has allowNoGroup), where sign-in and sign-up send them. A constant
 * here so the sign-in screen and the guards need not load the route table (issue 21).
 */
export const BINDING_PATH = '/company/detail';
/**
 * 服务条款 and 隐私政策 (features/legal), linked from the sign-in screen: constants here so that screen
 * does not load the legal pages' route entries and their titles' messages (issue 21).
 */
export const TERMS_PATH = '/terms';
export const PRIVACY_PATH = '/privacy';

export type MenuGroupKey = 'home' | 'enablement' | 'toker' | 'company' | 'recharge';

export interface RouteModule {
  Component: ComponentType;
}

export interface AppRoute {
  path: string;
  /** Stable name other code navigates by (spec §2: DataViewMonitor, RiskPreview, …). */
  name: string;
  /** Document title and menu text. */
  title: string;
  /** Needed keys; a list needs all of them (firmManage|tissueArchitecture). */
  permission?: PermissionKey | readonly PermissionKey[];
  /** User levels allowed, as the server's route access (e.g. [1, 2] keeps staff out). */
  levels?: readonly number[];
  rank: number;
  theme: ThemeMode;
  lazy: () => Promise<RouteModule>;
  /** Shown in the second-level aside of its icon-menu group. */
  /** `levels`: only these user levels get the menu entry (spec §2: staff get the data board for user management). */
  menu?: { group: MenuGroupKey; icon: ComponentType; order: number; levels?: readonly number[] };
  /** A page outside the menu that belongs to a group: its icon and aside stay selected there. */
  activeGroup?: MenuGroupKey;
  /** Reachable without signing in. */
  public?: boolean;
  /** Reachable by a signed-in user who has no account subject yet (the binding page). */
  allowNoGroup?: boolean;
  /** Further rules (guide pages, switches): true to allow, or the path to send the user to. */
  condition?: (user: SessionUser) => true | string;
  /** The condition sends to a twin page (e.g. /policy ⇄ /policy2): the address's query goes along. */
  conditionKeepsQuery?: boolean;
}

export interface MenuGroup {
  key: MenuGroupKey;
  label: string;
  icon: ComponentType;
}
