/**
 * A local stand-in for the 天眼查 open platform, written from its published API description: GET
 * /services/open/… with the token in `Authorization`, `keyword` (or `word` for the search) and
 * pageNum/pageSize; answers `{ error_code, reason, result }` with the vendor's codes (300000 no
 * result, 300008 missing parameter, 300009 wrong account, 300010 unknown URL, 300006 balance).
 * Companies are keyed by credit code; the base info also answers to the exact name, as the vendor's
 * does. Tests start it on 127.0.0.1 and point TIANYANCHA_URL at it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TYC_ENDPOINTS, TYC_RISKS, type TycItem } from '../tyc.mapping.js';

export interface FakeCompany {
  base: TycItem & { creditCode: string; name: string };
  /** Items of the paged lists, by endpoint path. */
  lists: Record<string, TycItem[]>;
}

export interface TycFake {
  url: string;
  token: string;
  companies: FakeCompany[];
  /** Every request: path, query parameters and the Authorization header. */
  received: { path: string; params: Record<string, string>; authorization: string | undefined }[];
  /** The next answers carry this error_code (e.g. 300006 余额不足) instead. */
  failWithCode: number | null;
  /** The base info answers with another company's record (a vendor mix-up). */
  answerWrongCompany: boolean;
  close(): Promise<void>;
}

const LIST_PATHS = new Set<string>([
  TYC_ENDPOINTS.shareholder,
  TYC_ENDPOINTS.executive,
  TYC_ENDPOINTS.investment,
  TYC_ENDPOINTS.branch,
  TYC_ENDPOINTS.change,
  TYC_ENDPOINTS.taxCredit,
  ...Object.values(TYC_RISKS).map((spec) => spec?.endpoint ?? ''),
]);

export async function startTycFake(): Promise<TycFake> {
  const state: Omit<TycFake, 'url' | 'close'> = {
    token: 'fake-tyc-token-0001',
    companies: [],
    received: [],
    failWithCode: null,
    answerWrongCompany: false,
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    const authorization = request.headers.authorization;
    state.received.push({ path: url.pathname, params, authorization });
    const send = (json: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      response.end(JSON.stringify(json));
    };
    const refuse = (code: number, reason: string) => send({ error_code: code, reason, result: null });
    if (request.method !== 'GET') return refuse(300001, '请求失败');
    if (authorization !== state.token) return refuse(300009, '账号信息有误');
    if (state.failWithCode) return refuse(state.failWithCode, '余额不足');
    const pageNum = Math.max(Number(params.pageNum ?? 1), 1);
    const pageSize = Math.min(Math.max(Number(params.pageSize ?? 20), 1), 20);
    const page = (items: TycItem[]) =>
      items.length === 0
        ? refuse(300000, '经查无结果')
        : send({
            error_code: 0,
            reason: 'ok',
            result: { total: items.length, items: items.slice((pageNum - 1) * pageSize, pageNum * pageSize) },
          });

    if (url.pathname === TYC_ENDPOINTS.search) {
      const word = params.word ?? '';
      if (!word) return refuse(300008, '缺少必要参数');
      return page(
        state.companies
          .filter((company) => company.base.name.includes(word) || company.base.creditCode === word)
          .map(({ base }) => ({
            id: base.id,
            name: base.name.replace(word, `<em>${word}</em>`),
            creditCode: base.creditCode,
            regStatus: base.regStatus,
            estiblishTime: '2016-03-18 00:00:00.0',
            regCapital: base.regCapital,
            legalPersonName: base.legalPersonName,
            type: 1,
            base: base.base,
          })),
      );
    }
    const keyword = params.keyword ?? '';
    if (!keyword) return refuse(300008, '缺少必要参数');
    const company = state.companies.find(({ base }) => base.creditCode === keyword || base.name === keyword);
    if (url.pathname === TYC_ENDPOINTS.baseinfo) {
      if (!company) return refuse(300000, '经查无结果');
      const other = state.companies.find((item) => item !== company);
      return send({
        error_code: 0,
        reason: 'ok',
        result: state.answerWrongCompany && other ? other.base : company.base,
      });
    }
    if (LIST_PATHS.has(url.pathname)) return page(company?.lists[url.pathname] ?? []);
    return refuse(300010, 'URL不存在');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
