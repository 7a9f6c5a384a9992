import { z } from '../zod.js';
import { pageSchema } from './paging.js';

/** An invitation link a firm hands to another firm (spec §7 /api/PartnerInviteRecord/*). */
export const partnerInviteSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  createTime: z.string(),
  createdBy: z.string(),
  revoked: z.boolean(),
  signups: z.number().int(),
  /** Only in the answer of create: the link itself is never stored, only its hash. */
  url: z.string().optional(),
});
export type PartnerInvite = z.infer<typeof partnerInviteSchema>;
export const partnerInvitePageSchema = pageSchema(partnerInviteSchema);

export const createPartnerInviteSchema = z.object({
  note: z.string().trim().max(60, '备注不能超过60个字').default(''),
});
export const revokePartnerInviteSchema = z.object({ id: z.coerce.number().int().positive() });

/** A firm that signed up through one of the group's invitations, and what the group was given for it. */
export const partnerSignupSchema = z.object({
  id: z.number().int(),
  inviteNote: z.string(),
  /** Masked: 3 leading and 4 trailing digits. */
  phone: z.string(),
  groupName: z.string().nullable(),
  signUpTime: z.string(),
  bindTime: z.string().nullable(),
  reward: z.string().nullable(),
});
export type PartnerSignup = z.infer<typeof partnerSignupSchema>;
export const partnerSignupPageSchema = pageSchema(partnerSignupSchema);

/** What the sign-up page shows about a link (public): who invites, and whether the link still works. */
export const partnerInviteInfoSchema = z.object({ groupName: z.string(), valid: z.boolean() });

/** The reward the operator sets: `count` credits of report type `creditType` per firm; 0 = none. */
export const partnerRewardSchema = z.object({
  creditType: z.coerce.number().int().min(1, '请选择报告类型').max(6, '请选择报告类型'),
  count: z.coerce.number().int('奖励次数须为整数').min(0, '奖励次数不能为负').max(100, '奖励次数不能超过100'),
});
export type PartnerReward = z.infer<typeof partnerRewardSchema>;
export const partnerInfoQuery = z.object({ invite: z.string().max(64) });
