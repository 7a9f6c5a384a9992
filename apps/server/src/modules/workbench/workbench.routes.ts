import { workbenchSchema } from '@taxlens/shared';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { workbench } from './workbench.service.js';

const SIGNED_IN: RouteAccess = { permission: null };

/** The home workbench (/home): one call for the whole first screen. */
export async function workbenchRoutes(app: AppInstance) {
  app.get(
    '/api/home/workbench',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['home'],
        summary: '首页工作台：起步步骤、客户与数据就绪、最近报告与导入、待处理的客户上传、失败任务、余额与次数',
        response: { 200: envelope(workbenchSchema) },
      },
    },
    async (request) => ok(await workbench(app.db, actorOf(sessionOf(request)))),
  );
}
