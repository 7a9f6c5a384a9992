import { formatDate, maskPhone } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import type { FileStorage } from '../../lib/storage.js';
import { customisationOf, findConfig } from './report-custom.service.js';
import { groupLogoUrl, imageDataUrl } from './report-images.js';
import { presentReport } from './reports.presenter.js';
import { annotationsOf, type ReportRow, reportResult } from './reports.repo.js';

/** A report with its result, annotations, sources and the group's watermark and logo: for the page, the print view and the PDF. */
export async function reportDetail(db: Db, storage: FileStorage, row: ReportRow, viewerId: number | null) {
  const stored = row.status === 'done' ? await reportResult(db, row.id) : undefined;
  const result = (stored?.result ?? null) as Record<string, unknown> | null;
  const group = await db
    .selectFrom('groups')
    .select(['name', 'logo_url', 'watermark_text', 'watermark_switch', 'watermark_object', 'watermark_image_key'])
    .where('id', '=', row.group_id)
    .executeTakeFirstOrThrow();
  const watermarkOn =
    group.watermark_switch === 1 &&
    (group.watermark_object === '0' || group.watermark_object.split(',').includes(row.report_type));
  const annotations = await annotationsOf(db, row.id);
  return {
    ...presentReport(row, viewerId),
    result,
    findings: (result?.findings as { ruleId: string; level: string; title: string }[] | undefined) ?? [],
    annotations: annotations.map((item) => ({
      ruleId: item.rule_id,
      status: item.status,
      note: item.note,
      updatedBy: item.nick_name ?? (item.phone ? maskPhone(item.phone) : null),
      updateTime: item.updated_at.toISOString(),
    })),
    sources: (stored?.sources ?? []) as Record<string, unknown>[],
    watermark: watermarkOn
      ? { text: group.watermark_text, imageUrl: await imageDataUrl(storage, group.watermark_image_key) }
      : null,
    groupName: group.name,
    groupLogo: await groupLogoUrl(storage, group.logo_url),
    rulesVersion: stored
      ? {
          id: stored.settings_version_id,
          date: stored.settings_created_at ? formatDate(new Date(stored.settings_created_at).toISOString()) : null,
        }
      : null,
    customisation: customisationOf(await findConfig(db, row.group_id, row.report_type)),
  };
}
