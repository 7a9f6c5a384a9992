import { z } from 'zod';

/** How a cover lays out its page (the print view draws each; migration 0210 holds the designs). */
export const COVER_LAYOUTS = ['classic', 'band', 'frame', 'split'] as const;
export type CoverLayout = (typeof COVER_LAYOUTS)[number];

/** A report cover template (spec §7 findCoverAll). */
export const coverTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  layout: z.enum(COVER_LAYOUTS),
  primaryColor: z.string(),
  accentColor: z.string(),
  isDefault: z.boolean(),
});
export type CoverTemplate = z.infer<typeof coverTemplateSchema>;

/** The covers, and the one the user (the caller or, for a main account, one of its staff) prints with. */
export const coverListSchema = z.object({
  list: z.array(coverTemplateSchema),
  selectedId: z.number().int(),
  userId: z.number().int(),
});
export type CoverList = z.infer<typeof coverListSchema>;

const coverIdSchema = z.coerce.number({ message: '请选择封面' }).int('请选择封面').positive('请选择封面');

/** updateCoverByUserId: the caller's cover, or (main account) a staff member's by userId. */
export const updateCoverSchema = z.object({
  coverId: coverIdSchema,
  userId: z.coerce.number().int().positive().optional(),
});
/** updateCoverByUserIdAll: one cover for every account of the group (main account). */
export const updateCoverAllSchema = z.object({ coverId: coverIdSchema });
