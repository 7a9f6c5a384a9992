import type { ChatList, ChatRecord, ChatSourceItem, ServiceHours } from '@taxlens/shared';
import { http } from '../../lib/http';
import { CHAT_TIMING } from './chat-rules';

export interface AssistantInfo {
  mode: 'llm' | 'retrieval';
  model: string | null;
  state: 'bot' | 'waiting' | 'human' | 'closed' | null;
  serviceHours: ServiceHours;
  history: ChatRecord[];
}

export interface AssistantAnswer {
  outcome: 'answered' | 'handover' | 'human';
  reply: ChatRecord | null;
  question: ChatRecord;
  state: AssistantInfo['state'];
}

export interface GroupMember {
  phone: string;
  level: number;
  levelName: string;
  avatar: string | null;
  nickName: string | null;
}

export interface UploadAnswer {
  url: string;
  msgType: number;
  countentExtend: { fileName: string; fileSize: number };
}

export type { ChatSourceItem };

/** Spec §7 /api/ChatRecord/* and the assistant of issue 17. */
export const chatApi = {
  unread: () => http.get<{ chatUnread: number }>('/ChatRecord/findDelFlag', { silent: true, keepOnNavigation: true }),
  members: () => http.get<GroupMember[]>('/ChatRecord/findGroupMembers', { keepOnNavigation: true }),
  records: (page: number) =>
    http.get<ChatList>('/ChatRecord/findMessageChatRecord', {
      params: { page, size: CHAT_TIMING.pageSize, sort: 'desc' },
      keepOnNavigation: true,
    }),
  send: (body: { msgType: number; msgContent: string; countentExtend?: string | null }) =>
    http.post<ChatRecord>('/ChatRecord/sendMessage', body, { silent: true, keepOnNavigation: true }),
  upload: (kind: 1 | 2, file: File) => {
    const form = new FormData();
    form.append('kind', String(kind));
    form.append('file', file);
    return http.post<UploadAnswer>('/ChatRecord/upload', form, {
      silent: true,
      keepOnNavigation: true,
      timeoutMs: 10 * 60_000,
    });
  },
  hours: () => http.get<ServiceHours>('/ChatRecord/serviceHours', { keepOnNavigation: true }),
  /** Spec §4: the assistant page has a 20 s load time-out. */
  assistant: () =>
    http.get<AssistantInfo>('/ChatRecord/assistant', {
      silent: true,
      keepOnNavigation: true,
      timeoutMs: CHAT_TIMING.assistantTimeoutMs,
    }),
  ask: (question: string) => http.post<AssistantAnswer>('/ChatRecord/ask', { question }, { keepOnNavigation: true }),
  toHuman: () =>
    http.post<{ state: string; note: string | null }>('/ChatRecord/transferToHuman', {}, { keepOnNavigation: true }),
};
