import { zhMessages } from './registry';
import type { LocaleSection, MessagePath } from './types';
import type { zhCN } from './zh-CN';

export type Messages = typeof zhCN;
export type MessageKey = MessagePath<Messages>;
export type LocaleCode = 'zh-CN' | 'en-US';

const LOCALE_STORAGE_KEY = 'taxlens.locale';

function initialLocale(): LocaleCode {
  try {
    return globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY) === 'en-US' ? 'en-US' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

let current: LocaleCode = initialLocale();
/**
 * The messages in use. zh-CN sections load with the modules that use them (registry.ts); en-US is
 * its own chunk, loaded whole by loadLocale() before the first render only when chosen, so Chinese
 * users never download it.
 */
let active: unknown = zhMessages;

export async function loadLocale(): Promise<void> {
  if (current !== 'en-US') return;
  // Typed, so a translation missing a key of the zh-CN source fails the type check.
  const english: LocaleSection<Messages> = (await import('./en-US')).enUS;
  active = english;
}

export function getLocale(): LocaleCode {
  return current;
}

/** Takes effect on the next page load: titles in the route table are read once at start. */
export function setLocale(locale: LocaleCode): void {
  current = locale;
  globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
}

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates a key; `{name}` placeholders take their values from params. Falls back to zh-CN. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const text = lookup(active, key) ?? lookup(zhMessages, key) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
