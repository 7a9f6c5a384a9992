/**
 * The 天眼查 open platform (open.tianyancha.com) as its published API description gives it: GET
 * `{base}/services/open/…` with the account token in the `Authorization` header and the query in
 * URL parameters (keyword = name, id, registration number or credit code); the answer is
 * `{ error_code, reason, result }`, error_code 0 = an answer, 300000 = 经查无结果, 3000xx = a refusal
 * (account, balance, rate, permission). Every call that reaches the vendor is written to the cost
 * log (cd_vendor_calls); answers and "no result" are cached (cd_vendor_cache) for cacheHours, and the
 * day they were fetched is the as-of date of everything read from them.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely.js';
import { AppError } from '../../../lib/app-error.js';

export const TYC_PROVIDER = 'tianyancha';

/** Refusals named in the vendor's error-code table. */
export const TYC_ERRORS: Readonly<Record<number, string>> = {
  300001: '请求失败',
  300002: '账号失效',
  300003: '账号过期',
  300004: '访问频率过快',
  300005: '无权限访问此接口',
  300006: '余额不足',
  300007: '剩余次数不足',
  300008: '缺少必要参数',
  300009: '账号信息有误',
  300010: '接口地址不存在',
  300011: '此IP无权限访问此接口',
  300012: '报告生成中',
};
const NO_RESULT = 300000;

export interface TycConfig {
  /** e.g. http://open.api.tianyancha.com (no trailing path). */
  url: string;
  token: string;
  /** Price of one answered call in fen, by endpoint path; others cost defaultPriceFen. */
  prices: Readonly<Record<string, number>>;
  defaultPriceFen: number;
  cacheHours: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface TycAnswer<T> {
  /** The vendor's `result`, or null when it has nothing for the query. */
  result: T | null;
  /** 'YYYY-MM-DD' (Asia/Shanghai) of the day the answer was fetched from the vendor. */
  asOf: string;
}

type VendorBody = { error_code?: number; reason?: string; result?: unknown };

function queryKey(params: Record<string, string | number>): string {
  const text = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return createHash('sha256').update(text).digest('hex');
}

function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export interface TycClient {
  readonly config: TycConfig;
  get<T>(endpoint: string, params: Record<string, string | number>): Promise<TycAnswer<T>>;
}

export function createTycClient(db: Db, config: TycConfig): TycClient {
  const doFetch = config.fetch ?? fetch;

  async function cached<T>(endpoint: string, key: string): Promise<TycAnswer<T> | undefined> {
    const row = await db
      .selectFrom('cd_vendor_cache')
      .select(['body', 'fetched_at'])
      .where('provider', '=', TYC_PROVIDER)
      .where('endpoint', '=', endpoint)
      .where('query_key', '=', key)
      .where('fetched_at', '>', sql<Date>`now() - make_interval(hours => ${config.cacheHours})`)
      .executeTakeFirst();
    return row ? { result: (row.body as T | null) ?? null, asOf: shanghaiDay(row.fetched_at) } : undefined;
  }

  async function logCall(entry: {
    endpoint: string;
    keyword: string;
    httpStatus: number | null;
    errorCode: number | null;
    outcome: 'ok' | 'empty' | 'error';
    costFen: number;
    durationMs: number;
  }) {
    await db
      .insertInto('cd_vendor_calls')
      .values({
        provider: TYC_PROVIDER,
        endpoint: entry.endpoint,
        keyword: entry.keyword.slice(0, 200),
        http_status: entry.httpStatus,
        error_code: entry.errorCode,
        outcome: entry.outcome,
        cost_fen: entry.costFen,
        duration_ms: entry.durationMs,
      })
      .execute();
  }

  return {
    config,
    async get<T>(endpoint: string, params: Record<string, string | number>): Promise<TycAnswer<T>> {
      const key = queryKey(params);
      const hit = await cached<T>(endpoint, key);
      if (hit) return hit;
      const url = new URL(endpoint, config.url);
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
      const keyword = String(params.keyword ?? params.word ?? params.name ?? '');
      const started = Date.now();
      let status: number | null = null;
      let body = null as VendorBody | null;
      try {
        const response = await doFetch(url, {
          headers: { Authorization: config.token },
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
        status = response.status;
        body = response.ok ? ((await response.json()) as VendorBody) : null;
      } catch {
        body = null;
      }
      const durationMs = Date.now() - started;
      const errorCode = typeof body?.error_code === 'number' ? body.error_code : null;
      if (errorCode === 0 || errorCode === NO_RESULT) {
        const result = errorCode === 0 ? ((body?.result ?? null) as T | null) : null;
        // The vendor bills answered calls; 经查无结果 is not billed.
        const costFen = errorCode === 0 ? (config.prices[endpoint] ?? config.defaultPriceFen) : 0;
        await logCall({
          endpoint,
          keyword,
          httpStatus: status,
          errorCode,
          outcome: result ? 'ok' : 'empty',
          costFen,
          durationMs,
        });
        await db
          .insertInto('cd_vendor_cache')
          .values({
            provider: TYC_PROVIDER,
            endpoint,
            query_key: key,
            body: result === null ? null : JSON.stringify(result),
          })
          .onConflict((oc) =>
            oc.columns(['provider', 'endpoint', 'query_key']).doUpdateSet({
              body: result === null ? null : JSON.stringify(result),
              fetched_at: sql<Date>`now()`,
            }),
          )
          .execute();
        return { result, asOf: shanghaiDay(new Date()) };
      }
      await logCall({ endpoint, keyword, httpStatus: status, errorCode, outcome: 'error', costFen: 0, durationMs });
      const reason =
        errorCode !== null
          ? `${errorCode} ${TYC_ERRORS[errorCode] ?? body?.reason ?? '未知错误'}`
          : status !== null
            ? `HTTP ${status}`
            : '无法连接';
      throw new AppError('UPSTREAM_FAILED', `企业数据服务（天眼查）暂时不可用：${reason}`);
    },
  };
}
