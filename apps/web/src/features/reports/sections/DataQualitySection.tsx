import type { DataProblem, DataQualitySection as DataQuality } from '@taxlens/engine/types';
import { formatPeriod } from '@taxlens/shared';
import { Tag } from 'antd';
import { t } from '../../../locales';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import { statementLabel } from '../lib/tax-sections';

type ExcludedSet = DataQuality['excluded'][number];

const PROBLEM_COLUMNS: readonly SimpleColumn<DataProblem>[] = [
  {
    key: 'severity',
    title: t('taxReport.quality.columns.severity'),
    width: 64,
    render: (problem) => (
      <Tag color={problem.severity === 'error' ? 'error' : 'warning'}>
        {t(`taxReport.quality.severity.${problem.severity}`)}
      </Tag>
    ),
  },
  {
    key: 'problem',
    title: t('taxReport.quality.columns.problem'),
    width: '14%',
    render: (problem) => t(`taxReport.quality.codes.${problem.code}`),
  },
  {
    key: 'statement',
    title: t('taxReport.quality.columns.statement'),
    width: '14%',
    render: (problem) => statementLabel(problem.statement),
  },
  {
    key: 'periods',
    title: t('taxReport.quality.columns.periods'),
    width: '16%',
    render: (problem) => problem.periods.map(formatPeriod).join('、'),
  },
  { key: 'message', title: t('taxReport.quality.columns.message'), render: (problem) => problem.message },
];

const EXCLUDED_COLUMNS: readonly SimpleColumn<ExcludedSet>[] = [
  {
    key: 'statement',
    title: t('taxReport.quality.columns.statement'),
    width: '20%',
    render: (set) => statementLabel(set.statement),
  },
  {
    key: 'period',
    title: t('taxReport.quality.columns.periods'),
    width: '18%',
    render: (set) => formatPeriod(set.period),
  },
  { key: 'reason', title: t('taxReport.quality.columns.reason'), render: (set) => set.reason },
];

/** 数据质量: what was read and used, what was left out and why, every problem of the stored data. */
export function DataQualitySection({ quality }: { quality: DataQuality }) {
  const errors = quality.problems.filter((problem) => problem.severity === 'error').length;
  const clean = quality.problems.length === 0;
  return (
    <div className="tl-quality" data-testid="data-quality">
      <div className="tl-facts">
        <span>
          {t('taxReport.quality.checked')}：<b>{t('taxReport.quality.sets', { count: quality.checkedSets })}</b>
        </span>
        <span>
          {t('taxReport.quality.used')}：<b>{t('taxReport.quality.sets', { count: quality.usedSets })}</b>
        </span>
        <span>
          {t('taxReport.quality.excludedCount')}：
          <b>{t('taxReport.quality.sets', { count: quality.excluded.length })}</b>
        </span>
      </div>
      <div
        className={`tl-notice ${clean ? 'is-ok' : errors > 0 ? 'is-error' : 'is-warning'}`}
        data-testid="quality-note"
      >
        {quality.note}
      </div>
      <div className="tl-block">
        <div className="tl-block-title">{t('taxReport.quality.problems')}</div>
        {clean ? (
          <div className="tl-muted">{t('taxReport.quality.problemsNone')}</div>
        ) : (
          <SimpleTable
            columns={PROBLEM_COLUMNS}
            rows={quality.problems}
            rowKey={(problem, index) => `${problem.code}-${index}`}
            testId="quality-problems"
          />
        )}
      </div>
      <div className="tl-block">
        <div className="tl-block-title">{t('taxReport.quality.excluded')}</div>
        {quality.excluded.length === 0 ? (
          <div className="tl-muted">{t('taxReport.quality.excludedNone')}</div>
        ) : (
          <SimpleTable
            columns={EXCLUDED_COLUMNS}
            rows={quality.excluded}
            rowKey={(set, index) => `${set.statement ?? '-'}-${set.period}-${index}`}
            testId="quality-excluded"
          />
        )}
      </div>
    </div>
  );
}
