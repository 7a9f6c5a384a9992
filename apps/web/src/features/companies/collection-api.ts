import { http } from '../../lib/http';

/** Authorised collection (spec §7 /api/report: getSmsCode, authLongin, getLoginQRCodeUrl, findAuthState, cancelOperation). */
const REPORT = '/report';
/** Spec §9: authorisation calls get long time-outs (10–50 minutes). */
const LONG_MS = 10 * 60_000;

export interface ConnectorInfo {
  configured: boolean;
  label: string | null;
  /** How far the vendor contract is confirmed (null: nothing to say). */
  notice: string | null;
  message: string | null;
  regions: string[];
}

export interface CollectionSession {
  sessionId: number;
  state: 'sms_sent' | 'qr_waiting' | 'collecting' | 'importing' | 'done' | 'failed' | 'cancelled';
  region: string;
  progress: number;
  message: string | null;
  importIds: number[];
  qrCode?: string | null;
}

export interface LoginInput {
  firmId: number;
  account: string;
  password?: string;
  periodFrom: string;
  periodTo: string;
}

/** financeAssistTime: the company's last collection and the months worth collecting next. */
export interface AssistTime {
  suggestedFrom: string;
  suggestedTo: string;
}

export const collectionApi = {
  assist: (firmId: number) => http.get<AssistTime>(`${REPORT}/financeAssistTime`, { params: { firmId }, silent: true }),
  info: () => http.get<ConnectorInfo>(`${REPORT}/connectorInfo`, { silent: true }),
  smsCode: (input: LoginInput) =>
    http.post<CollectionSession>(`${REPORT}/getSmsCode`, input, { timeoutMs: LONG_MS, silent: true }),
  qrCode: (input: LoginInput) =>
    http.post<CollectionSession>(`${REPORT}/getLoginQRCodeUrl`, input, { timeoutMs: LONG_MS, silent: true }),
  smsLogin: (sessionId: number, code: string) =>
    http.post<CollectionSession>(`${REPORT}/authLongin`, { sessionId, code }, { timeoutMs: LONG_MS, silent: true }),
  state: (sessionId: number) =>
    http.get<CollectionSession>(`${REPORT}/findAuthState`, { params: { sessionId }, timeoutMs: LONG_MS }),
  cancel: (sessionId: number) => http.post<CollectionSession>(`${REPORT}/cancelOperation`, { sessionId }),
};
