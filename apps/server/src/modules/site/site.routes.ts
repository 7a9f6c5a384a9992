import { headerThemeSchema, siteInfoSchema } from '@taxlens/shared';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';

/** Site presentation (issue 15): the configured footer, and the header colour each user picks. */
export async function siteRoutes(app: AppInstance) {
  app.get(
    '/api/system/site',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['system'],
        summary: '页脚信息：版权、备案号、友情链接（来自部署配置）',
        response: { 200: envelope(siteInfoSchema) },
      },
    },
    async () =>
      ok({
        copyright: app.config.SITE_COPYRIGHT,
        filingNo: app.config.SITE_FILING_NO,
        filingUrl: app.config.SITE_FILING_URL,
        sisterName: app.config.SITE_SISTER_NAME,
        sisterUrl: app.config.SITE_SISTER_URL,
      }),
  );

  app.post(
    '/api/userInfo/updateHeaderTheme',
    {
      config: { access: { permission: null, allowNoGroup: true } },
      schema: { tags: ['userInfo'], summary: '设置顶栏主题颜色（按用户保存）', body: headerThemeSchema },
    },
    async (request) => {
      await app.db
        .updateTable('users')
        .set({ header_theme: request.body.headerTheme, updated_at: new Date() })
        .where('id', '=', sessionOf(request).userId)
        .execute();
      return ok({ headerTheme: request.body.headerTheme }, '设置成功');
    },
  );
}
