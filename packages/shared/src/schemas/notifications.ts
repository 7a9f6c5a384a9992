import { z } from '../zod.js';
import { pageQuerySchema } from './paging.js';

/**
 * The header's notification list (issue 19). A stored notification is spec §3's stored form:
 * msgType and msg (id, taxNo, taxpayerName), plus what the sentence and the link need.
 */
export const noticeMsgSchema = z.object({
  /** The report's id for report types; the company's id otherwise. */
  id: z.number().int().nullable(),
  taxNo: z.string().nullable(),
  taxpayerName: z.string().nullable(),
  firmId: z.number().int().nullable().optional(),
  reportName: z.string().nullable().optional(),
  /** Reports: 'done' | 'failed'; client uploads: 'bound' | 'uploaded'. */
  status: z.string().nullable().optional(),
  fileName: z.string().nullable().optional(),
});
export type NoticeMsg = z.infer<typeof noticeMsgSchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  msgType: z.string(),
  msg: noticeMsgSchema,
  createTime: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListQuerySchema = pageQuerySchema.extend({
  /** 1: unread only. */
  unread: z.coerce.number().int().min(0).max(1).default(0),
});

export const noticeListSchema = z.object({
  list: z.array(noticeSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** Unread count over all of the user's notifications (the header badge). */
  unread: z.number().int(),
});
export type NoticeList = z.infer<typeof noticeListSchema>;

export const noticeReadSchema = z.object({ id: z.coerce.number().int().positive() });
