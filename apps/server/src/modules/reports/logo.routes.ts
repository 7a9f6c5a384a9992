import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { configurableGroup, MAIN_ONLY, updateReportSettings } from './report-config.js';
import { storeImage } from './report-images.js';

const tags = ['reports'];

/** Only keys of files we stored are ours to delete: a URL put in logo_url by hand stays. */
const storedLogo = (logo: string | null) => (logo?.startsWith('logos/') ? logo : null);

/**
 * The group's logo on report covers (/watermark 报告配置, same access as the watermark). The file
 * lives under logos/{groupId}/, its key in groups.logo_url; reports and the session user answer it
 * as a data URL.
 */
export async function groupLogoRoutes(app: AppInstance) {
  app.post(
    '/api/userInfo/uploadGroupLogo',
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '上传机构标志（报告封面；multipart，字段 file；PNG 或 JPG，不超过 512KB）',
        response: { 200: envelope(z.object({ imageUrl: z.string() })) },
      },
    },
    async (request) => {
      const { groupId, group } = await configurableGroup(app.db, request);
      const stored = await storeImage(request, app.storage, `logos/${groupId}`, '机构标志');
      await updateReportSettings(app.db, app.storage, groupId, { logo_url: stored.key }, storedLogo(group.logo_url));
      return ok({ imageUrl: stored.imageUrl }, '上传成功');
    },
  );

  app.post(
    '/api/userInfo/deleteGroupLogo',
    {
      config: { access: MAIN_ONLY },
      schema: { tags, summary: '删除机构标志（封面改用机构名称首字）', response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const { groupId, group } = await configurableGroup(app.db, request);
      if (!group.logo_url) return ok(null, '已删除');
      await updateReportSettings(app.db, app.storage, groupId, { logo_url: null }, storedLogo(group.logo_url));
      return ok(null, '已删除');
    },
  );
}
