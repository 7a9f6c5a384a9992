import { z } from 'zod';

/**
 * Site-wide presentation (issue 15): the header colours a user can choose, and the footer's
 * copyright, filing number and sister-site link that the deployment configures.
 */
export const HEADER_THEMES = {
  default: { label: '深海蓝', color: null },
  ink: { label: '墨黑', color: '#141414' },
  blue: { label: '宝石蓝', color: '#10239e' },
  green: { label: '松柏绿', color: '#0b4d2c' },
  wine: { label: '酒红', color: '#5c0011' },
  purple: { label: '暗紫', color: '#22075e' },
} as const satisfies Record<string, { label: string; color: string | null }>;
export type HeaderTheme = keyof typeof HEADER_THEMES;
export const HEADER_THEME_KEYS = Object.keys(HEADER_THEMES) as HeaderTheme[];

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
