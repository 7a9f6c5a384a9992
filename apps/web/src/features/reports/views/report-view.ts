import type { ComprehensiveScore, Finding, FindingCounts, OverallLevel } from '@taxlens/engine/types';
import type { ReportDetail } from '@taxlens/shared';
import type { ReactNode } from 'react';
import { isRisk, sortFindings } from '../lib/report-sections';
import type { SectionMode } from '../sections/section-mode';

/**
 * One report kind's view: how to read its stored result, its sections in order, and how to draw
 * each for the screen or for print. The preview page and the print page draw any kind through
 * it, so neither knows the kinds.
 */
export interface ReportSectionDef<Id extends string> {
  id: Id;
  title: string;
}

/** What the covers (screen and print) show besides the detail's own fields. */
export interface ReportCoverFacts {
  level: OverallLevel;
  levelRule: string;
  counts: FindingCounts;
  checkedCount: number;
  /** COMPREHENSIVE only; the grades colour it. */
  score: (Pick<ComprehensiveScore, 'value' | 'grade' | 'parameters'> & { level?: ComprehensiveScore['level'] }) | null;
}

export interface SectionRenderProps<View> {
  detail: ReportDetail;
  view: View;
  mode: SectionMode;
}

export interface ReportViewDefinition<View, Id extends string> {
  /** The stored result as this kind's view, or null when it is not one. */
  parse(result: ReportDetail['result']): View | null;
  sections: readonly ReportSectionDef<Id>[];
  cover(view: View): ReportCoverFacts;
  /** The section the print contents list the risks under, and the findings to list. */
  contents(view: View): { sectionId: Id; findings: readonly Finding[] };
  /** Beside a section's title on screen (the overall level next to the findings). */
  titleExtra?(id: Id, view: View): ReactNode;
  renderSection(id: Id, props: SectionRenderProps<View>): ReactNode;
  /** Whether this report has the section at all (a variant without it leaves no empty heading); all when absent. */
  shows?(id: Id, view: View): boolean;
  /** The last line of the printed report: what it was computed from and what it is not. */
  disclaimer: string;
}

export interface OpenedSection {
  id: string;
  title: string;
  titleExtra: ReactNode;
  render(mode: SectionMode): ReactNode;
}

/** A report read by its kind's view, ready to draw. */
export interface OpenedReportView {
  sections: readonly OpenedSection[];
  cover: ReportCoverFacts;
  /** Risks most severe first, under the section that shows them. */
  contents: { sectionId: string; risks: readonly Finding[] };
  disclaimer: string;
}

export type ReportViewOpener = (detail: ReportDetail) => OpenedReportView | null;

export function defineReportView<View, Id extends string>(
  definition: ReportViewDefinition<View, Id>,
): ReportViewOpener {
  return (detail) => {
    const view = definition.parse(detail.result);
    if (!view) return null;
    const contents = definition.contents(view);
    return {
      cover: definition.cover(view),
      disclaimer: definition.disclaimer,
      contents: { sectionId: contents.sectionId, risks: sortFindings(contents.findings).filter(isRisk) },
      sections: definition.sections
        .filter((section) => definition.shows?.(section.id, view) ?? true)
        .map((section) => ({
          id: section.id,
          title: section.title,
          titleExtra: definition.titleExtra?.(section.id, view) ?? null,
          render: (mode: SectionMode) => definition.renderSection(section.id, { detail, view, mode }),
        })),
    };
  };
}

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** 一、概览 … : Chinese ordinal headings. */
export function sectionHeading(index: number, title: string): string {
  return `${NUMERALS[index] ?? index + 1}、${title}`;
}
