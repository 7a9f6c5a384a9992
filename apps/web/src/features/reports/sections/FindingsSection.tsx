import type { Finding } from '@taxlens/engine/types';
import { Empty, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { t } from '../../../locales';
import { findingLevelLabel } from '../components/LevelTag';
import { filledColumns, type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import {
  annotationsByRule,
  countByLevel,
  type FindingFilter,
  filterFindings,
  isRisk,
  sortFindings,
} from '../lib/report-sections';
import type { ReportSource } from '../report-view.types';
import type { Annotation } from './AnnotationControl';
import { FindingCard } from './FindingCard';

interface FindingsSectionProps {
  findings: readonly Finding[];
  annotations: readonly Annotation[];
  reportId: number;
  /** Invoice reports: the imports behind the figures; null where each figure names its source. */
  sources: readonly ReportSource[] | null;
  /** Several lists on one page (one per tax category) need their own test ids. */
  testId?: string;
}

/** 风险发现 on screen: every finding, filterable by level, each with its annotation control. */
export function FindingsSection({
  findings,
  annotations,
  reportId,
  sources,
  testId = 'findings',
}: FindingsSectionProps) {
  const counts = useMemo(() => countByLevel(findings), [findings]);
  const riskCount = counts.high + counts.medium + counts.low;
  const [filter, setFilter] = useState<FindingFilter>(riskCount > 0 ? 'risk' : 'all');
  const byRule = useMemo(() => annotationsByRule(annotations), [annotations]);
  const shown = useMemo(() => filterFindings(findings, filter), [findings, filter]);
  // Rules that found nothing read as one compact table rather than a card each.
  const { cards, clear } = useMemo(() => splitClear(shown, byRule), [shown, byRule]);

  const options = [
    { value: 'risk', label: `${t('reports.findings.filterRisk')} ${riskCount}` },
    { value: 'all', label: `${t('reports.findings.filterAll')} ${findings.length}` },
    ...(['high', 'medium', 'low', 'insufficient', 'none'] as const)
      .filter((level) => counts[level] > 0)
      .map((level) => ({ value: level, label: `${findingLevelLabel(level)} ${counts[level]}` })),
  ];

  return (
    <div className="tl-findings" data-testid={testId}>
      <Segmented
        className="tl-findings-filter"
        value={filter}
        onChange={(value) => setFilter(value as FindingFilter)}
        options={options}
      />
      {shown.length === 0 ? (
        <Empty description={t('reports.findings.empty')} />
      ) : (
        <>
          {cards.map((finding) => (
            <FindingCard
              key={finding.ruleId}
              finding={finding}
              annotation={byRule.get(finding.ruleId)}
              reportId={reportId}
              sources={sources}
              mode="screen"
            />
          ))}
          <ClearFindings findings={clear} />
        </>
      )}
    </div>
  );
}

// An annotated finding always gets a card, so the clear rows never carry an annotation: no such column.
const CLEAR_COLUMNS: readonly SimpleColumn<Finding>[] = [
  { key: 'title', title: t('reports.findings.ruleColumn'), width: '30%', render: (finding) => <b>{finding.title}</b> },
  { key: 'summary', title: t('reports.findings.resultColumn'), render: (finding) => finding.summary },
];

/** Risks, 数据不足 and annotated findings get a card; the rest (checked, nothing found) a table row. */
function splitClear(findings: readonly Finding[], byRule: ReadonlyMap<string, Annotation>) {
  const cards = findings.filter(
    (finding) => isRisk(finding) || finding.level === 'insufficient' || byRule.has(finding.ruleId),
  );
  return { cards, clear: findings.filter((finding) => !cards.includes(finding)) };
}

function ClearFindings({ findings }: { findings: readonly Finding[] }) {
  if (findings.length === 0) return null;
  return (
    <div className="tl-block tl-print-appendix" data-testid="clear-findings">
      <div className="tl-block-title">{t('reports.print.appendix')}</div>
      <SimpleTable
        columns={filledColumns(CLEAR_COLUMNS, findings, ['title'])}
        rows={findings}
        rowKey={(finding) => finding.ruleId}
      />
    </div>
  );
}

interface PrintFindingsProps extends Omit<FindingsSectionProps, 'testId'> {
  /** Before each card's number: '2.' numbers the second category's cards 2.1, 2.2 … */
  numberPrefix?: string;
}

/** 风险发现 for print: risks and 数据不足 as full cards, the clear rules as a compact appendix table. */
export function PrintFindings({ findings, annotations, reportId, sources, numberPrefix = '' }: PrintFindingsProps) {
  const byRule = annotationsByRule(annotations);
  const { cards, clear } = splitClear(sortFindings(findings), byRule);
  return (
    <div className="tl-findings is-print">
      {cards.map((finding, index) => (
        <FindingCard
          key={finding.ruleId}
          finding={finding}
          annotation={byRule.get(finding.ruleId)}
          reportId={reportId}
          sources={sources}
          mode="print"
          number={`${numberPrefix}${index + 1}${numberPrefix ? '' : '.'}`}
        />
      ))}
      <ClearFindings findings={clear} />
    </div>
  );
}
