import {
  operatorAuditEntrySchema,
  operatorAuditQuerySchema,
  operatorMeSchema,
  pageSchema,
  setStaffRolesSchema,
  staffEntrySchema,
} from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { writeAudit } from '../../plugins/operator-audit.js';
import { exportAudit, listAudit } from './audit.repo.js';
import { listStaff, setStaffRoles } from './staff.service.js';

const tags = ['operator'];
const EXPORT_LIMIT = 50_000;
const shanghai = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
const asText = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The console's own calls: who is signed in, the audit log, and the staff with their roles. */
export async function operatorConsoleRoutes(app: AppInstance) {
  app.get(
    '/api/operator/me',
    {
      config: { access: operatorAccess() },
      schema: { tags, summary: '当前运营人员及其角色', response: { 200: envelope(operatorMeSchema) } },
    },
    async (request) => {
      const session = sessionOf(request);
      return ok({
        userId: session.userId,
        phone: session.user.phone,
        name: session.user.nick_name ?? session.user.phone,
        roles: session.operatorRoles,
      });
    },
  );

  app.get(
    '/api/operator/audit',
    {
      config: { access: operatorAccess('admin') },
      schema: {
        tags,
        summary: '操作日志（谁、何时、做了什么、修改前后）',
        querystring: operatorAuditQuerySchema,
        response: { 200: envelope(pageSchema(operatorAuditEntrySchema)) },
      },
    },
    async (request) => ok(await listAudit(app.db, request.query)),
  );

  app.get(
    '/api/operator/audit/export',
    {
      config: { access: operatorAccess('admin') },
      schema: { tags, summary: '导出操作日志（Excel，按当前筛选条件）', querystring: operatorAuditQuerySchema },
    },
    async (request, reply) => {
      const rows = await exportAudit(app.db, request.query, EXPORT_LIMIT);
      const file = await buildXlsx(
        '操作日志',
        [
          { header: '时间', width: 20, value: (row) => shanghai(row.at) },
          { header: '操作人', width: 16, value: (row) => row.operatorName },
          { header: '手机号', width: 14, value: (row) => row.operatorPhone },
          { header: '操作', width: 30, value: (row) => row.summary },
          { header: '接口', width: 36, value: (row) => row.action },
          { header: '对象', width: 12, value: (row) => row.targetType ?? '' },
          { header: '对象编号', width: 12, value: (row) => row.targetId ?? '' },
          { header: '修改前', width: 50, value: (row) => asText(row.before) },
          { header: '修改后', width: 50, value: (row) => asText(row.after) },
          { header: 'IP', width: 16, value: (row) => row.ip ?? '' },
        ],
        rows,
      );
      return sendXlsx(reply, '操作日志.xlsx', file);
    },
  );

  app.get(
    '/api/operator/staff',
    {
      config: { access: operatorAccess('admin') },
      schema: { tags, summary: '运营人员及角色', response: { 200: envelope(z.array(staffEntrySchema)) } },
    },
    async () => ok(await listStaff(app.db)),
  );

  app.post(
    '/api/operator/staff/setRoles',
    {
      config: { access: operatorAccess('admin') },
      schema: {
        tags,
        summary: '设置运营人员角色（空列表：移出控制台）',
        body: setStaffRolesSchema,
        response: { 200: envelope(staffEntrySchema) },
      },
    },
    async (request) => {
      const staff = await setStaffRoles(app.db, sessionOf(request).userId, request.body, (tx, note) =>
        writeAudit(tx, request, { targetType: 'user', ...note }),
      );
      return ok(staff, '已保存');
    },
  );
}
