import { t } from '../../../locales';

/** The sections of an invoice report in order: anchors on screen, the contents page in print. */
export const REPORT_SECTIONS = [
  { id: 'overview', title: t('reports.sections.overview') },
  { id: 'counterparties', title: t('reports.sections.counterparties') },
  { id: 'goods', title: t('reports.sections.goods') },
  { id: 'findings', title: t('reports.sections.findings') },
  { id: 'sources', title: t('reports.sections.sources') },
] as const;

export type ReportSectionId = (typeof REPORT_SECTIONS)[number]['id'];

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** 一、概览 … : Chinese ordinal headings. */
export function sectionHeading(index: number, title: string): string {
  return `${NUMERALS[index] ?? index + 1}、${title}`;
}
