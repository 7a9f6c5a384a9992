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
