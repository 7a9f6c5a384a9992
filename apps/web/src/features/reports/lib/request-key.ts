/**
 * A fresh idempotency key for one report request. crypto.randomUUID exists only in secure
 * contexts, so a plain-http intranet install falls back to getRandomValues.
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
