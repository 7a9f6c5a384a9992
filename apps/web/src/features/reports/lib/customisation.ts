import type { ReportContact, ReportDetail } from '@taxlens/shared';

/** What the group's report customisation changes in the drawing of a report (view, print, PDF). */

export function coverTitleOf(detail: Pick<ReportDetail, 'reportName' | 'customisation'>): string {
  return detail.customisation?.coverTitle || detail.reportName;
}

export function hiddenSectionsOf(detail: Pick<ReportDetail, 'customisation'>): ReadonlySet<string> {
  return new Set(detail.customisation?.hiddenSections ?? []);
}

/** The rule families the report did not run, as recorded in the report itself when it was made. */
export function excludedFamiliesOf(detail: Pick<ReportDetail, 'result'>): string[] {
  const list = detail.result?.excludedFamilies;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** 王会计 · 021-66668888 · service@example.cn · 上海市…; empty when the group set none. */
export function contactLine(contact: ReportContact | null | undefined): string {
  if (!contact) return '';
  return [contact.name, contact.phone, contact.email, contact.address].filter(Boolean).join(' · ');
}
