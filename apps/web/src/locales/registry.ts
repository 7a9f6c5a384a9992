import { titles } from './zh-CN/titles';

/**
 * The zh-CN messages loaded so far, by section. A section's module is bundled with the modules
 * that use its keys, and registers here before they run (apps/web/build/lazy-messages.ts injects
 * the import and the call), so a first screen carries only the sections it uses (issue 21). Until
 * then a section holds only its page titles, which the route table reads on every screen.
 */
export const zhMessages: Record<string, unknown> = Object.fromEntries(
  Object.entries(titles).map(([section, routes]) => [section, { routes }]),
);

export function registerSection(name: string, messages: unknown): void {
  zhMessages[name] = messages;
}
