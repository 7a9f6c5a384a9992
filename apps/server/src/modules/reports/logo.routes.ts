import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { configurableGroup, MAIN_ONLY, updateReportSettings } from './report-config.js';
import { imageFormatOf, LOGO_KEY, storeImage } from './report-images.js';

const tags = ['reports'];

/** Only keys of files we stored are ours to delete: a URL put in logo_url by hand stays. */
const storedLogo = (logo: string | null) => (logo?.startsWith('logos/') ? logo : null);

/**
 * The group's logo on report covers (/watermark 报告配置, same access as the watermark). The file
 * lives under logos/{groupId}/, its key in groups.logo_url; reports answer it as a data URL (the
 * print view and the PDF embed it), the session user as its public address below.
 */
export async function groupLogoRoutes(app: AppInstance) {
  // The logo at a public address that never changes content (a new logo gets a new random name),
  // so a browser fetches it once (issue 21). Only a group's current logo is answered: the name is
  // a random UUID, there is no listing, and a replaced or deleted logo is 404 at once.
  app.get(
    '/api/logo/:groupId/:file',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: '机构标志图片（公开地址，内容不变，可长期缓存）',
        params: z.object({ groupId: z.string(), file: z.string() }),
      },
    },
    async (request, reply) => {
      const key = `logos/${request.params.groupId}/${request.params.file}`;
      if (!LOGO_KEY.test(key)) throw notFound('机构标志不存在');
      const group = await app.db
        .selectFrom('groups')
        .select('id')
        .where('id', '=', Number(request.params.groupId))
        .where('logo_url', '=', key)
        .executeTakeFirst();
      const bytes = group ? await app.storage.readBuffer(key).catch(() => null) : null;
      const format = bytes && imageFormatOf(bytes);
      if (!bytes || !format) throw notFound('机构标志不存在');
      return reply
        .header('content-type', format.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );

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
