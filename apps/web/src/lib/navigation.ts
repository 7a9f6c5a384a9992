/**
 * Per-navigation state shared by the HTTP client and the router: one AbortController per route
 * change (in-flight requests of the page being left are cancelled, spec §4), the location being
 * navigated to (for the chunk-load retry) and the one being left (for the permission warning).
 */
let controller = new AbortController();
let pendingHref: string | null = null;
let currentHref: string | null = null;
let navigator: ((to: string) => void) | null = null;

export function beginNavigation(targetHref: string): void {
  controller.abort();
  controller = new AbortController();
  pendingHref = targetHref;
}

export function finishNavigation(href: string): void {
  currentHref = href;
  pendingHref = null;
}

export function navigationSignal(): AbortSignal {
  return controller.signal;
}

/** Where the current navigation goes; on the first load, the page's own address. */
export function pendingLocation(): string {
  return pendingHref ?? `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** The page being shown before the current navigation, or null on the first load. */
export function currentLocation(): string | null {
  return currentHref;
}

export function setNavigator(navigate: (to: string) => void): void {
  navigator = navigate;
}

/** Client-side navigation from outside React (logout without reload); falls back to a page load. */
export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
