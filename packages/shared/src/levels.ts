/** User levels of spec §1: 1 main account, 2 supervisor, 3 staff. */
export const LEVEL = { main: 1, supervisor: 2, staff: 3 } as const;
export type Level = (typeof LEVEL)[keyof typeof LEVEL];

export const LEVEL_LABELS: Record<Level, string> = {
  1: '主账号',
  2: '主管',
  3: '员工',
};

export function levelLabel(level: number): string {
  return LEVEL_LABELS[level as Level] ?? '-';
}
