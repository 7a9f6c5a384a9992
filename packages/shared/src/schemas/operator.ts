import { OPERATOR_ROLES } from '../operator.js';
import { z } from '../zod.js';

// The operator console's schemas, apart from its roles (operator.ts) so that the web's first screen,
// which reads the roles, ships no zod (issue 21).
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);

/** The signed-in operator, as the console reads it. */
export const operatorMeSchema = z.object({
  userId: z.number().int(),
  phone: z.string(),
  name: z.string(),
  roles: z.array(operatorRoleSchema),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

export const operatorAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  keyword: z.string().trim().max(100).optional(),
  operatorPhone: z.string().trim().max(20).optional(),
  action: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type OperatorAuditQuery = z.infer<typeof operatorAuditQuerySchema>;

export const operatorAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.number().int(),
  operatorPhone: z.string(),
  operatorName: z.string(),
  action: z.string(),
  summary: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type OperatorAuditEntry = z.infer<typeof operatorAuditEntrySchema>;

export const staffEntrySchema = z.object({
  userId: z.number().int(),
  phone: z.string(),
  name: z.string(),
  roles: z.array(operatorRoleSchema),
  bootstrap: z.boolean(),
});
export type StaffEntry = z.infer<typeof staffEntrySchema>;

export const setStaffRolesSchema = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, '请输入正确的手机号'),
  roles: z.array(operatorRoleSchema).max(OPERATOR_ROLES.length),
});
