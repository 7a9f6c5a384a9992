import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppInstance, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, type Db } from '../src/db/kysely.js';
import { startBoss, startWorkers } from '../src/jobs/boss.js';
import { createLocalStorage } from '../src/lib/storage.js';
import { importSettingsFrom } from '../src/modules/imports/import-slots.js';
import { DEMO } from '../src/seed/demo-seed.js';

export interface TestContext {
  app: AppInstance;
  db: Db;
  url: string;
  /** Signs in and returns the token. */
  login(phone: string, password?: string): Promise<string>;
  /** Calls the API as the holder of a token; the body is parsed. */
  call(
    method: 'GET' | 'POST',
    url: string,
    options?: { token?: string; body?: unknown; query?: Record<string, string> },
  ): Promise<ApiAnswer>;
  close(): Promise<void>;
}

export interface ApiAnswer {
  status: number;
  code: number;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answer shapes
  data: any;
  raw: LightMyRequestResponse;
}

/** A fresh database cloned from a template, the real app on it, and a pg-boss on the same database. */
export async function createTestContext(
  options: { template?: 'demo' | 'empty'; workers?: boolean; env?: Record<string, string> } = {},
): Promise<TestContext> {
  const baseUrl = inject('pgBaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await cloneDatabase(baseUrl, `tpl_${options.template ?? 'demo'}`, name);
  const url = `${baseUrl}/${name}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    DATA_DIR: path.join(os.tmpdir(), name),
    LOG_LEVEL: 'warn',
    // API tests sign in hundreds of times from one address; the limit has its own test.
    PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
    USER_RATE_LIMIT_PER_MINUTE: '0',
    // API tests change users, groups and wallets directly between calls and expect the very next
    // call to see it; the session cache (whose notice arrives a moment later) has its own tests.
    SESSION_CACHE_SECONDS: process.env.TEST_SESSION_CACHE ?? '0',
    // Likewise the company list cache (list-cache.test.ts has its tests); TEST_LIST_CACHE=300 runs them with it.
    LIST_CACHE_SECONDS: process.env.TEST_LIST_CACHE ?? '0',
    ...options.env,
  });
  const { db } = createDb(url, 5);
  const boss = await startBoss(url, () => {});
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const app = await buildApp({ config, db, boss, databaseUrl: url, storage });
  if (options.workers) await startWorkers({ db, boss, storage, log: () => {}, imports: importSettingsFrom(config) });
  await app.ready();

  const call: TestContext['call'] = async (method, url, opts = {}) => {
    const raw = await app.inject({
      method,
      url,
      query: opts.query,
      headers: opts.token ? { token: opts.token } : {},
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    const body = raw.headers['content-type']?.toString().includes('json')
      ? raw.json()
      : { code: -1, msg: '', data: null };
    return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data, raw };
  };

  return {
    app,
    db,
    url,
    call,
    async login(phone, password = DEMO.password) {
      const answer = await call('POST', '/api/userInfo/login', { body: { phone, pwd: password } });
      if (answer.code !== 0) throw new Error(`login ${phone} failed: ${answer.msg}`);
      return answer.data.userToken as string;
    },
    async close() {
      await app.close();
      await boss.stop({ graceful: false });
      await db.destroy();
    },
  };
}

async function cloneDatabase(baseUrl: string, template: string, name: string) {
  const admin = new pg.Client({ connectionString: `${baseUrl}/postgres` });
  await admin.connect();
  try {
    // Two files cloning the same template at the same instant can collide; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  } finally {
    await admin.end();
  }
}

export { multipartBody, multipartFilesBody } from './multipart.js';

/** Reads the code the built-in SMS sender last put in the outbox for `phone`. */
export async function codeSentTo(ctx: TestContext, phone: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('sms_outbox')
    .select('content')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6})/.exec(row.content)?.[1] ?? '';
}
