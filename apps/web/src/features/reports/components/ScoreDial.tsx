import type { ComprehensiveScore } from '@taxlens/engine/types';
import { Progress, Tag, theme } from 'antd';
import { t } from '../../../locales';
import { type ScoreTone, scoreTone } from '../lib/tax-sections';
import { levelColor } from './LevelTag';

const TAG_COLORS: Record<ScoreTone, string> = {
  success: 'success',
  normal: 'processing',
  warning: 'warning',
  error: 'error',
};

function useScoreColor(tone: ScoreTone, level: ComprehensiveScore['level'] | undefined): string {
  const { token } = theme.useToken();
  // The report's level comes from the score: dial and level tag share one colour.
  if (level) {
    const byLevel: Record<ComprehensiveScore['level'], string> = {
      high: token.colorError,
      medium: token.colorWarning,
      low: token.gold6,
      none: token.colorSuccess,
    };
    return byLevel[level];
  }
  const colors: Record<ScoreTone, string> = {
    success: token.colorSuccess,
    normal: token.colorPrimary,
    warning: token.colorWarning,
    error: token.colorError,
  };
  return colors[tone];
}

/** The comprehensive score (0–100) as a dashboard in its grade's colour, the grade beneath. */
export function ScoreDial({
  score,
  size,
}: {
  score: Pick<ComprehensiveScore, 'value' | 'grade' | 'parameters'> & { level?: ComprehensiveScore['level'] };
  size: number;
}) {
  const tone = scoreTone(score);
  // Reports made before the score carried its level fall back to the grade's tone.
  const color = useScoreColor(tone, score.level);
  return (
    <div className="tl-score-dial" data-testid="score-dial">
      <Progress
        type="dashboard"
        percent={score.value}
        size={size}
        strokeColor={color}
        format={() => (
          <span className="tl-score-value" style={{ color }}>
            {score.value}
            <span className="tl-score-unit">{t('taxReport.summary.scoreUnit')}</span>
          </span>
        )}
      />
      <Tag color={score.level ? levelColor(score.level) : TAG_COLORS[tone]} className="tl-score-grade">
        {score.grade}
      </Tag>
    </div>
  );
}
