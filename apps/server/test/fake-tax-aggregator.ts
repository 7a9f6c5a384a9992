/**
 * A local stand-in for the tax-data aggregator, written from its published API conventions (form
 * POST, appId + timestamp + sign = sha256(appId + appSecret + timestamp), JSON `code` 200 / 315),
 * serving the contract JumdataConnector calls. It checks every signature, so a client that signs
 * wrongly fails here as it would there. Only loopback; tests steer it through `state`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jumdataSign } from '../src/modules/collection/jumdata.connector.js';

export interface FakeFile {
  kind: string;
  name: string;
  bytes: Buffer;
}

export interface FakeAggregator {
  url: string;
  appId: string;
  appSecret: string;
  state: {
    smsCode: string;
    /** Polls of the collection status before it is done; Infinity never finishes. */
    pollsBeforeDone: number;
    files: FakeFile[];
    scanned: Set<string>;
    cancelled: string[];
    calls: { path: string; fields: Record<string, string> }[];
  };
  close(): Promise<void>;
}

export async function startFakeAggregator(): Promise<FakeAggregator> {
  const appId = 'fake-app';
  const appSecret = 'fake-secret-0123456789';
  const state: FakeAggregator['state'] = {
    smsCode: '123456',
    pollsBeforeDone: 1,
    files: [],
    scanned: new Set(),
    cancelled: [],
    calls: [],
  };
  const polls = new Map<string, number>();
  let next = 1;
  const handle = (path: string, fields: Record<string, string>): Record<string, unknown> => {
    if (!fields.appId || fields.sign !== jumdataSign(fields.appId, appSecret, fields.timestamp ?? '')) {
      return { code: 401, msg: '签名错误' };
    }
    switch (path) {
      case '/tax/v3/login/sms/send':
        return fields.nsrsbh && fields.dq && fields.gryhm
          ? { code: 200, msg: '发送成功', taskNo: `L${next++}` }
          : { code: 400, msg: '参数缺失' };
      case '/tax/v3/login/sms/verify':
        return fields.yzm === state.smsCode
          ? { code: 200, msg: '登录成功', token: `T-${fields.taskNo}` }
          : { code: 303, msg: '短信验证码错误' };
      case '/tax/v3/login/qrcode':
        return { code: 200, taskNo: `Q${next++}`, ewm: 'qrcode_id=fake&areaPrefix=4403' };
      case '/tax/v3/makeout/auth/status':
        return state.scanned.has(fields.taskNo ?? '')
          ? { code: 200, msg: '认证有效', token: `T-${fields.taskNo}` }
          : { code: 315, msg: '未认证或认证已过期' };
      case '/tax/v3/collect/create':
        return fields.token ? { code: 200, taskNo: `C${next++}` } : { code: 315, msg: '未认证或认证已过期' };
      case '/tax/v3/collect/status': {
        const seen = (polls.get(fields.taskNo ?? '') ?? 0) + 1;
        polls.set(fields.taskNo ?? '', seen);
        if (seen <= state.pollsBeforeDone)
          return { code: 200, data: { status: 'running', progress: Math.min(90, seen * 30) } };
        return {
          code: 200,
          data: {
            status: 'done',
            files: state.files.map((file) => ({
              kind: file.kind,
              name: file.name,
              content: file.bytes.toString('base64'),
            })),
          },
        };
      }
      case '/tax/v3/collect/cancel':
        state.cancelled.push(fields.taskNo ?? '');
        return { code: 200, msg: '已取消' };
      default:
        return { code: 404, msg: '接口不存在' };
    }
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      state.calls.push({ path, fields });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(handle(path, fields)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    appSecret,
    state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
