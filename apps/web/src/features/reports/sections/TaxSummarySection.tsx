import type { ComprehensiveNotification, ComprehensiveScore, OverallLevel, ReportSummary } from '@taxlens/engine/types';
import { Alert, Typography } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../../locales';
import { LevelTag } from '../components/LevelTag';
import { ScoreDial } from '../components/ScoreDial';
import type { CategoryCount } from '../lib/tax-sections';
import type { SectionMode } from './section-mode';

function Tile({ label, value, sub, testId }: { label: ReactNode; value: ReactNode; sub?: ReactNode; testId?: string }) {
  return (
    <div className="tl-kpi" data-testid={testId}>
      <div className="tl-kpi-label">{label}</div>
      <div className="tl-kpi-value">{value}</div>
      {sub && <div className="tl-kpi-sub">{sub}</div>}
    </div>
  );
}

function LevelTile({ level }: { level: OverallLevel }) {
  return <Tile label={t('reports.preview.overallLevel')} value={<LevelTag level={level} kind="overall" large />} />;
}

/** TAX: the level and the three categories' risk counts (the notification's fields). */
export function TaxSummaryHead({ level, categories }: { level: OverallLevel; categories: readonly CategoryCount[] }) {
  return (
    <div className="tl-kpis" data-testid="category-counts">
      <LevelTile level={level} />
      {categories.map((category) => (
        <Tile
          key={category.key}
          testId={`category-count-${category.key}`}
          label={category.name}
          value={
            <>
              {category.count}
              <span className="tl-kpi-unit">{t('taxReport.summary.itemUnit')}</span>
            </>
          }
          sub={t('taxReport.summary.categoryLevels', {
            high: category.counts.high,
            medium: category.counts.medium,
            low: category.counts.low,
          })}
        />
      ))}
    </div>
  );
}

/** COMPREHENSIVE: the score first, then the level and the risk counts of every kind. */
export function ComprehensiveSummaryHead({
  level,
  score,
  notification,
  mode,
}: {
  level: OverallLevel;
  score: ComprehensiveScore;
  notification: ComprehensiveNotification;
  mode: SectionMode;
}) {
  const counts = [
    { key: 'high', label: t('taxReport.summary.high'), value: notification.highRiskAllNum },
    { key: 'medium', label: t('taxReport.summary.medium'), value: notification.mediumRiskAllNum },
    { key: 'low', label: t('taxReport.summary.low'), value: notification.lowRiskAllNum },
  ];
  return (
    <>
      <div className="tl-score-head">
        <ScoreDial score={score} size={mode === 'print' ? 118 : 148} />
        <div className="tl-kpis" data-testid="risk-counts">
          <LevelTile level={level} />
          {counts.map((item) => (
            <Tile
              key={item.key}
              testId={`risk-count-${item.key}`}
              label={item.label}
              value={
                <>
                  {item.value}
                  <span className="tl-kpi-unit">{t('taxReport.summary.itemUnit')}</span>
                </>
              }
            />
          ))}
        </div>
      </div>
      {score.coverage?.limited && (
        <Alert type="warning" showIcon title={score.coverage.note} data-testid="summary-coverage" />
      )}
    </>
  );
}

function scrollToFinding(ruleId: string) {
  document.getElementById(`finding-${ruleId}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

interface TaxSummarySectionProps {
  summary: ReportSummary;
  /** The kind's head: categories (TAX) or the score (COMPREHENSIVE). */
  head: ReactNode;
  /** Some rules (or the invoice part) could not run: the scope sentence is a warning, not a note. */
  incomplete: boolean;
  mode: SectionMode;
}

/** 报告摘要: one page a client can read — level, headline, main risks, what to do first, what was not checked. */
export function TaxSummarySection({ summary, head, incomplete, mode }: TaxSummarySectionProps) {
  return (
    <div className="tl-tax-summary" data-testid="tax-summary">
      {head}
      <p className="tl-summary-headline" data-testid="summary-headline">
        {summary.headline}
      </p>
      <div className="tl-two-columns">
        <div className="tl-block">
          <div className="tl-block-title">{t('taxReport.summary.topRisks')}</div>
          {summary.topRisks.length === 0 ? (
            <Typography.Text type="secondary">{t('taxReport.summary.topRisksNone')}</Typography.Text>
          ) : (
            <ol className="tl-summary-list" data-testid="top-risks">
              {summary.topRisks.map((risk) => (
                <li key={risk.ruleId}>
                  <LevelTag level={risk.level} />
                  <span>
                    {mode === 'screen' && risk.line.startsWith(risk.title) ? (
                      <>
                        <Typography.Link onClick={() => scrollToFinding(risk.ruleId)}>{risk.title}</Typography.Link>
                        {risk.line.slice(risk.title.length)}
                      </>
                    ) : (
                      risk.line
                    )}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </div>
        <div className="tl-block">
          <div className="tl-block-title">{t('taxReport.summary.firstSteps')}</div>
          <ol className="tl-summary-list is-numbered" data-testid="first-steps">
            {summary.firstSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      </div>
      <div className={`tl-notice ${incomplete ? 'is-insufficient' : 'is-info'}`} data-testid="not-checked">
        <b>{t('taxReport.summary.notChecked')}</b>：{summary.notChecked}
      </div>
    </div>
  );
}
