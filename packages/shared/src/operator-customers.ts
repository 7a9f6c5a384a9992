import { z } from './zod.js';

/** Operator console, customers (issue 18): groups, their users, rights and flags. */
const id = z.coerce.number().int().positive();
const flag = z.union([z.literal(0), z.literal(1)]);
/** spec §6: dataPriceAuth 0 = not bought (guide page), 1 = on, 2 = expired (second guide page). */
const dataPriceAuth = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: '数据服务状态只能是 0（未开通）、1（已开通）或 2（已到期）',
});

export const customerSearchSchema = z.object({
  keyword: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const groupSummarySchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  userCount: z.number().int(),
  balanceFen: z.number().int(),
  createdAt: z.string(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/** The group's rights and flags as the spec's session user names them (spec §3). */
export const groupFlagsSchema = z.object({
  dataPriceAuth,
  invoicePriceAuth: flag,
  mindPriceAuth: flag,
  reportConfigPermission: flag,
  tokerUser: flag,
  enablementServicePermission: flag,
  taxLawPolicyDatabasePermission: flag,
  getOutOfLineInvoiceSwitch: z.enum(['0', '1']),
  monitorSlots: z
    .number({ error: '请输入监控数量' })
    .int('监控数量必须是整数')
    .min(0, '监控数量不能小于 0')
    .max(100_000),
  /** Start of the trial window (flowTime counts hours from it), ISO, or null: no trial. */
  trialStartedAt: z.string().nullable(),
});
export type GroupFlags = z.infer<typeof groupFlagsSchema>;

export const setGroupFlagsSchema = groupFlagsSchema
  .omit({ trialStartedAt: true })
  .partial()
  .extend({
    groupId: id,
    /** 'start': a trial begins now; 'clear': no trial. */
    trial: z.enum(['start', 'clear']).optional(),
  });
export type SetGroupFlags = z.infer<typeof setGroupFlagsSchema>;

export const customerUserSchema = z.object({
  userId: z.number().int(),
  phone: z.string(),
  name: z.string(),
  level: z.number().int(),
  status: z.enum(['active', 'disabled']),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  balanceFen: z.number().int(),
  credits: z.array(z.number().int()),
  activeSessions: z.number().int(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerUser = z.infer<typeof customerUserSchema>;

export const groupPriceSchema = z.object({
  creditType: z.number().int(),
  name: z.string(),
  defaultFen: z.number().int(),
  ownFen: z.number().int().nullable(),
});

export const ledgerLineSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userPhone: z.string(),
  asset: z.number().int(),
  delta: z.number().int(),
  after: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
});

export const groupDetailSchema = groupSummarySchema.extend({
  flags: groupFlagsSchema,
  flowTime: z.number().int().nullable(),
  users: z.array(customerUserSchema),
  prices: z.array(groupPriceSchema),
  ledger: z.array(ledgerLineSchema),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const userTargetSchema = z.object({ userId: id });
export const setUserStatusSchema = z.object({ userId: id, status: z.enum(['active', 'disabled']) });
