import { checkCreditCode, creditCodeSchema, newPasswordSchema, phoneSchema, smsCodeSchema } from '../validators.js';
import { z } from '../zod.js';
import { deniedEntrySchema } from './access.js';
import { pageQuerySchema } from './paging.js';

const idSchema = z.coerce.number().int().positive();
/**
 * Any level parses, so that raising someone to the main account (1) reaches the policy and gets
 * its 403 rather than a schema 400; the policy allows 2 and 3 only.
 */
const childLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], { message: '请选择级别' });
const nickNameSchema = z.string().trim().min(1, '请输入姓名').max(30, '姓名最多30个字');

/** SMS code purposes: 1 sign-up, 2 code login, 3 password reset, 4 change password. */
export const getCodeSchema = z.object({
  phone: phoneSchema,
  /** 1 注册 2 登录 3 找回密码 4 修改密码 5 更换手机号（发往新号码） */
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
});

/** updatePhone: the new number and the code sent to it (getCode type 5). */
export const changePhoneSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });

export const resetPasswordSchema = z.object({ phone: phoneSchema, code: smsCodeSchema, pwd: newPasswordSchema });
/** The version of 服务条款 and 隐私政策 a sign-up consents to (their effective date); stored with the consent. */
export const TERMS_VERSION = '2026-11-25';
export const TERMS_CONSENT_MESSAGE = '请阅读并同意《服务条款》和《隐私政策》';
/**
 * Sign-up; `invite` is the token of a partner invitation link the new user came through.
 * `agreeTerms` is the consent checkbox (PIPL: consent by a clear act), refused unless true.
 */
export const registerSchema = resetPasswordSchema.extend({
  invite: z.string().max(64).optional(),
  agreeTerms: z.literal(true, { error: TERMS_CONSENT_MESSAGE }),
});
export const changePasswordSchema = z.object({ code: smsCodeSchema, pwd: newPasswordSchema });

/**
 * The account subject's code must pass its check digit (issue #3), unlike a client company's or an
 * invoice's tax number, where a mismatch only warns.
 */
export const subjectCreditCodeSchema = creditCodeSchema.refine(
  (value) => checkCreditCode(value) !== 'checksum-mismatch',
  '统一社会信用代码校验位不正确，请核对',
);

/** The account subject (集团账户主体) a new user binds, which creates their group. */
export const accountSubjectSchema = z.object({
  name: z.string().trim().min(2, '请输入主体名称').max(60, '主体名称最多60个字'),
  creditCode: subjectCreditCodeSchema,
  contactName: z.string().trim().min(1, '请输入联系人').max(30),
  contactPhone: phoneSchema,
});

export const childListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(30).optional(),
  level: z.coerce.number().int().min(2).max(3).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  teamId: idSchema.optional(),
});

export const addChildSchema = z.object({
  phone: phoneSchema,
  pwd: newPasswordSchema,
  level: childLevelSchema,
  nickName: nickNameSchema,
  teamIds: z.array(idSchema).max(50).optional(),
  notMenus: z.array(deniedEntrySchema).max(50).optional(),
});

export const updateChildSchema = z.object({
  userId: idSchema,
  nickName: nickNameSchema.optional(),
  level: childLevelSchema.optional(),
  status: z.enum(['active', 'disabled']).optional(),
  pwd: newPasswordSchema.optional(),
  teamIds: z.array(idSchema).max(50).optional(),
});

export const userIdSchema = z.object({ userId: idSchema });
export const updatePermissionsSchema = z.object({ userId: idSchema, notMenus: z.array(deniedEntrySchema).max(50) });

export const childUserSchema = z.object({
  userId: z.number().int(),
  phone: z.string(),
  nickName: z.string().nullable(),
  level: z.number().int(),
  levelName: z.string(),
  status: z.enum(['active', 'disabled']),
  notMenus: z.array(deniedEntrySchema),
  teams: z.array(z.object({ teamId: z.number().int(), name: z.string() })),
  createTime: z.string(),
  /** Its own wallet: balance in fen (null without viewBalance) and credits per type 1-6. */
  balance: z.number().int().nullable(),
  credits: z.array(z.number().int()),
  /** Monthly cap on draws from the group wallet (shared mode), null none; and this month's use. */
  monthlyLimitFen: z.number().int().nullable(),
  monthlyUsedFen: z.number().int(),
});
export type ChildUser = z.infer<typeof childUserSchema>;

export const teamSchema = z.object({
  teamId: z.number().int(),
  name: z.string(),
  members: z.array(
    z.object({ userId: z.number().int(), phone: z.string(), nickName: z.string().nullable(), level: z.number().int() }),
  ),
  createTime: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const createTeamSchema = z.object({
  name: z.string().trim().min(1, '请输入团队名称').max(30, '团队名称最多30个字'),
  memberIds: z.array(idSchema).max(500).default([]),
});
export const updateTeamSchema = createTeamSchema.extend({ teamId: idSchema });
export const teamIdSchema = z.object({ teamId: idSchema });
export const removeTeamMemberSchema = z.object({ teamId: idSchema, userId: idSchema });

export const LIST_HIDDEN_NAMES = [
  'allHidden',
  'riskHidden',
  'shyHidden',
  'businessHidden',
  'invoiceHidden',
  'flowHidden',
  'flowNumHidden',
] as const;
export const modifyIsHiddenSchema = z.object({
  hiddenName: z.enum(LIST_HIDDEN_NAMES),
  isHidden: z.union([z.literal(0), z.literal(1)]),
  /** 同步: apply the same setting to every other list too. */
  sync: z.boolean().default(false),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actionLabel: z.string(),
  actor: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createTime: z.string(),
});

/** Chinese labels of audit actions. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'subject.bind': '绑定账户主体',
  'subject.update': '修改主体信息',
  'user.register': '注册账号',
  'user.password': '修改密码',
  'user.reset_password': '找回密码',
  'user.phone': '更换手机号',
  'partner.invite_revoke': '停用邀请链接',
  'bank_statement.sign': '提交银行账单结算签约',
  'bank_statement.delete': '删除银行账单结算签约',
  'bank_statement.review': '审核银行账单结算签约',
  'child.create': '新增子账号',
  'child.update': '修改子账号',
  'child.delete': '删除子账号',
  'child.permissions': '修改权限',
  'team.create': '新建团队',
  'team.update': '修改团队',
  'team.delete': '删除团队',
  'team.remove_member': '移出团队成员',
  'group.wallet_mode': '修改钱包模式',
  'child.monthly_limit': '修改月度额度',
};

/** The main account's choice of how sub-accounts pay (issue 19). */
export const walletSettingsSchema = z.object({
  walletMode: z.enum(['shared', 'own'], { message: '请选择钱包模式' }),
});
export type WalletSettings = z.infer<typeof walletSettingsSchema>;

/** A sub-account's monthly cap on group-wallet draws, in fen; null removes it. */
export const monthlyLimitSchema = z.object({
  userId: idSchema,
  monthlyLimitFen: z
    .number({ message: '请输入额度' })
    .int('额度最小单位为分')
    .min(0, '额度不能为负数')
    .max(100_000_000_00, '额度不能超过1亿元')
    .nullable(),
});
