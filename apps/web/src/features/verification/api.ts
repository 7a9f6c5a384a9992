import type {
  CheckBatch,
  CheckFilter,
  InvoiceCheck,
  InvoiceCheckDetail,
  ManualVerifyBody,
  VerificationProviderInfo,
} from '@taxlens/shared';
import { LIMITS } from '@taxlens/shared';
import { downloadFile, saveBlob } from '../../lib/download';
import { ApiError, apiUrl, http, readAnswer } from '../../lib/http';
import { getToken } from '../../lib/session';
import { t } from '../../locales';

const BASE = '/InvoiceAuthenticity';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

export interface CheckFlowRow {
  id: number;
  reason: string;
  reasonLabel: string;
  deltaFen: number;
  note: string | null;
  phone: string;
  createTime: string;
}

export type CheckQuery = CheckFilter & { page: number; size: number };

export const verificationApi = {
  provider: () => http.get<VerificationProviderInfo>(`${BASE}/provider`),
  manualVerify: (body: ManualVerifyBody) => http.post<CheckBatch>(`${BASE}/invoice/manualVerify`, body),
  /** Up to 50 files in one request; reading and checking them can take a while. */
  uploadFiles: (files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    return http.post<CheckBatch>(`${BASE}/invoice/pdfFileVerify`, form, { timeoutMs: LIMITS.longUploadTimeoutMs });
  },
  list: (query: CheckQuery) => http.get<Page<InvoiceCheck>>(`${BASE}/infoList`, { params: query }),
  detail: (id: number) => http.get<InvoiceCheckDetail>(`${BASE}/infoById`, { params: { id } }),
  remove: (ids: number[]) => http.post<{ deleted: number }>(`${BASE}/delete`, { ids }),
  users: () => http.get<{ userId: number; phone: string; name: string | null }[]>(`${BASE}/phone/list`),
  flow: (page: number, size: number) =>
    http.get<Page<CheckFlowRow>>(`${BASE}/getInvoiceAuthFlow`, { params: { page, size } }),
  template: () => downloadFile(`${BASE}/template/down`, undefined, '发票批量核验清单模板.xlsx'),
  /** Export is a POST answered with a file (spec §7: downloaded as a blob). */
  async exportChecks(body: CheckFilter & { ids?: number[] }): Promise<void> {
    const headers = new Headers({ 'Content-Type': 'application/json' });
    const token = getToken();
    if (token) headers.set('token', token);
    const response = await fetch(apiUrl(`${BASE}/export`), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      readAnswer(response.status, await response.text().catch(() => ''));
      throw new ApiError({ kind: 'http', code: -1, msg: t('errors.requestFailed'), status: response.status });
    }
    saveBlob(await response.blob(), '发票鉴伪记录.xlsx');
  },
};
