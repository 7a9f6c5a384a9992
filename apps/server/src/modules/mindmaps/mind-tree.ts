import { FINDING_LEVEL_LABELS, formatFen, type MindNode, type MindTone } from '@taxlens/shared';

interface StoredFigure {
  label: string;
  value: number | string;
  unit?: string;
}
interface StoredFinding {
  ruleId: string;
  title: string;
  category?: string;
  level: keyof typeof FINDING_LEVEL_LABELS;
  figures?: StoredFigure[];
}

export interface MindReport {
  companyName: string;
  reportName: string;
  periodStart: string;
  periodEnd: string;
  result: Record<string, unknown> | null;
}

/** A figure as the report prints it: fen as yuan, percentages with %. */
export function figureText(figure: StoredFigure): string {
  if (figure.unit === 'fen' && typeof figure.value === 'number')
    return `${figure.label}：${formatFen(figure.value)} 元`;
  if (figure.unit === '%') return `${figure.label}：${figure.value}%`;
  return `${figure.label}：${figure.value}${figure.unit ?? ''}`;
}

const LEVEL_ORDER = ['high', 'medium', 'low', 'insufficient', 'none'] as const;

/**
 * report → sections (finding categories, in the order the report first meets them) → findings
 * (riskiest first, with their level) → figures. Node ids are stable paths so a viewer's collapsed
 * set survives a reload.
 */
export function buildMindTree(report: MindReport): MindNode {
  const findings = ((report.result?.findings as StoredFinding[] | undefined) ?? []).filter(
    (finding) => finding && typeof finding.title === 'string',
  );
  const sections = new Map<string, StoredFinding[]>();
  for (const finding of findings) {
    const name = finding.category || '其他';
    sections.set(name, [...(sections.get(name) ?? []), finding]);
  }
  const children: MindNode[] = [...sections.entries()].map(([name, items], sectionIndex) => {
    const sorted = [...items].sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level));
    return {
      id: `s${sectionIndex}`,
      title: `${name}（${items.length}）`,
      tone: 'section',
      children: sorted.map((finding, findingIndex) => ({
        id: `s${sectionIndex}.f${findingIndex}`,
        title: `${finding.title}【${FINDING_LEVEL_LABELS[finding.level] ?? finding.level}】`,
        tone: (LEVEL_ORDER.includes(finding.level) ? finding.level : 'none') as MindTone,
        children: (finding.figures ?? []).map((figure, figureIndex) => ({
          id: `s${sectionIndex}.f${findingIndex}.g${figureIndex}`,
          title: figureText(figure),
          tone: 'figure',
          children: [],
        })),
      })),
    };
  });
  return {
    id: 'root',
    title: `${report.companyName} · ${report.reportName}（${report.periodStart}至${report.periodEnd}）`,
    tone: 'root',
    children,
  };
}
