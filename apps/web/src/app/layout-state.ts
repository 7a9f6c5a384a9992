import { LIMITS } from '@taxlens/shared';
import { createStore, useStore } from '../lib/store';

/** Client-only UI state of spec §4: aside open/closed, device, chat box, balance hidden. */
export interface LayoutState {
  asideCollapsed: boolean;
  isMobile: boolean;
  chatOpen: boolean;
  balanceHidden: boolean;
}

const BALANCE_HIDDEN_KEY = 'taxlens.balanceHidden';

function readBalanceHidden(): boolean {
  try {
    return localStorage.getItem(BALANCE_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

export const layoutStore = createStore<LayoutState>({
  asideCollapsed: false,
  isMobile: false,
  chatOpen: false,
  balanceHidden: readBalanceHidden(),
});

export function useLayoutState(): LayoutState {
  return useStore(layoutStore);
}

export function toggleAside(): void {
  layoutStore.set((state) => ({ ...state, asideCollapsed: !state.asideCollapsed }));
}

export function closeAside(): void {
  layoutStore.set((state) => (state.asideCollapsed ? state : { ...state, asideCollapsed: true }));
}

/** Body width under 900 px is the mobile layout, which also closes the aside (spec §4). */
export function updateViewport(bodyWidth: number): void {
  const isMobile = bodyWidth < LIMITS.mobileBreakpointPx;
  layoutStore.set((state) => {
    if (state.isMobile === isMobile) return state;
    return { ...state, isMobile, asideCollapsed: isMobile ? true : state.asideCollapsed };
  });
}

export function setChatOpen(open: boolean): void {
  layoutStore.set((state) => (state.chatOpen === open ? state : { ...state, chatOpen: open }));
}

export function toggleBalanceHidden(): void {
  layoutStore.set((state) => {
    const balanceHidden = !state.balanceHidden;
    localStorage.setItem(BALANCE_HIDDEN_KEY, balanceHidden ? '1' : '0');
    return { ...state, balanceHidden };
  });
}
