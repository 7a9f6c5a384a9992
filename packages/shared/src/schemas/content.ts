import { z } from 'zod';
import { phoneSchema } from '../validators.js';

/** The services a firm insures (职业责任保险 for 代理记账 / 税务代理 / 审计鉴证 / 咨询). */
export const INSURED_SERVICES = ['代理记账', '税务代理', '审计鉴证', '财税咨询'] as const;
export const INSURANCE_QUOTE_STATUSES = ['待处理', '已联系', '已报价', '已关闭'] as const;
export type InsuranceQuoteStatus = (typeof INSURANCE_QUOTE_STATUSES)[number];

/** Largest limit a quote request may ask for (1 亿元, in fen): beyond it the insurer quotes case by case. */
export const MAX_INSURANCE_LIMIT_FEN = 10_000_000_000;

const fen = (required: string) =>
  z
    .number({ error: required })
    .int('金额最多保留两位小数')
    .min(0, '金额不能为负数')
    .max(MAX_INSURANCE_LIMIT_FEN * 100, '金额过大');

/** POST /api/insurance/quote: amounts in fen, as every money field of the API. */
export const insuranceQuoteSchema = z
  .object({
    firmName: z.string({ error: '请填写机构名称' }).trim().min(2, '请填写机构名称').max(100, '机构名称最多100个字'),
    contactName: z.string({ error: '请填写联系人' }).trim().min(1, '请填写联系人').max(30, '联系人最多30个字'),
    phone: phoneSchema,
    annualRevenueFen: fen('请填写上年营业收入'),
    staffCount: z
      .number({ error: '请填写执业人员人数' })
      .int('执业人员人数应为整数')
      .min(1, '执业人员人数至少为1人')
      .max(100_000, '执业人员人数过大'),
    perClaimLimitFen: fen('请填写每次事故赔偿限额')
      .min(1, '每次事故赔偿限额应大于0')
      .max(MAX_INSURANCE_LIMIT_FEN, '赔偿限额最高1亿元'),
    aggregateLimitFen: fen('请填写累计赔偿限额')
      .min(1, '累计赔偿限额应大于0')
      .max(MAX_INSURANCE_LIMIT_FEN, '赔偿限额最高1亿元'),
    services: z
      .array(z.enum(INSURED_SERVICES, { error: '请选择承保的业务范围' }), { error: '请选择承保的业务范围' })
      .min(1, '请选择承保的业务范围'),
    claimsLast3Years: z
      .number({ error: '请填写近三年索赔次数' })
      .int('近三年索赔次数应为整数')
      .min(0, '近三年索赔次数不能为负数')
      .max(1000, '近三年索赔次数过大'),
    note: z.string().trim().max(500, '补充说明最多500个字').default(''),
  })
  .refine((body) => body.aggregateLimitFen >= body.perClaimLimitFen, {
    message: '累计赔偿限额不能低于每次事故赔偿限额',
    path: ['aggregateLimitFen'],
  });
export type InsuranceQuoteInput = z.input<typeof insuranceQuoteSchema>;

export const insuranceQuoteUpdateSchema = z.object({
  id: z.number().int().positive('申请编号不正确'),
  status: z.enum(INSURANCE_QUOTE_STATUSES, { error: '状态应为待处理、已联系、已报价或已关闭' }),
  operatorNote: z.string().trim().max(500, '处理备注最多500个字').default(''),
});
