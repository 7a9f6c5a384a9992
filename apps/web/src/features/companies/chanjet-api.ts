import { http } from '../../lib/http';

/** 畅捷通 bookkeeping authorisation (spec /api/BusinessPanoramicReport/cjt/*). */
const CJT = '/BusinessPanoramicReport/cjt';
/** Pulling and storing a few months of workbooks from Chanjet can take a while. */
const LONG_MS = 10 * 60_000;

export interface ChanjetInfo {
  configured: boolean;
  label: string | null;
  message: string | null;
  types: { type: string; name: string }[];
}

export interface ChanjetAuthorisation {
  authId: number;
  firmId: number;
  state: 'waiting' | 'authorised' | 'closed';
  importIds: number[];
  url?: string;
}

export const chanjetApi = {
  info: () => http.get<ChanjetInfo>(`${CJT}/reportType`, { silent: true }),
  start: (firmId: number) => http.post<ChanjetAuthorisation>(`${CJT}/authorizationUrl`, { firmId }, { silent: true }),
  finish: (input: { state: string; code: string; periodFrom: string; periodTo: string }) =>
    http.post<ChanjetAuthorisation>(`${CJT}/shyAuthorization`, input, { timeoutMs: LONG_MS, silent: true }),
};

/** The months chosen before leaving for Chanjet, kept in this tab until the redirect comes back. */
export const pendingKey = (oauthState: string) => `taxlens.cjt.${oauthState}`;
