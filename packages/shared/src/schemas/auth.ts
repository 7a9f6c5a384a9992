import { passwordSchema, phoneSchema, smsCodeSchema } from '../validators.js';
import { z } from '../zod.js';
import { deniedEntrySchema } from './access.js';
import { poolReportTypeSchema } from './reports.js';

/** Sign-in by password or by SMS code: exactly one of `pwd` and `code`. */
export const loginRequestSchema = z
  .object({
    phone: phoneSchema,
    pwd: z.string().min(1, '请输入密码').max(64).optional(),
    code: smsCodeSchema.optional(),
  })
  .refine((body) => (body.pwd === undefined) !== (body.code === undefined), {
    message: '请输入密码或验证码',
    path: ['pwd'],
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const passwordLoginSchema = z.object({ phone: phoneSchema, pwd: passwordSchema });

export const listHiddenSchema = z.object({
  allHidden: z.number().int(),
  riskHidden: z.number().int(),
  shyHidden: z.number().int(),
  businessHidden: z.number().int(),
  invoiceHidden: z.number().int(),
  flowHidden: z.number().int(),
  flowNumHidden: z.number().int(),
});
export type ListHidden = z.infer<typeof listHiddenSchema>;
export const LIST_HIDDEN_KEYS = Object.keys(listHiddenSchema.shape) as (keyof ListHidden)[];

export const serviceRightsSchema = z.object({
  dataPriceAuth: z.number().int(),
  invoicePriceAuth: z.number().int(),
  mindPriceAuth: z.number().int(),
});

/** The session user of spec §3 (userInfo), answered by login and findUserLoginInfo. */
export const sessionUserSchema = z.object({
  userId: z.number().int(),
  userToken: z.string(),
  phone: z.string(),
  nickName: z.string().nullable(),
  level: z.number().int(),
  levelString: z.string(),
  loginTimeStamp: z.number().int(),
  isGroup: z.union([z.literal(0), z.literal(1)]),
  groupName: z.string().nullable(),
  groupLogo: z.string().nullable(),
  groupId: z.number().int().nullable(),
  /** Fen; null for users without the viewBalance right (the client shows ******). */
  balance: z.number().int().nullable(),
  notMenus: z.array(deniedEntrySchema),
  tbMenus: z.array(z.string()),
  serviceRights: serviceRightsSchema,
  reportConfigPermission: z.number().int(),
  taxLawPolicyDatabasePermission: z.number().int(),
  enablementServicePermission: z.number().int(),
  getOutOfLineInvoiceSwitch: z.string(),
  tokerUser: z.number().int(),
  flowTime: z.number().nullable(),
  reportOverdueDeleteSwitch: z.number().int(),
  reportOverdueTime: z.number().int().nullable(),
  listHidden: listHiddenSchema,
  isOperator: z.boolean(),
  /** The header colour this user chose (HEADER_THEMES, issue 15). */
  headerTheme: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const WALLET_MODES = ['shared', 'own'] as const;
export const walletModeSchema = z.enum(WALLET_MODES);
export type WalletMode = z.infer<typeof walletModeSchema>;
/** findUserRights: what the signed-in user may use, as the client's route guards read it. */
export const userRightsSchema = sessionUserSchema.pick({
  userId: true,
  level: true,
  isGroup: true,
  notMenus: true,
  tbMenus: true,
  serviceRights: true,
  reportConfigPermission: true,
  taxLawPolicyDatabasePermission: true,
  enablementServicePermission: true,
  getOutOfLineInvoiceSwitch: true,
  tokerUser: true,
  flowTime: true,
  isOperator: true,
});
export type UserRights = z.infer<typeof userRightsSchema>;

/** findUserDetails: the session user plus prices (fen), credits and account links (spec §3). */
export const userDetailsSchema = sessionUserSchema.omit({ userToken: true }).extend({
  invoicePrice: z.number().int(),
  riskDetectionPrice: z.number().int(),
  shyReportPrice: z.number().int(),
  panoramicPrice: z.number().int(),
  xlbakPrice: z.number().int(),
  dueReportPrice: z.number().int(),
  numberList: z.array(
    z.object({ type: z.number().int(), name: z.string(), count: z.number().int(), icon: z.string() }),
  ),
  mainUserId: z.number().int().nullable(),
  assetsPhone: z.string().nullable(),
  superiorPhone: z.string().nullable(),
  groupCreditCode: z.string().nullable(),
  /** The group's report watermark (as /watermark sets it); watermarkPermissions: this user may configure it. */
  watermark: z.string().nullable(),
  watermarkPermissions: z.union([z.literal(0), z.literal(1)]),
  watermarkObject: z.union([z.literal('0'), z.array(poolReportTypeSchema)]),
  watermarkSwitch: z.union([z.literal(0), z.literal(1)]),
  /** The companies this user can see, newest first, at most USER_DETAILS_FIRM_LIMIT. */
  firmList: z.array(z.object({ id: z.number().int(), taxpayerName: z.string(), taxNo: z.string() })),
  /** 1: this user may not top up (no pay right). */
  rechargeAstrict: z.union([z.literal(0), z.literal(1)]),
  /** The group's latest purchase: the package bought (buyType 1), or a plain top-up (2); null before any. */
  buyId: z.number().int().nullable(),
  buyName: z.string().nullable(),
  buyType: z.union([z.literal(1), z.literal(2)]).nullable(),
  /** The province of the group's registration (from its credit code's region), or null. */
  province: z.string().nullable(),
  /** Monitoring slots left to the group (dataPriceNum): granted slots minus companies monitored. */
  canUseMonitorNumber: z.number().int(),
  /** 1: a report was refused for lack of funds; the pay dialog is checked again until a payment lands. */
  notCheckPayDialogFlag: z.union([z.literal(0), z.literal(1)]),
  /** How the group's sub-accounts pay (groups.wallet_mode): 'shared' draws from the main account's wallet. */
  walletMode: walletModeSchema,
  /**
   * The group wallet this user draws from when its own cannot pay: the main account's, for a
   * sub-account in 'shared' mode; null otherwise. Balance null without viewBalance.
   */
  groupWallet: z
    .object({
      balance: z.number().int().nullable(),
      numberList: z.array(z.object({ type: z.number().int(), count: z.number().int() })),
    })
    .nullable(),
  /** Monthly cap in fen on draws from the group wallet (null: none), and what this month used. */
  monthlyLimitFen: z.number().int().nullable(),
  monthlyUsedFen: z.number().int(),
});
/** findUserDetails carries a bounded firm list; the companies pages page through the rest. */
export const USER_DETAILS_FIRM_LIMIT = 200;
export type UserDetails = z.infer<typeof userDetailsSchema>;

export const accountSubjectInfoSchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  createTime: z.string(),
});
