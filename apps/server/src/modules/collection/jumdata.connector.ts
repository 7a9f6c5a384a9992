/**
 * HTTP client of a tax-data aggregator that follows 聚美智数's published 税局登录 API conventions:
 * every call a form-encoded POST carrying appId, timestamp (ms) and
 * sign = sha256(appId + appSecret + timestamp) beside the business fields (nsrsbh 纳税人识别号,
 * dq 地区编码, gryhm 登录账号, token); answers are JSON with `code` (200 = success) and `msg`.
 * 315 is 未认证或认证已过期 on the auth-status call. The paths are kept in one table so a
 * contract change is one edit; `test/fake-tax-aggregator.ts` serves the same contract.
 */
import { createHash } from 'node:crypto';
import {
  type AuthState,
  type CollectedFile,
  type CollectionState,
  ConnectorError,
  type LoginTarget,
  type TaxDataConnector,
} from './tax-data.connector.js';

export const JUMDATA_PATHS = {
  sendSms: '/tax/v3/login/sms/send',
  smsLogin: '/tax/v3/login/sms/verify',
  qrCode: '/tax/v3/login/qrcode',
  authStatus: '/tax/v3/makeout/auth/status',
  collect: '/tax/v3/collect/create',
  collectStatus: '/tax/v3/collect/status',
  cancel: '/tax/v3/collect/cancel',
} as const;

/** Codes of the vendor that mean the SMS code was wrong or has expired. */
const WRONG_CODE = new Set([303, 304]);
const NOT_AUTHORISED = 315;
const KINDS = new Set(['invoice', 'statement', 'return', 'deduction', 'payroll']);
/** A single call may wait this long (spec §7: 40 s – 6 min for the long calls). */
const CALL_TIMEOUT_MS = 60_000;

export function jumdataSign(appId: string, appSecret: string, timestamp: string): string {
  return createHash('sha256').update(`${appId}${appSecret}${timestamp}`).digest('hex');
}

interface Answer {
  code: number;
  msg?: string;
  [field: string]: unknown;
}

export class JumdataConnector implements TaxDataConnector {
  readonly label = '第三方税务数据授权采集（聚美智数接口）';
  /**
   * Only the signing, the code convention and makeout/auth/status were seen in the vendor's published
   * pages; the other paths and fields are our reading. The page says so until the contract is checked.
   */
  readonly notice: string;
  private readonly paths: Record<keyof typeof JUMDATA_PATHS, string>;

  constructor(
    private readonly options: {
      baseUrl: string;
      appId: string;
      appSecret: string;
      paths?: Record<string, string>;
      fetch?: typeof fetch;
    },
  ) {
    const unknown = Object.keys(options.paths ?? {}).filter((key) => !(key in JUMDATA_PATHS));
    if (unknown.length > 0) throw new Error(`TAX_CONNECTOR_PATHS 中有未知的接口名：${unknown.join('、')}`);
    this.paths = { ...JUMDATA_PATHS, ...options.paths };
    this.notice = options.paths
      ? '接口路径已按服务商合同配置'
      : '接口路径按服务商公开文档推定，正式启用前请与服务商核对合同接口';
  }

  private async call(path: string, fields: Record<string, string>): Promise<Answer> {
    const timestamp = String(Date.now());
    const body = new URLSearchParams({
      appId: this.options.appId,
      timestamp,
      sign: jumdataSign(this.options.appId, this.options.appSecret, timestamp),
      ...fields,
    });
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(new URL(path, this.options.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw new ConnectorError('UNAVAILABLE', '授权采集服务暂时无法连接，请稍后重试');
    }
    if (!response.ok)
      throw new ConnectorError('UNAVAILABLE', `授权采集服务返回错误（HTTP ${response.status}），请稍后重试`);
    const answer = (await response.json().catch(() => null)) as Answer | null;
    if (!answer || typeof answer.code !== 'number')
      throw new ConnectorError('UNAVAILABLE', '授权采集服务的应答无法识别');
    return answer;
  }

  private ensure(answer: Answer): Answer {
    if (answer.code === 200) return answer;
    if (WRONG_CODE.has(answer.code)) throw new ConnectorError('WRONG_CODE', answer.msg || '短信验证码错误或已过期');
    throw new ConnectorError('REFUSED', answer.msg || `授权采集服务拒绝了请求（${answer.code}）`);
  }

  private login(target: LoginTarget): Record<string, string> {
    return { nsrsbh: target.taxNo, dq: target.region, gryhm: target.account };
  }

  async getSmsCode(target: LoginTarget) {
    const answer = this.ensure(
      await this.call(this.paths.sendSms, { ...this.login(target), mm: target.password ?? '' }),
    );
    return { task: String(answer.taskNo ?? '') };
  }

  async smsLogin(target: LoginTarget, task: string, code: string) {
    const answer = this.ensure(
      await this.call(this.paths.smsLogin, { ...this.login(target), taskNo: task, yzm: code }),
    );
    return { token: String(answer.token ?? '') };
  }

  async getLoginQRCode(target: LoginTarget) {
    const answer = this.ensure(await this.call(this.paths.qrCode, this.login(target)));
    return { task: String(answer.taskNo ?? ''), qrCode: String(answer.ewm ?? '') };
  }

  async authState(target: LoginTarget, task: string, token: string | null): Promise<AuthState> {
    const answer = await this.call(this.paths.authStatus, {
      ...this.login(target),
      taskNo: task,
      token: token ?? '',
    });
    if (answer.code === 200) return { state: 'authorised', token: String(answer.token ?? token ?? '') };
    if (answer.code === NOT_AUTHORISED)
      return token ? { state: 'expired', message: answer.msg || '授权已过期' } : { state: 'waiting' };
    return { state: 'failed', message: answer.msg || `授权失败（${answer.code}）` };
  }

  async startCollection(target: LoginTarget, token: string, from: string, to: string) {
    const answer = this.ensure(
      await this.call(this.paths.collect, { ...this.login(target), token, ssqq: from, ssqz: to }),
    );
    return { task: String(answer.taskNo ?? '') };
  }

  async collectionState(task: string): Promise<CollectionState> {
    const answer = this.ensure(await this.call(this.paths.collectStatus, { taskNo: task }));
    const data = (answer.data ?? {}) as { status?: string; progress?: number; msg?: string; files?: unknown[] };
    if (data.status === 'failed') return { state: 'failed', message: data.msg || '采集失败' };
    if (data.status !== 'done')
      return { state: 'running', progress: Math.max(0, Math.min(99, Number(data.progress ?? 0))) };
    const files: CollectedFile[] = [];
    for (const item of data.files ?? []) {
      const file = item as { kind?: string; name?: string; content?: string };
      if (!file.kind || !KINDS.has(file.kind) || typeof file.content !== 'string') continue;
      files.push({
        kind: file.kind as CollectedFile['kind'],
        fileName: file.name || `${file.kind}.xlsx`,
        bytes: Buffer.from(file.content, 'base64'),
      });
    }
    return { state: 'done', files };
  }

  async cancel(task: string) {
    await this.call(this.paths.cancel, { taskNo: task });
  }
}
