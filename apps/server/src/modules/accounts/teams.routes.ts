import { createTeamSchema, removeTeamMemberSchema, teamIdSchema, teamSchema, updateTeamSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { MANAGE_USERS } from './accounts.routes.js';
import { actorOf } from './accounts.service.js';
import { createTeam, deleteTeam, removeTeamMember, teamsOf, unassignedUsers, updateTeam } from './teams.service.js';

const tags = ['teams'];
/** Only the main account changes teams; supervisors see the teams they are in. */
const EDIT_TEAMS: RouteAccess = { permission: ['firmManage', 'tissueArchitecture'], levels: [1] };
const memberSchema = z.object({
  userId: z.number().int(),
  phone: z.string(),
  nickName: z.string().nullable(),
  level: z.number().int(),
});

export async function teamsRoutes(app: AppInstance) {
  app.get(
    '/api/userInfo/findUserGroupList',
    {
      config: { access: MANAGE_USERS },
      schema: { tags, summary: '团队列表', response: { 200: envelope(z.array(teamSchema)) } },
    },
    async (request) => ok(await teamsOf(app.db, actorOf(sessionOf(request)))),
  );

  app.post(
    '/api/userInfo/createGroup',
    {
      config: { access: EDIT_TEAMS },
      schema: { tags, summary: '新建团队', body: createTeamSchema, response: { 200: envelope(z.number().int()) } },
    },
    async (request) => ok(await createTeam(app.db, actorOf(sessionOf(request)), request.body), '创建成功'),
  );

  app.post(
    '/api/userInfo/updateUserGroup',
    {
      config: { access: EDIT_TEAMS },
      schema: { tags, summary: '修改团队名称与成员', body: updateTeamSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await updateTeam(app.db, actorOf(sessionOf(request)), request.body);
      return ok(null, '修改成功');
    },
  );

  app.post(
    '/api/userInfo/delGroup',
    {
      config: { access: EDIT_TEAMS },
      schema: { tags, summary: '删除团队（成员账号保留）', body: teamIdSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await deleteTeam(app.db, actorOf(sessionOf(request)), request.body.teamId);
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/api/userInfo/findNotGroupChildUserList',
    {
      config: { access: EDIT_TEAMS },
      schema: { tags, summary: '未加入任何团队的子账号', response: { 200: envelope(z.array(memberSchema)) } },
    },
    async (request) => ok(await unassignedUsers(app.db, actorOf(sessionOf(request)))),
  );

  app.get(
    '/api/userInfo/findRemoveUser',
    {
      config: { access: EDIT_TEAMS },
      schema: {
        tags,
        summary: '团队成员（可移出）',
        querystring: teamIdSchema,
        response: { 200: envelope(z.array(memberSchema)) },
      },
    },
    async (request) => {
      const teams = await teamsOf(app.db, actorOf(sessionOf(request)));
      const team = teams.find((item) => item.teamId === request.query.teamId);
      if (!team) throw notFound('团队不存在或已删除');
      return ok(team.members);
    },
  );

  app.post(
    '/api/userInfo/delRemoveUser',
    {
      config: { access: EDIT_TEAMS },
      schema: { tags, summary: '把成员移出团队', body: removeTeamMemberSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await removeTeamMember(app.db, actorOf(sessionOf(request)), request.body.teamId, request.body.userId);
      return ok(null, '已移出');
    },
  );
}
