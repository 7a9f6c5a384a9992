import { accessAllows, type OperatorRole, operatorRoleAllows, type PermissionKey } from '@taxlens/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { installationTag } from '../lib/installation.js';
import { isForeignToken } from '../lib/tokens.js';
import { resolveSession, type SessionContext } from '../modules/auth/session.service.js';

/**
 * Who may call a route. Every /api and /webSocket route declares one; the server refuses to
 * start otherwise. `permission: null` means any signed-in user of a group.
 */
export type RouteAccess =
  | { public: true }
  | {
      permission: PermissionKey | readonly PermissionKey[] | null;
      /** Open to signed-in users that have no group yet (binding the account subject). */
      allowNoGroup?: boolean;
      /**
       * Operator console staff only: the roles the route serves (管理员 passes all); `true` or an
       * empty list means any operator role.
       */
      operator?: boolean | readonly OperatorRole[];
      /** User levels allowed (e.g. [1, 2] keeps staff out of sub-account management). */
      levels?: readonly number[];
    };

/**
 * An operator console route and the roles it serves (issue 18), e.g. `operatorAccess('finance')`.
 * 管理员 passes every operator route; a customer session never does (403).
 */
export function operatorAccess(...roles: OperatorRole[]): RouteAccess {
  return { permission: null, operator: roles };
}

/**
 * Operator routes not yet given a role: 管理员 only. New operator routes should name their role
 * with operatorAccess(...) instead.
 */
export const OPERATOR: RouteAccess = operatorAccess('admin');

/** The roles an access rule admits, or null when it is not an operator route. */
export function operatorRolesOfRoute(access: RouteAccess): readonly OperatorRole[] | null {
  if ('public' in access || !access.operator) return null;
  return access.operator === true ? [] : access.operator;
}

export interface GuardedRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every guarded route and its access rule, for the permission table test and the docs. */
    guardedRoutes: GuardedRoute[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

const GUARDED_PREFIXES = ['/api/', '/webSocket'];
const PLUGIN_OWNED_PREFIXES = ['/api/docs'];

/**
 * Signed-in calls that cost real work (exports, PDFs, uploads, report and check creation): a
 * per-user limit, so one account cannot hold the workers or the browser pool.
 */
const COSTLY_ROUTE = /(export|pdf|upload|verify|\/create$|\/sign$|createReport|DueDiligenceReport)/i;

export const accessPlugin = fp(
  async (app: FastifyInstance, options: { publicRateLimitPerMinute: number; userRateLimitPerMinute: number }) => {
    app.decorateRequest('session', null);
    const guardedRoutes: GuardedRoute[] = [];
    app.decorate('guardedRoutes', guardedRoutes);

    app.addHook('onRoute', (route) => {
      const url = route.url;
      const guarded = GUARDED_PREFIXES.some((prefix) => url.startsWith(prefix));
      const pluginOwned = PLUGIN_OWNED_PREFIXES.some((prefix) => url.startsWith(prefix));
      if (!guarded || pluginOwned) return;
      const access = route.config?.access;
      if (!access) throw new Error(`路由 ${route.method} ${url} 没有声明权限（config.access），服务拒绝启动`);
      // Routes open without sign-in are the ones a script could hammer: each gets a per-address limit.
      if ('public' in access && options.publicRateLimitPerMinute > 0 && route.config?.rateLimit === undefined) {
        route.config = { ...route.config, rateLimit: { max: options.publicRateLimitPerMinute, timeWindow: 60_000 } };
      }
      const costly = !('public' in access) && COSTLY_ROUTE.test(url) && route.config?.rateLimit === undefined;
      if (costly && options.userRateLimitPerMinute > 0) {
        route.config = {
          ...route.config,
          rateLimit: {
            max: options.userRateLimitPerMinute,
            timeWindow: 60_000,
            // The access hook ran first: the limit follows the signed-in user, wherever it calls from.
            keyGenerator: (request: FastifyRequest) =>
              request.session ? `user:${request.session.userId}:${url}` : `ip:${request.ip}:${url}`,
          },
        };
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') guardedRoutes.push({ method, url, access });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access || 'public' in access) return;
      request.session = await authorize(app, request, access);
    });
  },
  { name: 'access', dependencies: ['db'] },
);

async function authorize(
  app: FastifyInstance,
  request: FastifyRequest,
  access: Exclude<RouteAccess, { public: true }>,
): Promise<SessionContext> {
  const token = readToken(request);
  if (token && isForeignToken(token, await installationTag(app.db))) throw new AppError('ILLEGAL_REQUEST');
  const session = token ? await resolveSession(app.db, token, app.config.SESSION_TTL_HOURS, app.sessionCache) : null;
  if (!session) throw new AppError('SESSION_INVALID');
  const operatorRoles = operatorRolesOfRoute(access);
  if (operatorRoles && !operatorRoleAllows(session.operatorRoles, operatorRoles)) throw new AppError('FORBIDDEN');
  if (!access.operator && session.groupId === null && !access.allowNoGroup) throw new AppError('NOT_GROUP_USER');
  if (!accessAllows(session, access)) throw new AppError('FORBIDDEN');
  return session;
}

/** The subprotocol a browser WebSocket names first; its token follows as the second. */
export const SOCKET_PROTOCOL = 'taxlens';

/**
 * The spec's client sends the token in a `token` header. A browser WebSocket cannot set headers,
 * so it offers the subprotocols `taxlens, <token>` (Sec-WebSocket-Protocol). Never from the URL:
 * URLs end up in request logs, proxies and browser history (issue 12).
 */
function readToken(request: FastifyRequest): string | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header.length > 0) return header;
  const offered = request.headers['sec-websocket-protocol'];
  if (typeof offered !== 'string') return null;
  const [name, token] = offered.split(',').map((part) => part.trim());
  return name === SOCKET_PROTOCOL && token ? token : null;
}

/** The signed-in session of a guarded route (the access hook has already checked it). */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new AppError('SESSION_INVALID');
  return request.session;
}
