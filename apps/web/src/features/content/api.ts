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

export interface CourseSummary {
  id: number;
  title: string;
  category: string;
  summary: string;
  files: number;
  videos: number;
  done: number;
}

export interface CourseFile {
  id: number;
  seq: number;
  kind: 'video' | 'pdf';
  title: string;
  mime: string;
  sizeBytes: number;
  lengthUnits: number | null;
  position: number;
  done: boolean;
  url: string;
}

export interface OperatorCourse {
  id: number;
  title: string;
  category: string;
  summary: string;
  published: boolean;
  sort: number;
  updatedAt: string;
  files: {
    id: number;
    seq: number;
    kind: 'video' | 'pdf';
    title: string;
    sizeBytes: number;
    lengthUnits: number | null;
  }[];
}

export const coursewareApi = {
  list: (signal?: AbortSignal) => http.get<CourseSummary[]>('/enablementService/findEnablementServiceList', { signal }),
  course: (id: number, signal?: AbortSignal) =>
    http.get<CourseSummary & { fileList: CourseFile[] }>('/enablementService/findCourse', { params: { id }, signal }),
  saveProgress: (body: { fileId: number; position: number; done: boolean }) =>
    http.post('/enablementService/saveProgress', body),
  operatorList: (signal?: AbortSignal) => http.get<OperatorCourse[]>('/operator/courseware/list', { signal }),
  operatorSave: (body: Omit<OperatorCourse, 'id' | 'files' | 'updatedAt'> & { id?: number }) =>
    http.post<{ id: number }>('/operator/courseware/save', body),
  operatorDeleteFile: (id: number) => http.post('/operator/courseware/deleteFile', { id }),
  operatorDelete: (id: number) => http.post('/operator/courseware/delete', { id }),
};
