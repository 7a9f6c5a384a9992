import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { LIMITS } from '@taxlens/shared';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type PgBoss from 'pg-boss';
import type { Config } from './config.js';
import type { Db } from './db/kysely.js';
import { AppError } from './lib/app-error.js';
import { loggerOptions, logRequests } from './lib/request-log.js';
import type { FileStorage } from './lib/storage.js';
import { configureCompanyData } from './modules/companydata/company-data.js';
import { MODULES } from './modules/index.js';
import { createSmsSender, type SmsSender } from './modules/sms/sms.sender.js';
import { accessPlugin } from './plugins/access.js';
import { actingUserPlugin } from './plugins/acting-user.js';
import { compressJsonPlugin } from './plugins/compress-json.js';
import { dbPlugin } from './plugins/db.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { formBodyPlugin } from './plugins/form-body.js';
import { operatorAuditPlugin } from './plugins/operator-audit.js';
import { realtimePlugin } from './plugins/realtime.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionCachePlugin } from './plugins/session-cache.js';
import { webPlugin } from './plugins/web.js';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppDeps {
  config: Config;
  db: Db;
  /** The same database as `db`, for the realtime listener's own connection. */
  databaseUrl: string;
  storage: FileStorage;
  boss: PgBoss;
  sms?: SmsSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    boss: PgBoss;
    /** The database's connection string, for modules that need a connection of their own (COPY). */
    databaseUrl: string;
    sms: SmsSender;
    storage: FileStorage;
  }
}

/** Builds the whole HTTP application; main.ts and the tests both start from here. */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config),
    // Fastify's own per-request lines are off: logRequests writes one structured line per request.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  logRequests(app);

  // Infrastructure first, in dependency order; then every module from one list; the web client last.
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { config });
  await app.register(dbPlugin, { db: deps.db, config });
  configureCompanyData(deps.db, config);
  app.decorate('boss', deps.boss);
  app.decorate('databaseUrl', deps.databaseUrl);
  app.decorate('storage', deps.storage);
  app.decorate('sms', deps.sms ?? createSmsSender(config, deps.db, (line) => app.log.info(line)));
  await app.register(sessionCachePlugin, {
    databaseUrl: deps.databaseUrl,
    lifeSeconds: config.SESSION_CACHE_SECONDS,
    listLifeSeconds: config.LIST_CACHE_SECONDS,
  });
  await app.register(accessPlugin, {
    publicRateLimitPerMinute: config.PUBLIC_RATE_LIMIT_PER_MINUTE,
    userRateLimitPerMinute: config.USER_RATE_LIMIT_PER_MINUTE,
  });
  // Form-encoded POSTs (spec §7) are coerced to the route's schema, then a payload's userId is checked.
  await app.register(formBodyPlugin);
  await app.register(actingUserPlugin);
  await app.register(operatorAuditPlugin);
  // Registered after the access plugin, whose route hook gives public routes their limit first.
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS') });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  await app.register(docsPlugin);
  await app.register(realtimePlugin, { databaseUrl: deps.databaseUrl });
  // After the hooks that may still change an answer, so it compresses what leaves.
  await app.register(compressJsonPlugin);
  for (const module of MODULES) {
    await app.register(async (child) => module(child.withTypeProvider<ZodTypeProvider>()));
  }
  await app.register(webPlugin);
  return app;
}
