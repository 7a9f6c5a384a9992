import type { MindMapItem, MindNode, MindTemplateId } from '@taxlens/shared';
import { http } from '../../lib/http';

/** Calls of the report mind maps (server: modules/mindmaps/mindmaps.routes.ts). */
export const mindApi = {
  list: (params: { page: number; size: number; keyword?: string }, signal?: AbortSignal) =>
    http.get<{ list: MindMapItem[]; total: number }>('/People/xmindList', { params, signal }),
  limitation: (signal?: AbortSignal) =>
    http.get<{ limit: number; mindNum: number }>('/People/createXmindOrImgBatidslimitation', { signal }),
  templates: (signal?: AbortSignal) =>
    http.get<{ id: MindTemplateId; name: string; line: string }[]>('/People/getXmindTemplateMultifile', { signal }),
  create: (ids: number[], template: MindTemplateId) =>
    http.post<{ created: number }>('/People/createXmindOrImgBatids', { ids, template }),
  remove: (id: number) => http.post<null>('/People/deleteXmind', { id }),
  tree: (id: number, signal?: AbortSignal) =>
    http.get<{ id: number; template: MindTemplateId; tree: MindNode }>('/People/xmindTree', { params: { id }, signal }),
};
