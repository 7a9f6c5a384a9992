import type { InsuranceQuoteInput, InsuranceQuoteStatus } from '@taxlens/shared';
import { http } from '../../lib/http';

/** Calls of the content pages (server: modules/content). */

export interface InsuranceQuote {
  id: number;
  firmName: string;
  contactName: string;
  phone: string;
  annualRevenueFen: number;
  staffCount: number;
  perClaimLimitFen: number;
  aggregateLimitFen: number;
  services: string[];
  claimsLast3Years: number;
  note: string;
  status: InsuranceQuoteStatus;
  operatorNote: string;
  createdAt: string;
  handledAt: string | null;
  groupName?: string;
}

export const insuranceApi = {
  submit: (body: InsuranceQuoteInput) => http.post<{ id: number }>('/insurance/quote', body),
  mine: (signal?: AbortSignal) => http.get<InsuranceQuote[]>('/insurance/myQuotes', { signal }),
  operatorList: (params: { page: number; size: number; status?: string }, signal?: AbortSignal) =>
    http.get<{ list: InsuranceQuote[]; total: number }>('/operator/insurance/quotes', { params, signal }),
  operatorUpdate: (body: { id: number; status: InsuranceQuoteStatus; operatorNote: string }) =>
    http.post('/operator/insurance/update', body),
};
