import {
  customerSearchSchema,
  customerUserSchema,
  groupDetailSchema,
  groupFlagsSchema,
  groupSummarySchema,
  pageSchema,
  setGroupFlagsSchema,
  setUserStatusSchema,
  userTargetSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { operatorAccess } from '../../plugins/access.js';
import { writeAudit } from '../../plugins/operator-audit.js';
import { searchUsers } from './customers.repo.js';
import {
  type AuditWriter,
  groupDetail,
  resetPassword,
  searchGroups,
  setGroupFlags,
  setUserStatus,
  signOutAll,
} from './customers.service.js';

const tags = ['operator'];
// Reading customers serves operations, support and finance; rights are operations'; accounts, support's.
const READ = operatorAccess('ops', 'support', 'finance');
const RIGHTS = operatorAccess('ops');
const ACCOUNTS = operatorAccess('support', 'ops');
const auditOf =
  (request: FastifyRequest): AuditWriter =>
  (tx, note) =>
    writeAudit(tx, request, note);

/** Operator console, customers: groups and users, their rights and flags, account actions. */
export async function operatorCustomersRoutes(app: AppInstance) {
  app.get(
    '/api/operator/groups',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: '集团列表（按名称、信用代码、联系人、成员手机号搜索）',
        querystring: customerSearchSchema,
        response: { 200: envelope(pageSchema(groupSummarySchema)) },
      },
    },
    async (request) => ok(await searchGroups(app.db, request.query)),
  );

  app.get(
    '/api/operator/groups/detail',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: '集团详情：权限与开关、成员、价格、最近流水',
        querystring: z.object({ groupId: z.coerce.number().int().positive() }),
        response: { 200: envelope(groupDetailSchema) },
      },
    },
    async (request) => ok(await groupDetail(app.db, request.query.groupId)),
  );

  app.post(
    '/api/operator/groups/setFlags',
    {
      config: { access: RIGHTS },
      schema: {
        tags,
        summary: '设置集团权限与开关（只改所传字段）',
        body: setGroupFlagsSchema,
        response: { 200: envelope(groupFlagsSchema) },
      },
    },
    async (request) => ok(await setGroupFlags(app.db, request.body, auditOf(request)), '已保存'),
  );

  app.get(
    '/api/operator/users',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: '客户账号搜索（手机号、姓名）',
        querystring: customerSearchSchema,
        response: { 200: envelope(pageSchema(customerUserSchema)) },
      },
    },
    async (request) => ok(await searchUsers(app.db, request.query)),
  );

  app.post(
    '/api/operator/users/setStatus',
    {
      config: { access: ACCOUNTS },
      schema: {
        tags,
        summary: '停用或启用客户账号（停用即退出全部登录）',
        body: setUserStatusSchema,
        response: { 200: envelope(customerUserSchema.optional()) },
      },
    },
    async (request) =>
      ok(
        await setUserStatus(app.db, request.body.userId, request.body.status, auditOf(request)),
        request.body.status === 'disabled' ? '已停用' : '已启用',
      ),
  );

  app.post(
    '/api/operator/users/signOutAll',
    {
      config: { access: ACCOUNTS },
      schema: {
        tags,
        summary: '使客户账号退出全部登录',
        body: userTargetSchema,
        response: { 200: envelope(z.object({ revoked: z.number().int() })) },
      },
    },
    async (request) => ok(await signOutAll(app.db, request.body.userId, auditOf(request)), '已退出全部登录'),
  );

  app.post(
    '/api/operator/users/resetPassword',
    {
      config: { access: ACCOUNTS },
      schema: {
        tags,
        summary: '重置客户密码：生成临时密码（只显示一次），并退出全部登录',
        body: userTargetSchema,
        response: { 200: envelope(z.object({ password: z.string() })) },
      },
    },
    async (request) => ok(await resetPassword(app.db, request.body.userId, auditOf(request)), '已重置'),
  );
}
