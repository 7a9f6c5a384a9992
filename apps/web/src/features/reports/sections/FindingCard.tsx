import type { Finding } from '@taxlens/engine/types';
import { Tag } from 'antd';
import { t } from '../../../locales';
import { LevelTag } from '../components/LevelTag';
import type { ReportSource } from '../report-view.types';
import { type Annotation, AnnotationControl, AnnotationNote } from './AnnotationControl';
import { EvidenceList } from './EvidenceList';
import { FindingBody } from './FindingBody';
import type { SectionMode } from './section-mode';

interface FindingCardProps {
  finding: Finding;
  annotation: Annotation | undefined;
  reportId: number;
  /** Invoice reports: the imports behind the figures; null where each figure names its source. */
  sources: readonly ReportSource[] | null;
  mode: SectionMode;
  /** Print numbering (1.1, 1.2 …). */
  number?: string;
}

/** One finding: level, title, summary, figures, threshold, why, basis, what to do, invoices, annotation. */
export function FindingCard({ finding, annotation, reportId, sources, mode, number }: FindingCardProps) {
  return (
    <article
      className={`tl-finding is-${finding.level}`}
      id={`finding-${finding.ruleId}`}
      data-testid={`finding-${finding.ruleId}`}
      data-level={finding.level}
    >
      <header className="tl-finding-head">
        <LevelTag level={finding.level} />
        <h4 className="tl-finding-title">
          {number && <span className="tl-finding-number">{number}</span>}
          {finding.title}
        </h4>
        <Tag variant="filled">{finding.category}</Tag>
        {annotation && mode === 'screen' && (
          <Tag color={annotation.status === 'verified' ? 'green' : 'blue'}>
            {t(`reports.annotation.${annotation.status}`)}
          </Tag>
        )}
      </header>
      <FindingBody finding={finding} sources={sources} />
      {finding.evidence && (
        <EvidenceList evidence={finding.evidence} mode={mode} reportId={reportId} ruleId={finding.ruleId} />
      )}
      {mode === 'screen'
        ? // An example report (id 0) is no stored report: nothing to annotate.
          reportId > 0 && <AnnotationControl reportId={reportId} ruleId={finding.ruleId} annotation={annotation} />
        : annotation && <AnnotationNote annotation={annotation} />}
    </article>
  );
}
