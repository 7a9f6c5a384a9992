/**
 * A commercial relay of the national verification service, configured by env
 * (VERIFICATION_PROVIDER=relay). The request follows the relay's published description: a form
 * post of appId, timestamp, sign = SHA-256(appId + appSecret + timestamp), fpdm (发票代码, empty
 * on 数电), fphm, kprq (YYYYMMDD), jym (校验码后6位) and je (不含税金额, 车价合计, or 价税合计
 * on 数电 invoices). Its answer is read as `{ code, msg, data }` whose result codes are the
 * national platform's (domain facts §2.7) and whose status is the 作废标志 (N/Y/H/7/8); see
 * docs/decisions.md for what of that was not in the published text.
 */
import { createHash } from 'node:crypto';
import {
  type CheckResult,
  FOURTH_ELEMENT_NAMES,
  fourthElementOf,
  type InvoiceFace,
  overallOf,
  yuanToFen,
} from '@taxlens/engine/verification';
import {
  ProviderFailure,
  type ProviderResult,
  type VerificationAnswer,
  type VerificationProvider,
} from './verification.provider.js';

export interface RelayConfig {
  url: string;
  appId: string;
  appSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Result codes that are the platform's answer about the invoice (charged), not a refusal. */
const ANSWER_CODES: Record<string, { verdict: ProviderResult['verdict']; reason: string }> = {
  '006': { verdict: 'fail', reason: '发票信息不一致：查验平台的票面信息与所填要素不符' },
  '009': { verdict: 'fail', reason: '所查发票不存在：查验平台无此发票' },
};

/** Refusals named in domain facts §2.7: nothing was checked, the charge is refunded. */
export const REFUSAL_MESSAGES: Record<string, string> = {
  '002': '超过该张票当天查验次数',
  '1005': '四要素不符合规范',
  '114': '校验码应为后六位',
  '1010': '日期格式应为YYYYMMDD',
};

const STATUS: Record<string, { verdict: ProviderResult['verdict']; reason: string }> = {
  N: { verdict: 'pass', reason: '查验平台：发票状态正常' },
  Y: { verdict: 'fail', reason: '查验平台：发票已作废' },
  H: { verdict: 'fail', reason: '查验平台：发票已冲红' },
  '8': { verdict: 'fail', reason: '查验平台：发票已全额冲红' },
  '7': { verdict: 'warn', reason: '查验平台：发票已部分冲红' },
};

const TITLE = '全国增值税发票查验平台（经服务商）';

export function signOf(appId: string, appSecret: string, timestamp: string): string {
  return createHash('sha256').update(`${appId}${appSecret}${timestamp}`).digest('hex');
}

/** The form fields of one check: the four elements the kind asks for. */
export function relayFields(face: InvoiceFace): Record<string, string> {
  const element = fourthElementOf(face.code ? face.kindCode : null);
  const fields: Record<string, string> = {
    fpdm: face.code ?? '',
    fphm: face.number,
    kprq: (face.date ?? '').replace(/-/g, ''),
  };
  if (element === 'checkCode' || element === 'numberTail') {
    const source = element === 'numberTail' ? face.number : (face.checkCode ?? '');
    fields.jym = source.slice(-6);
  } else {
    const fen = element === 'total' ? face.totalFen : face.amountFen;
    if (fen === null) throw new ProviderFailure('1005', `四要素不符合规范：缺少${FOURTH_ELEMENT_NAMES[element]}`);
    fields.je = (fen / 100).toFixed(2);
  }
  return fields;
}

export class RelayVerificationProvider implements VerificationProvider {
  readonly name = 'relay';
  readonly label = '查验平台（服务商转发）';
  readonly description =
    '经发票查验服务商转发至全国增值税发票查验平台查验，每张发票每天最多查验5次；同时给出本地核验结果。';
  readonly quotaLimited = true;

  constructor(private readonly config: RelayConfig) {}

  async verify(face: InvoiceFace, local: CheckResult[]): Promise<VerificationAnswer> {
    const timestamp = String((this.config.now ?? Date.now)());
    const form = new URLSearchParams({
      appId: this.config.appId,
      timestamp,
      sign: signOf(this.config.appId, this.config.appSecret, timestamp),
      ...relayFields(face),
    });
    let body: { code?: unknown; msg?: unknown; data?: Record<string, unknown> | null };
    try {
      const response = await (this.config.fetch ?? fetch)(this.config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 20_000),
      });
      if (!response.ok) throw new ProviderFailure(null, `查验服务暂不可用（HTTP ${response.status}），已退回费用`);
      body = (await response.json()) as typeof body;
    } catch (error) {
      if (error instanceof ProviderFailure) throw error;
      throw new ProviderFailure(null, '查验服务连接失败，已退回费用');
    }
    const code = String(body.code ?? '');
    const message = typeof body.msg === 'string' ? body.msg : '';
    const refusal = REFUSAL_MESSAGES[code];
    if (refusal) throw new ProviderFailure(code, `${code} ${refusal}`);
    const answer = ANSWER_CODES[code];
    if (answer) return this.answer(local, { id: 'platform', title: TITLE, ...answer }, code, message);
    if (!['0', '000', '001', '200'].includes(code) || !body.data) {
      throw new ProviderFailure(code || null, `查验服务返回异常（${code || '无返回码'} ${message}），已退回费用`);
    }
    return this.answer(local, resultOfData(face, body.data), code, message);
  }

  private answer(local: CheckResult[], platform: ProviderResult, code: string, message: string): VerificationAnswer {
    const results: ProviderResult[] = [platform, ...local];
    return { verdict: overallOf(results as CheckResult[]), results, vendorCode: code, vendorMessage: message || null };
  }
}

/** The platform's face against ours, then its status flag. */
function resultOfData(face: InvoiceFace, data: Record<string, unknown>): ProviderResult {
  const text = (key: string) => (data[key] === undefined || data[key] === null ? null : String(data[key]));
  const differences: string[] = [];
  const total = yuanToFen(text('jshj'));
  if (total !== null && face.totalFen !== null && total !== face.totalFen) differences.push('价税合计');
  const seller = text('xfsbh');
  if (seller && face.sellerTaxNo && seller !== face.sellerTaxNo) differences.push('销售方识别号');
  const buyer = text('gfsbh');
  if (buyer && face.buyerTaxNo && buyer !== face.buyerTaxNo) differences.push('购买方识别号');
  if (differences.length > 0) {
    return {
      id: 'platform',
      title: TITLE,
      verdict: 'fail',
      reason: `查验平台票面的${differences.join('、')}与文件不符`,
    };
  }
  const status = STATUS[text('zfbz') ?? ''];
  if (!status)
    return { id: 'platform', title: TITLE, verdict: 'warn', reason: `查验平台返回未知状态：${text('zfbz') ?? '空'}` };
  return { id: 'platform', title: TITLE, ...status };
}
