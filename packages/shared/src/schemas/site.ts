import { HEADER_THEME_KEYS, type HeaderTheme } from '../site.js';
import { z } from '../zod.js';

/** Schemas of the site-wide presentation; its constants are in site.ts (zod-free, read by the main layout). */
export const headerThemeSchema = z.object({
  headerTheme: z.enum(HEADER_THEME_KEYS as [HeaderTheme, ...HeaderTheme[]], { error: '请选择顶栏颜色' }),
});

export const siteInfoSchema = z.object({
  /** `{year}` is replaced by the current year. */
  copyright: z.string(),
  /** ICP 备案号; empty when the deployment has none configured. */
  filingNo: z.string(),
  filingUrl: z.string(),
  sisterName: z.string(),
  sisterUrl: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
