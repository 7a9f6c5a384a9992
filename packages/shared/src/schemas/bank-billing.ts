import { z } from '../zod.js';
import { pageSchema } from './paging.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '请选择日期');

/** The fields of a bank-statement billing agreement (IcbcAdsSignedConfig/sign), beside its signed PDF. */
export const bankStatementSignSchema = z
  .object({
    bankName: z.string().trim().min(2, '请输入开户银行').max(40, '开户银行最多40个字'),
    accountName: z.string().trim().min(2, '请输入账户名称').max(60, '账户名称最多60个字'),
    accountNo: z
      .string()
      .trim()
      .regex(/^\d{8,32}$/, '银行账号应为8-32位数字'),
    validFrom: day,
    validTo: day,
  })
  .refine((value) => value.validTo >= value.validFrom, { message: '结束日期不能早于开始日期', path: ['validTo'] });

export const BANK_STATEMENT_STATES = { pending: '待审核', active: '已生效', rejected: '已驳回' } as const;

export const bankStatementConfigSchema = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountName: z.string(),
  /** Masked but for the last four digits. */
  accountNo: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  fileName: z.string(),
  state: z.enum(['pending', 'active', 'rejected']),
  stateLabel: z.string(),
  reviewNote: z.string().nullable(),
  createdBy: z.string(),
  createTime: z.string(),
});
export type BankStatementConfig = z.infer<typeof bankStatementConfigSchema>;
export const bankStatementPageSchema = pageSchema(bankStatementConfigSchema);

/** Deleting sends the ids as the body itself (spec §7). */
export const bankStatementDeleteSchema = z
  .array(z.coerce.number().int().positive())
  .min(1, '请选择要删除的协议')
  .max(100);

export const bankStatementReviewSchema = z
  .object({
    id: z.coerce.number().int().positive(),
    approve: z.boolean(),
    note: z.string().trim().max(200).default(''),
  })
  .refine((value) => value.approve || value.note.length > 0, { message: '驳回时请填写原因', path: ['note'] });

/** The operator's review list: every group's agreements, with the group and the account number in full. */
export const operatorBankStatementSchema = bankStatementConfigSchema.extend({
  groupId: z.number().int(),
  groupName: z.string(),
  reviewTime: z.string().nullable(),
});
export type OperatorBankStatement = z.infer<typeof operatorBankStatementSchema>;
export const operatorBankStatementQuerySchema = z.object({
  state: z.enum(['pending', 'active', 'rejected']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
