import { CHROMIUM_ARGS, resolveChromium as resolveServerChromium } from '@taxlens/server/browser';

/**
 * The server's own Chromium resolver and flags, so the browser tests run the browser exactly as
 * the PDF export does (CHROMIUM_PATH, else /usr/bin/chromium, else the npm package).
 */
export async function resolveChromium(): Promise<{ executablePath: string; args: string[]; source: string }> {
  const { executablePath, source } = await resolveServerChromium();
  return { executablePath, args: CHROMIUM_ARGS, source };
}
