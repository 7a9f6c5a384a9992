/**
 * The 畅捷通 open platform client. Conventions from Chanjet's published developer material: every
 * call carries the app's `appKey` and `appSecret` headers, calls on a customer's data add the
 * customer's `openToken`; the authorisation is OAuth2 authorization code (client_id = appKey,
 * redirect_uri, state). Where the published pages are thin (the token and report-export paths and
 * the answer envelope) the assumption is written in docs/decisions.md and the paths are constants
 * here, checked by the contract test against test/fake-chanjet.ts.
 */
import { type BookkeepingConnector, BookkeepingError, type BookkeepingToken } from './bookkeeping.connector.js';

export const CHANJET_PATHS = {
  token: '/auth/v2/getToken',
  revoke: '/auth/v2/revokeToken',
  reportExport: '/accounting/openapi/report/export',
} as const;

export interface ChanjetOptions {
  apiUrl: string;
  authorizeUrl: string;
  redirectUri: string;
  appKey: string;
  appSecret: string;
}

interface Envelope {
  code?: string | number;
  message?: string;
  result?: { access_token?: string; refresh_token?: string; expires_in?: number };
}

const UNAVAILABLE = '畅捷通开放平台暂时无法连接，请稍后再试';

export class ChanjetConnector implements BookkeepingConnector {
  readonly label = '畅捷通开放平台';
  constructor(private readonly options: ChanjetOptions) {}

  authorizeUrl(oauthState: string): string {
    const url = new URL(this.options.authorizeUrl);
    url.searchParams.set('client_id', this.options.appKey);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('redirect_uri', this.options.redirectUri);
    url.searchParams.set('state', oauthState);
    return url.toString();
  }

  private async call(path: string, init: { query?: Record<string, string>; openToken?: string }) {
    const url = new URL(path, this.options.apiUrl);
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { appKey: this.options.appKey, appSecret: this.options.appSecret };
    if (init.openToken) headers.openToken = init.openToken;
    try {
      return await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    } catch {
      throw new BookkeepingError('UNAVAILABLE', UNAVAILABLE);
    }
  }

  /** A JSON answer that is not code 200 is the vendor refusing; its message is passed on. */
  private async refusal(response: Response): Promise<BookkeepingError> {
    if (response.status >= 500) return new BookkeepingError('UNAVAILABLE', UNAVAILABLE);
    const body = (await response.json().catch(() => ({}))) as Envelope;
    return new BookkeepingError('REFUSED', `畅捷通拒绝了请求：${body.message ?? `HTTP ${response.status}`}`);
  }

  async exchangeCode(code: string): Promise<BookkeepingToken> {
    const response = await this.call(CHANJET_PATHS.token, {
      query: { grantType: 'authorization_code', code, redirectUri: this.options.redirectUri },
    });
    if (!response.ok) throw await this.refusal(response);
    const body = (await response.json()) as Envelope;
    if (String(body.code) !== '200' || !body.result?.access_token) {
      throw new BookkeepingError('REFUSED', `畅捷通拒绝了授权码：${body.message ?? '未返回令牌'}`);
    }
    return {
      accessToken: body.result.access_token,
      refreshToken: body.result.refresh_token ?? null,
      expiresInSeconds: body.result.expires_in ?? 0,
    };
  }

  async statementWorkbook(accessToken: string, period: string) {
    const response = await this.call(CHANJET_PATHS.reportExport, {
      query: { period, reportTypes: 'balance_sheet,income_statement', format: 'xlsx' },
      openToken: accessToken,
    });
    if (!response.ok) throw await this.refusal(response);
    const bytes = Buffer.from(await response.arrayBuffer());
    // The export is .xlsx (zip, "PK") or legacy .xls (OLE2); anything else is an error page, not a file.
    const ext =
      bytes.subarray(0, 2).toString('latin1') === 'PK'
        ? 'xlsx'
        : bytes.length >= 4 && bytes.readUInt32BE(0) === 0xd0cf11e0
          ? 'xls'
          : null;
    if (!ext) throw new BookkeepingError('REFUSED', `畅捷通未返回 ${period} 的报表文件`);
    return { fileName: `畅捷通财务报表-${period}.${ext}`, bytes };
  }

  async revoke(accessToken: string): Promise<void> {
    const response = await this.call(CHANJET_PATHS.revoke, { openToken: accessToken });
    // An already revoked or expired token is what closing wants: only an outage is an error.
    if (response.status >= 500) throw new BookkeepingError('UNAVAILABLE', UNAVAILABLE);
  }
}
