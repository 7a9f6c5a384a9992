import {
  addChildSchema,
  auditEntrySchema,
  childListQuerySchema,
  childUserSchema,
  deniedEntrySchema,
  deniedTypeOf,
  hasPermission,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  pageQuerySchema,
  pageSchema,
  updateChildSchema,
  updatePermissionsSchema,
  userIdSchema,
} from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { presentAudit } from './accounts.presenter.js';
import {
  actorOf,
  addChild,
  childDetails,
  deleteChild,
  listChildren,
  subordinates,
  updateChild,
  updatePermissions,
} from './accounts.service.js';
import { listAudit } from './audit.repo.js';

const tags = ['accounts'];
/** /company/user: firmManage|tissueArchitecture, and never for staff (spec §2, §6). */
export const MANAGE_USERS: RouteAccess = { permission: ['firmManage', 'tissueArchitecture'], levels: [1, 2] };

const permissionItemSchema = z.object({
  permission: z.string(),
  label: z.string(),
  type: z.union([z.literal(0), z.literal(1)]),
});
const catalogue = PERMISSION_KEYS.map((permission) => ({
  permission,
  label: PERMISSION_LABELS[permission],
  type: deniedTypeOf(permission),
}));

export async function accountsRoutes(app: AppInstance) {
  app.post(
    '/api/userInfo/addChildAccount',
    {
      config: { access: MANAGE_USERS },
      schema: { tags, summary: '新增子账号', body: addChildSchema, response: { 200: envelope(z.number().int()) } },
    },
    async (request) => ok(await addChild(app.db, actorOf(sessionOf(request)), request.body), '添加成功'),
  );

  app.get(
    '/api/userInfo/getChildUserList',
    {
      config: { access: MANAGE_USERS },
      schema: {
        tags,
        summary: '子账号列表',
        querystring: childListQuerySchema,
        response: { 200: envelope(pageSchema(childUserSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.query;
      return ok(await listChildren(app.db, actorOf(sessionOf(request)), filters, { page, size }));
    },
  );

  app.get(
    '/api/userInfo/findChildUserDetails',
    {
      config: { access: MANAGE_USERS },
      schema: { tags, summary: '子账号详情', querystring: userIdSchema, response: { 200: envelope(childUserSchema) } },
    },
    async (request) => ok(await childDetails(app.db, actorOf(sessionOf(request)), request.query.userId)),
  );

  app.post(
    '/api/userInfo/updateChildUser',
    {
      config: { access: MANAGE_USERS },
      schema: {
        tags,
        summary: '修改子账号（姓名、级别、停用、重置密码、团队）',
        body: updateChildSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await updateChild(app.db, actorOf(sessionOf(request)), request.body);
      return ok(null, '修改成功');
    },
  );

  app.post(
    '/api/userInfo/delUserDetails',
    {
      config: { access: MANAGE_USERS },
      schema: { tags, summary: '删除子账号', body: userIdSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await deleteChild(app.db, actorOf(sessionOf(request)), request.body.userId);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/api/userInfo/findSubordinateUser',
    {
      // Read-only and only one's own staff: the user pages (MANAGE_USERS) and the balance transfer
      // dialog (fyzx + zhBalance) both pick from it, so it needs the level only, not either permission set.
      config: { access: { permission: null, levels: [1, 2] } },
      schema: { tags, summary: '我管理的账号', response: { 200: envelope(pageSchema(childUserSchema)) } },
    },
    async (request) => ok(await subordinates(app.db, actorOf(sessionOf(request)))),
  );

  app.post(
    '/api/userInfo/updatePermissions',
    {
      config: { access: MANAGE_USERS },
      schema: {
        tags,
        summary: '修改子账号权限（禁用列表 notMenus）',
        body: updatePermissionsSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await updatePermissions(app.db, actorOf(sessionOf(request)), request.body.userId, request.body.notMenus);
      return ok(null, '设置成功');
    },
  );

  app.get(
    '/api/userInfo/findUserMenu',
    {
      config: { access: MANAGE_USERS },
      schema: {
        tags,
        summary: '某子账号的权限：全部权限项与其禁用列表',
        querystring: userIdSchema,
        response: {
          200: envelope(z.object({ all: z.array(permissionItemSchema), notMenus: z.array(deniedEntrySchema) })),
        },
      },
    },
    async (request) => {
      const child = await childDetails(app.db, actorOf(sessionOf(request)), request.query.userId);
      return ok({ all: catalogue, notMenus: child.notMenus });
    },
  );

  // Served under both prefixes the spec uses for it (§7 lists it with the tbMenu calls).
  for (const url of ['/api/userInfo/findUserMenuIds', '/api/tbMenu/findUserMenuIds'])
    app.get(
      url,
      {
        config: { access: MANAGE_USERS },
        schema: {
          tags,
          summary: '某子账号可用的权限项',
          querystring: userIdSchema,
          response: { 200: envelope(z.array(z.string())) },
        },
      },
      async (request) => {
        const child = await childDetails(app.db, actorOf(sessionOf(request)), request.query.userId);
        return ok(PERMISSION_KEYS.filter((key) => hasPermission(child, key)));
      },
    );

  app.get(
    '/api/userInfo/getMenuByUserId',
    {
      config: { access: { permission: null } },
      schema: { tags, summary: '当前用户可用的权限项', response: { 200: envelope(z.array(z.string())) } },
    },
    async (request) => ok(PERMISSION_KEYS.filter((key) => hasPermission(sessionOf(request), key))),
  );

  app.get(
    '/api/tbMenu/findAll',
    {
      config: { access: { permission: null } },
      schema: { tags, summary: '全部权限项', response: { 200: envelope(z.array(permissionItemSchema)) } },
    },
    async () => ok(catalogue),
  );

  app.get(
    '/api/userInfo/findAuditLog',
    {
      config: { access: { permission: null, levels: [1] } },
      schema: {
        tags,
        summary: '账号与权限变更记录（主账号可见）',
        querystring: pageQuerySchema,
        response: { 200: envelope(pageSchema(auditEntrySchema)) },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const groupId = actorOf(sessionOf(request)).groupId;
      const { rows, total } = await listAudit(app.db, groupId, { page: page - 1, size });
      return ok({ list: rows.map(presentAudit), total, page, size });
    },
  );
}
