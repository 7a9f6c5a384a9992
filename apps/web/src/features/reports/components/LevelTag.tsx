import type { FindingLevel, OverallLevel } from '@taxlens/engine/types';
import { Tag } from 'antd';
import { t } from '../../../locales';

/** antd preset colours by level (no colour literals: HOUSE-STYLE 17). */
const LEVEL_COLORS: Record<FindingLevel, string> = {
  high: 'error',
  medium: 'warning',
  low: 'gold',
  none: 'success',
  insufficient: 'default',
};

export function levelColor(level: FindingLevel | OverallLevel): string {
  return LEVEL_COLORS[level] ?? 'default';
}

/** The overall level of a report (none = 未发现明显风险). */
export function overallLevelLabel(level: OverallLevel): string {
  return t(`reports.level.${level}`);
}

/** A finding's level (none = 未发现异常, insufficient = 数据不足，未检测). */
export function findingLevelLabel(level: FindingLevel): string {
  if (level === 'none') return t('reports.level.findingNone');
  if (level === 'insufficient') return t('reports.level.findingInsufficient');
  return t(`reports.level.${level}`);
}

export function LevelTag({
  level,
  kind = 'finding',
  large = false,
}: {
  level: FindingLevel | OverallLevel;
  kind?: 'finding' | 'overall';
  large?: boolean;
}) {
  const label = kind === 'overall' && level !== 'insufficient' ? overallLevelLabel(level) : findingLevelLabel(level);
  return (
    <Tag color={levelColor(level)} className={large ? 'tl-level-tag is-large' : 'tl-level-tag'} data-level={level}>
      {label}
    </Tag>
  );
}
