import path from 'node:path';
import { z } from 'zod';

/** Every environment variable the server reads, validated once at start (.env.example lists them). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Unset: 54329, or a free port when that one is taken (logged). Set: exactly this port or a clear error. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(72),
  /**
   * Seconds a resolved session is kept in memory, so a signed-in read costs no query (issue 21);
   * PostgreSQL tells every instance at once when it changes (migration 0310). 0 turns it off.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /**
   * Seconds a company list answer (findFirmList) is kept in memory with its compressed forms;
   * PostgreSQL tells every instance at once when a group's lists change (migration 0350). 0 turns it off.
   */
  LIST_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  RUN_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  PUBLIC_URL: z.string().url().optional(),
  /** The home page footer (spec §2): copyright line ({year} = this year), ICP filing number and its lookup link. */
  SITE_COPYRIGHT: z.string().trim().min(1).default('© {year} 税镜 TaxLens 版权所有'),
  SITE_FILING_NO: z.string().trim().default(''),
  SITE_FILING_URL: z.string().url().default('https://beian.miit.gov.cn/'),
  /** The footer's friendly link to a sister site; an empty name hides it. */
  SITE_SISTER_NAME: z.string().trim().default('国家税务总局'),
  SITE_SISTER_URL: z.string().url().default('https://www.chinatax.gov.cn/'),
  /** Lets the login page show the latest code of the built-in SMS outbox (no gateway configured). */
  SMS_DEV_OUTBOX: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Fastify's trustProxy: whom to believe about X-Forwarded-For. Off by default, or any client
   * could claim another address and escape the per-address SMS limit. 'true' (any peer) or a
   * comma-separated list of proxy addresses/CIDRs. Hop counts are refused: this Fastify version
   * treats a number as "trust nobody", which would silently put every client behind one address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((value) => !/^\d+$/.test(value), '请填写 true、false 或以逗号分隔的代理地址/网段，不支持跳数')
    .transform((value): boolean | string => (value === 'true' || value === 'false' ? value === 'true' : value)),
  /** Requests a minute one client address may make to each route open without sign-in; 0 turns the limit off. */
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  /** Calls a minute one signed-in user may make to each costly route (exports, PDFs, uploads, report creation); 0 = off. */
  USER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** Import workers in each process that runs workers (several files are processed at once). */
  IMPORT_WORKERS: z.coerce.number().int().min(1).max(16).default(3),
  /** Files one group may have processing at once, across all processes; unset: IMPORT_WORKERS − 1 (at least 1). */
  IMPORT_GROUP_SHARE: z.coerce.number().int().min(1).optional(),
  /** Time one file may take to import before it is stopped and refused (under the queue's 15-minute expiry). */
  IMPORT_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(840).default(600),
  /** Invoice exports of 256 KiB and more are read on a kept import thread (issue 21); off: on the worker's own thread. */
  IMPORT_READ_THREAD: z.enum(['on', 'off']).default('on'),
  /** Hours between scheduled backups to DATA_DIR/backups (taxlens-auto-*.tar.gz); 0 turns them off. */
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).default(24),
  /** Scheduled backups kept; older ones are deleted after each new one (manual backups are never deleted). */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /** Where SMS go: the built-in outbox (log + table), or an HTTP gateway that takes signed JSON. */
  SMS_PROVIDER: z.enum(['outbox', 'webhook'], { error: 'SMS_PROVIDER 应为 outbox 或 webhook' }).default('outbox'),
  SMS_WEBHOOK_URL: z.string().url('SMS_WEBHOOK_URL 应为网址').optional(),
  SMS_WEBHOOK_SECRET: z.string().min(16, '至少16个字符').optional(),
  /**
   * The built-in sandbox cashier (no real money moves). On by default, as it is the only online
   * gateway shipped; a deployment that takes real money sets it false and keeps bank transfer.
   */
  PAYMENT_SANDBOX: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** HMAC secret of the sandbox payment gateway; unset: generated once and kept in the database. */
  PAYMENT_SANDBOX_SECRET: z.string().min(16, '至少16个字符').optional(),
  /**
   * Sign-in from a partner platform (/api/auvgo/login): its OAuth 2.0 authorization-code endpoints
   * (RFC 6749 §4.1) and OpenID Connect userinfo (the user's phone_number). All four set, or none.
   */
  PARTNER_OAUTH_TOKEN_URL: z.string().url('PARTNER_OAUTH_TOKEN_URL 应为网址').optional(),
  PARTNER_OAUTH_USERINFO_URL: z.string().url('PARTNER_OAUTH_USERINFO_URL 应为网址').optional(),
  PARTNER_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  PARTNER_OAUTH_CLIENT_SECRET: z.string().min(8, '至少8个字符').optional(),
  /**
   * The partner platform our users sign in to with a one-time code (szx/auth/code): the client id
   * and secret it presents at /api/partner/sso/token. Both set, or none.
   */
  PARTNER_SSO_CLIENT_ID: z.string().min(1).optional(),
  PARTNER_SSO_CLIENT_SECRET: z.string().min(16, '至少16个字符').optional(),
  /**
   * Platform operators: comma-separated phones of existing users made operators at every start
   * (users.is_operator; never creates users, and never revokes: remove an operator by SQL).
   */
  OPERATOR_PHONES: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((phone) => phone.trim())
        .filter(Boolean),
    )
    .refine((phones) => phones.every((phone) => /^1\d{10}$/.test(phone)), '请填写以逗号分隔的11位手机号'),
  /**
   * The account customers pay bank transfers into. Set name, account number and bank together to
   * replace the seeded demo payee; the notice is an optional line shown with it.
   */
  BANK_PAYEE_NAME: z.string().trim().min(1).optional(),
  BANK_PAYEE_ACCOUNT: z.string().trim().min(1).optional(),
  BANK_PAYEE_BANK: z.string().trim().min(1).optional(),
  BANK_PAYEE_NOTICE: z.string().trim().optional(),
  /**
   * Online banking (网银支付, /api/spdb/*) through a bank's B2C gateway. Set the merchant number,
   * both keys and the form url of the chosen mode (the bank's test and production gateways differ),
   * plus PUBLIC_URL for the bank's notification; unset: the pay page offers the other methods.
   */
  BANK_GATEWAY_MODE: z.enum(['test', 'production']).default('test'),
  BANK_GATEWAY_TEST_URL: z.string().url('BANK_GATEWAY_TEST_URL 应为网址').optional(),
  BANK_GATEWAY_PROD_URL: z.string().url('BANK_GATEWAY_PROD_URL 应为网址').optional(),
  BANK_GATEWAY_MERCHANT_ID: z.string().trim().min(1).optional(),
  /** The merchant's RSA private key (PEM, newlines may be written as \n). */
  BANK_GATEWAY_MERCHANT_KEY: z.string().optional(),
  /** The bank's RSA public key or certificate (PEM), which signs its notifications. */
  BANK_GATEWAY_BANK_KEY: z.string().optional(),
  BANK_GATEWAY_BANK_NAME: z.string().trim().min(1).default('上海浦东发展银行'),
  /**
   * Who answers invoice authenticity checks: the built-in local checks (本地核验), or a relay of the
   * national verification service (its url, app id and secret; 5 checks per invoice per day).
   */
  VERIFICATION_PROVIDER: z
    .enum(['local', 'relay'], { error: 'VERIFICATION_PROVIDER 应为 local 或 relay' })
    .default('local'),
  VERIFICATION_RELAY_URL: z.string().url('VERIFICATION_RELAY_URL 应为网址').optional(),
  VERIFICATION_RELAY_APP_ID: z.string().trim().min(1).optional(),
  VERIFICATION_RELAY_APP_SECRET: z.string().trim().min(8, '至少8个字符').optional(),
  /**
   * Authorised collection of a client's e-tax-bureau data through a tax-data aggregator (none: the
   * pages say it is not configured and offer the file import and the share link instead).
   */
  TAX_CONNECTOR_PROVIDER: z
    .enum(['none', 'jumdata'], { error: 'TAX_CONNECTOR_PROVIDER 应为 none 或 jumdata' })
    .default('none'),
  TAX_CONNECTOR_URL: z.string().url('TAX_CONNECTOR_URL 应为网址').optional(),
  TAX_CONNECTOR_APP_ID: z.string().trim().min(1).optional(),
  TAX_CONNECTOR_APP_SECRET: z.string().trim().min(8, '至少8个字符').optional(),
  /** Spec §9: authorisation and long collections take 10–50 minutes. */
  TAX_CONNECTOR_AUTH_MINUTES: z.coerce.number().min(0.01).default(30),
  TAX_CONNECTOR_COLLECT_MINUTES: z.coerce.number().min(0.01).default(50),
  /** Collections a group may run at once (the vendor bills and limits concurrent logins). */
  TAX_CONNECTOR_MAX_SESSIONS: z.coerce.number().int().min(1).default(3),
  /**
   * The vendor's call paths as JSON ({"sendSms":"/…"}), over the defaults read from its published
   * pages: a contract that differs is one setting, not a code change (see docs/decisions.md).
   */
  TAX_CONNECTOR_PATHS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      try {
        const parsed = JSON.parse(text) as unknown;
        if (
          parsed &&
          typeof parsed === 'object' &&
          !Array.isArray(parsed) &&
          Object.values(parsed).every((path) => typeof path === 'string' && path.startsWith('/'))
        )
          return parsed as Record<string, string>;
      } catch {}
      ctx.addIssue({ code: 'custom', message: 'TAX_CONNECTOR_PATHS 应为 JSON 对象，值为以 / 开头的路径' });
      return z.NEVER;
    }),
  /**
   * 畅捷通 open platform (spec cjt/*): the app's appKey/appSecret from Chanjet's developer centre. Unset:
   * the bookkeeping authorisation says it is not configured and the statement file import stays.
   */
  CHANJET_APP_KEY: z.string().trim().min(1).optional(),
  CHANJET_APP_SECRET: z.string().trim().min(8, '至少8个字符').optional(),
  CHANJET_API_URL: z.string().url('CHANJET_API_URL 应为网址').default('https://openapi.chanjet.com'),
  CHANJET_AUTHORIZE_URL: z
    .string()
    .url('CHANJET_AUTHORIZE_URL 应为网址')
    .default('https://market.chanjet.com/user/v2/authorize'),
  /** Where Chanjet sends the client back with ?code=&state= (our web page that then calls shyAuthorization). */
  CHANJET_REDIRECT_URI: z.string().url('CHANJET_REDIRECT_URI 应为网址').optional(),
  /**
   * Who answers company look-ups and the company reports: the built-in tables the operator fills by
   * importing the official lists (builtin), or the 天眼查 open platform (tianyancha: its token; calls are
   * logged with their cost and cached for TIANYANCHA_CACHE_HOURS).
   */
  COMPANY_DATA_PROVIDER: z
    .enum(['builtin', 'tianyancha'], { error: 'COMPANY_DATA_PROVIDER 应为 builtin 或 tianyancha' })
    .default('builtin'),
  TIANYANCHA_URL: z.string().url('TIANYANCHA_URL 应为网址').default('http://open.api.tianyancha.com'),
  TIANYANCHA_TOKEN: z.string().trim().min(8, '至少8个字符').optional(),
  /** Price of an answered call in fen (the contract's price list); per endpoint: TIANYANCHA_PRICES. */
  TIANYANCHA_PRICE_FEN: z.coerce.number().int().min(0).default(20),
  /** 'endpoint path=fen' pairs separated by commas, e.g. /services/open/ic/baseinfo/normal=50. */
  TIANYANCHA_PRICES: z
    .string()
    .optional()
    .transform((value) =>
      Object.fromEntries(
        (value ?? '')
          .split(',')
          .map((pair) => pair.trim().split('='))
          .filter((pair) => pair.length === 2)
          .map(([path, fen]) => [path?.trim() ?? '', Number(fen)]),
      ),
    )
    .refine(
      (prices) =>
        Object.entries(prices).every(([path, fen]) => path.startsWith('/') && Number.isInteger(fen) && fen >= 0),
      '请写成 接口路径=分 的形式，以逗号分隔',
    ),
  TIANYANCHA_CACHE_HOURS: z.coerce.number().min(0).default(168),
  /**
   * Largest dataset file the operator may import (MB). A list version replaces the whole list, so a
   * registry cannot be split into uploads under the general 50 MB limit: 1 000 000 registry rows are
   * about 100 MB of csv. The file streams to disk and then through COPY; it is never held in memory.
   */
  DATASET_UPLOAD_MAX_MB: z.coerce
    .number({ error: 'DATASET_UPLOAD_MAX_MB 应为1到4096的整数' })
    .int('DATASET_UPLOAD_MAX_MB 应为1到4096的整数')
    .min(1, 'DATASET_UPLOAD_MAX_MB 应为1到4096的整数')
    .max(4096, 'DATASET_UPLOAD_MAX_MB 应为1到4096的整数')
    .default(1024),
  /**
   * The chat assistant (issue 17): an OpenAI-compatible chat-completions server that phrases answers
   * from the retrieved sources (its base url, e.g. https://api.openai.com/v1, key and model). Unset:
   * the assistant answers with the retrieved sources alone and the chat says so.
   */
  CHAT_LLM_URL: z.string().url('CHAT_LLM_URL 应为网址').optional(),
  CHAT_LLM_API_KEY: z.string().trim().min(1).optional(),
  CHAT_LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  /** Time the model may take; under the chat's 20 s so a slow model falls back to the sources. */
  CHAT_LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(19000).default(12000),
});

const checkedEnvSchema = envSchema
  .refine((env) => env.SMS_PROVIDER !== 'webhook' || (env.SMS_WEBHOOK_URL && env.SMS_WEBHOOK_SECRET), {
    message: 'SMS_PROVIDER=webhook 时需要 SMS_WEBHOOK_URL 和 SMS_WEBHOOK_SECRET',
    path: ['SMS_PROVIDER'],
  })
  .refine(
    (env) =>
      env.VERIFICATION_PROVIDER !== 'relay' ||
      (env.VERIFICATION_RELAY_URL && env.VERIFICATION_RELAY_APP_ID && env.VERIFICATION_RELAY_APP_SECRET),
    {
      message:
        'VERIFICATION_PROVIDER=relay 时需要 VERIFICATION_RELAY_URL、VERIFICATION_RELAY_APP_ID 和 VERIFICATION_RELAY_APP_SECRET',
      path: ['VERIFICATION_PROVIDER'],
    },
  )
  .refine(
    (env) =>
      env.TAX_CONNECTOR_PROVIDER === 'none' ||
      (env.TAX_CONNECTOR_URL && env.TAX_CONNECTOR_APP_ID && env.TAX_CONNECTOR_APP_SECRET),
    {
      message:
        'TAX_CONNECTOR_PROVIDER=jumdata 时需要 TAX_CONNECTOR_URL、TAX_CONNECTOR_APP_ID 和 TAX_CONNECTOR_APP_SECRET',
      path: ['TAX_CONNECTOR_PROVIDER'],
    },
  )
  .refine((env) => env.COMPANY_DATA_PROVIDER !== 'tianyancha' || env.TIANYANCHA_TOKEN, {
    message: 'COMPANY_DATA_PROVIDER=tianyancha 时需要 TIANYANCHA_TOKEN',
    path: ['COMPANY_DATA_PROVIDER'],
  })
  .refine(
    (env) => {
      const set = [env.BANK_PAYEE_NAME, env.BANK_PAYEE_ACCOUNT, env.BANK_PAYEE_BANK].filter(Boolean).length;
      return set === 0 || set === 3;
    },
    { message: 'BANK_PAYEE_NAME、BANK_PAYEE_ACCOUNT、BANK_PAYEE_BANK 需同时填写', path: ['BANK_PAYEE_NAME'] },
  )
  .refine(
    (env) =>
      !env.BANK_GATEWAY_MERCHANT_ID ||
      (env.BANK_GATEWAY_MERCHANT_KEY &&
        env.BANK_GATEWAY_BANK_KEY &&
        env.PUBLIC_URL &&
        (env.BANK_GATEWAY_MODE === 'test' ? env.BANK_GATEWAY_TEST_URL : env.BANK_GATEWAY_PROD_URL)),
    {
      message:
        'BANK_GATEWAY_MERCHANT_ID 设置时需要 BANK_GATEWAY_MERCHANT_KEY、BANK_GATEWAY_BANK_KEY、PUBLIC_URL 以及所选模式的网关地址（BANK_GATEWAY_TEST_URL 或 BANK_GATEWAY_PROD_URL）',
      path: ['BANK_GATEWAY_MERCHANT_ID'],
    },
  );

export type Config = z.infer<typeof envSchema> & { dataDir: string; webDistDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`环境变量配置有误:\n${lines.join('\n')}`);
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    ...parsed.data,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    webDistDir: parsed.data.WEB_DIST_DIR
      ? path.resolve(parsed.data.WEB_DIST_DIR)
      : path.join(repoRoot, 'apps/web/dist'),
  };
}
