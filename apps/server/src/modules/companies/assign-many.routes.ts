import { assignCompaniesSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { assignCompanies } from './assign-many.service.js';

export async function assignManyRoutes(app: AppInstance) {
  app.post(
    '/api/CsbFirmCertification/assignFirms',
    {
      // As assignFirm: the company pages, main account and supervisors.
      config: { access: { permission: 'firmManage', levels: [1, 2] } },
      schema: {
        tags: ['CsbFirmCertification'],
        summary: '批量分配企业负责人（全部成功或全部不变）',
        body: assignCompaniesSchema,
        response: { 200: envelope(z.number().int()) },
      },
    },
    async (request) => {
      const { firmIds, assigneeId } = request.body;
      return ok(await assignCompanies(app.db, actorOf(sessionOf(request)), firmIds, assigneeId), '分配成功');
    },
  );
}
