/**
 * Stored notification types besides the report ones (issue 19). Apart from schemas/notifications.ts
 * so that the header bell reads them without zod on the first screen (issue 21).
 */
export const NOTICE_TYPES = {
  /** A 客户上传链接 was filled in (state 'bound') or a file came through it (state 'uploaded'). */
  clientUpload: 'CLIENT_UPLOAD',
} as const;
