import type { ComprehensiveScore } from '@taxlens/engine/types';
import { Alert, Tag } from 'antd';
import { t } from '../../../locales';
import { LevelTag } from '../components/LevelTag';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import { gradeBands, type ScoreTableRow, scoreTable } from '../lib/tax-sections';

/** A group's row, or the total (which no cap applies to as a whole). */
type Line = Omit<ScoreTableRow, 'key' | 'capped'> & { key: string; capped: boolean };

const TOTAL = 'total';

function Deduction({ line }: { line: Line }) {
  return (
    <>
      <b>{line.deduction}</b>
      {line.capped && (
        <Tag color="warning" className="tl-score-capped">
          {t('taxReport.score.capped')}
        </Tag>
      )}
    </>
  );
}

const COLUMNS: readonly SimpleColumn<Line>[] = [
  {
    key: 'group',
    title: t('taxReport.score.group'),
    render: (line) => (line.key === TOTAL ? <b>{line.name}</b> : line.name),
  },
  { key: 'high', title: t('taxReport.score.high'), align: 'right', render: (line) => line.high },
  { key: 'medium', title: t('taxReport.score.medium'), align: 'right', render: (line) => line.medium },
  { key: 'low', title: t('taxReport.score.low'), align: 'right', render: (line) => line.low },
  { key: 'raw', title: t('taxReport.score.raw'), align: 'right', render: (line) => line.rawDeduction },
  { key: 'cap', title: t('taxReport.score.cap'), align: 'right', render: (line) => line.cap },
  {
    key: 'deduction',
    title: t('taxReport.score.deduction'),
    align: 'right',
    render: (line) => <Deduction line={line} />,
  },
];

/** 综合评分: how the score is computed, the deductions per group with their caps, the grades. */
export function ScoreSection({ score }: { score: ComprehensiveScore }) {
  const table = scoreTable(score);
  const lines: Line[] = [
    ...table.rows,
    { ...table.total, key: TOTAL, name: t('taxReport.score.total'), capped: false },
  ];
  return (
    <div className="tl-score" data-testid="score">
      <div className="tl-block">
        <div className="tl-block-title">{t('taxReport.score.method')}</div>
        <p className="tl-score-method">{score.method}</p>
      </div>
      <div className="tl-block">
        <div className="tl-block-title">{t('taxReport.score.table')}</div>
        <SimpleTable columns={COLUMNS} rows={lines} rowKey={(line) => line.key} testId="score-table" />
      </div>
      {score.coverage && (
        <div className="tl-block">
          <Alert
            type={score.coverage.limited ? 'warning' : 'info'}
            showIcon
            title={score.coverage.note}
            data-testid="score-coverage"
          />
        </div>
      )}
      <div className="tl-block">
        <div className="tl-block-title">{t('taxReport.score.calculation')}</div>
        <div className="tl-score-calculation" data-testid="score-calculation">
          {score.calculation}
        </div>
      </div>
      <div className="tl-block">
        <div className="tl-block-title">{t('taxReport.score.grades')}</div>
        <div className="tl-score-grades" data-testid="score-grades">
          {gradeBands(score).map((band) => (
            <div key={band.label} className={band.current ? 'tl-score-band is-current' : 'tl-score-band'}>
              <span className="tl-muted">{band.range}</span>
              <span>{band.label}</span>
              {band.current && <Tag color="processing">{t('taxReport.score.current')}</Tag>}
            </div>
          ))}
        </div>
        {score.levelRule && (
          <p className="tl-score-method" data-testid="score-level-rule">
            {score.level && <LevelTag level={score.level} kind="overall" />}
            {score.levelRule}
          </p>
        )}
      </div>
    </div>
  );
}
