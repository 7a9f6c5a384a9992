import type { ChatRecord, ServiceHours } from '@taxlens/shared';
import { http } from '../../../lib/http';

export interface QueueItem {
  id: number;
  businessNumber: string;
  groupId: number;
  groupName: string;
  state: 'bot' | 'waiting' | 'human' | 'closed';
  handoverReason: string | null;
  customerPhone: string;
  customerLevel: string | null;
  agentId: number | null;
  agentPhone: string | null;
  mine: boolean;
  waitingSince: string | null;
  lastMessageAt: string;
  lastText: string | null;
  unread: number;
  recentReports: { companyName: string; reportName: string; status: string; createdAt: string }[];
}

export interface KnowledgeEntry {
  id: number;
  kind: 'faq' | 'help';
  question: string;
  answer: string;
  keywords: string;
  link: string | null;
  enabled: boolean;
  updatedAt: string;
}

export type QueueFilter = 'open' | 'waiting' | 'mine' | 'closed';

/** The agent console's calls (/api/operator/chat/*, /api/operator/chatKnowledge/*). */
export const agentApi = {
  queue: (filter: QueueFilter) =>
    http.get<{ list: QueueItem[]; unread: number }>('/operator/chat/queue', { params: { filter } }),
  messages: (id: number) =>
    http.get<{ state: QueueItem['state']; agentId: number | null; records: ChatRecord[] }>('/operator/chat/messages', {
      params: { id },
    }),
  claim: (id: number) => http.post<{ state: string }>('/operator/chat/claim', { id }),
  reply: (id: number, body: { msgType: number; msgContent: string }) =>
    http.post<ChatRecord>('/operator/chat/reply', { id, ...body }, { silent: true }),
  upload: (id: number, kind: 1 | 2, file: File) => {
    const form = new FormData();
    form.append('conversationId', String(id));
    form.append('kind', String(kind));
    form.append('file', file);
    return http.post<{ url: string; countentExtend: { fileName: string; fileSize: number } }>(
      '/operator/chat/upload',
      form,
      {
        silent: true,
        timeoutMs: 10 * 60_000,
      },
    );
  },
  transfer: (id: number, agentId: number) => http.post<null>('/operator/chat/transfer', { id, agentId }),
  close: (id: number) => http.post<null>('/operator/chat/close', { id }),
  agents: () => http.get<{ id: number; phone: string; name: string }[]>('/operator/chat/agents'),
  canned: () => http.get<{ id: number; title: string; body: string }[]>('/operator/chat/canned'),
  saveCanned: (body: { id?: number; title: string; body: string }) =>
    http.post<{ id: number }>('/operator/chat/canned/save', body),
  deleteCanned: (id: number) => http.post<null>('/operator/chat/canned/delete', { id }),
  hours: () => http.get<ServiceHours>('/operator/chat/hours'),
  saveHours: (body: { workdays: number[]; opensAt: string; closesAt: string }) =>
    http.post<ServiceHours>('/operator/chat/hours', body),
  knowledge: (kind?: 'faq' | 'help') =>
    http.get<KnowledgeEntry[]>('/operator/chatKnowledge/list', { params: { kind } }),
  saveKnowledge: (body: {
    id?: number;
    question: string;
    answer: string;
    keywords?: string;
    link?: string | null;
    enabled?: boolean;
  }) => http.post<{ id: number }>('/operator/chatKnowledge/save', body),
  deleteKnowledge: (id: number) => http.post<null>('/operator/chatKnowledge/delete', { id }),
  tryAsk: (question: string) =>
    http.get<{ kind: string; title: string; link: string | null; score: number }[]>('/operator/chatKnowledge/try', {
      params: { question },
    }),
};

/** Stored chat files are read on the console through the agents' own route. */
export const agentFileUrl = (url: string) => url.replace('/api/ChatRecord/file/', '/api/operator/chat/file/');
