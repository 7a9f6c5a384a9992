/**
 * A local stand-in for the 畅捷通 open platform, written from its published conventions (appKey and
 * appSecret headers on every call, the customer's openToken on data calls, OAuth2 authorization code
 * with client_id / redirect_uri / state, JSON answers `{ code: '200', message, result }`), serving the
 * contract ChanjetConnector calls. It checks the app's keys and every token, so a client that sends
 * them wrongly fails here as it would there. Only loopback; tests steer it through `state`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHANJET_PATHS } from '../src/modules/collection/chanjet.connector.js';

export interface FakeChanjet {
  url: string;
  authorizeUrl: string;
  appKey: string;
  appSecret: string;
  state: {
    /** The account set's statement export of a month, as Chanjet would send it. */
    workbook: (period: string) => Buffer;
    codes: Set<string>;
    tokens: Set<string>;
    revoked: string[];
    exported: string[];
  };
  close(): Promise<void>;
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export async function startFakeChanjet(): Promise<FakeChanjet> {
  const appKey = 'fakeAppKey';
  const appSecret = 'fake-chanjet-secret-0123';
  const state: FakeChanjet['state'] = {
    workbook: () => Buffer.alloc(0),
    codes: new Set(),
    tokens: new Set(),
    revoked: [],
    exported: [],
  };
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    // The authorisation page: the client "logs in and agrees"; Chanjet redirects with a one-time code.
    if (url.pathname === '/user/v2/authorize') {
      if (query.client_id !== appKey || !query.redirect_uri || !query.state || query.response_type !== 'code') {
        return json(response, 400, { code: '400', message: '授权参数不完整' });
      }
      const code = randomBytes(8).toString('hex');
      state.codes.add(code);
      const back = new URL(query.redirect_uri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.state);
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (request.headers.appkey !== appKey || request.headers.appsecret !== appSecret) {
      return json(response, 401, { code: '401', message: '应用认证失败' });
    }
    if (url.pathname === CHANJET_PATHS.token) {
      if (query.grantType !== 'authorization_code' || !query.code || !state.codes.delete(query.code)) {
        return json(response, 200, { code: '40001', message: '授权码无效或已使用' });
      }
      const token = randomBytes(12).toString('hex');
      state.tokens.add(token);
      return json(response, 200, {
        code: '200',
        message: 'success',
        result: { access_token: token, refresh_token: `r-${token}`, expires_in: 7200 },
      });
    }
    const token = String(request.headers.opentoken ?? '');
    if (!state.tokens.has(token)) return json(response, 401, { code: '401', message: 'openToken 无效或已失效' });
    if (url.pathname === CHANJET_PATHS.reportExport) {
      state.exported.push(query.period ?? '');
      response.writeHead(200, {
        'content-type': 'application/vnd.ms-excel',
      });
      return response.end(state.workbook(query.period ?? ''));
    }
    if (url.pathname === CHANJET_PATHS.revoke) {
      state.tokens.delete(token);
      state.revoked.push(token);
      return json(response, 200, { code: '200', message: 'success' });
    }
    json(response, 404, { code: '404', message: '接口不存在' });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    authorizeUrl: `${url}/user/v2/authorize`,
    appKey,
    appSecret,
    state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
