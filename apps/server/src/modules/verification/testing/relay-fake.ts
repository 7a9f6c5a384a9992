/**
 * A local stand-in for the verification relay, written from its published request description:
 * it checks the form fields and the SHA-256 signature as the relay would, keeps a register of
 * invoices it "knows", and answers `{ code, msg, data }` with the national platform's result
 * codes. Tests start it on 127.0.0.1 and point VERIFICATION_RELAY_URL at it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signOf } from '../vendor.client.js';

export interface FakeInvoice {
  fpdm: string;
  fphm: string;
  kprq: string;
  /** The fourth element the platform compares: jym (last 6) or je (yuan text). */
  jym?: string;
  je?: string;
  zfbz: 'N' | 'Y' | 'H' | '7' | '8';
  xfsbh?: string;
  gfsbh?: string;
  jshj?: string;
}

export interface RelayFake {
  url: string;
  appId: string;
  appSecret: string;
  invoices: FakeInvoice[];
  /** Every form the fake received, for contract assertions. */
  received: Record<string, string>[];
  /** Answer the next calls with this HTTP status instead (the relay being down). */
  failWithStatus: number | null;
  close(): Promise<void>;
}

export async function startRelayFake(): Promise<RelayFake> {
  const state: Omit<RelayFake, 'url' | 'close'> = {
    appId: 'fake-app',
    appSecret: 'fake-secret-123456',
    invoices: [],
    received: [],
    failWithStatus: null,
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      state.received.push(form);
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (state.failWithStatus) return send(state.failWithStatus, { code: 'ERR', msg: 'unavailable' });
      if (request.method !== 'POST' || !request.headers['content-type']?.includes('x-www-form-urlencoded')) {
        return send(400, { code: '400', msg: '请求方式错误' });
      }
      if (form.appId !== state.appId || form.sign !== signOf(state.appId, state.appSecret, form.timestamp ?? '')) {
        return send(200, { code: '401', msg: '签名错误' });
      }
      if (!/^\d{8}$/.test(form.kprq ?? '')) return send(200, { code: '1010', msg: '日期格式YYYYMMDD' });
      if (form.jym !== undefined && !/^\d{6}$/.test(form.jym))
        return send(200, { code: '114', msg: '校验码应为后六位' });
      if (!form.fphm || (!form.jym && !form.je)) return send(200, { code: '1005', msg: '四要素不符合规范' });
      const found = state.invoices.find((invoice) => invoice.fphm === form.fphm && invoice.fpdm === (form.fpdm ?? ''));
      if (!found) return send(200, { code: '009', msg: '所查发票不存在' });
      const fourthMatches = form.jym !== undefined ? found.jym === form.jym : found.je === form.je;
      if (found.kprq !== form.kprq || !fourthMatches) return send(200, { code: '006', msg: '发票信息不一致' });
      return send(200, {
        code: '001',
        msg: '查验成功',
        data: {
          fpdm: found.fpdm,
          fphm: found.fphm,
          kprq: found.kprq,
          zfbz: found.zfbz,
          xfsbh: found.xfsbh,
          gfsbh: found.gfsbh,
          jshj: found.jshj,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/invoice/validate/v2`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as RelayFake;
}
