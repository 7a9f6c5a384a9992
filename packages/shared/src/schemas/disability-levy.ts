import { z } from '../zod.js';

/** Headcounts may be monthly averages (sum of 12 months ÷ 12), so they carry up to two decimals. */
const headcount = (label: string) =>
  z
    .number({ error: `请填写${label}` })
    .min(0, `${label}不能为负数`)
    .max(10_000_000, `${label}过大`)
    .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), `${label}最多保留两位小数`);

const fen = (label: string) =>
  z
    .number({ error: `请填写${label}` })
    .int(`${label}应以分为单位的整数`)
    .min(0, `${label}不能为负数`)
    .max(1e15, `${label}过大`);

/** The years whose rules the calculator knows: 财政部公告2019年第98号 and its extension 2023年第8号. */
export const DISABILITY_LEVY_YEARS = { first: 2020, last: 2027 } as const;

/** One calculation of 残疾人就业保障金 (the /canbaojin calculator and its export). */
export const disabilityLevyInputSchema = z
  .object({
    regionCode: z
      .string({ error: '请选择所在地区' })
      .trim()
      .regex(/^\d{6}$/, '地区代码应为6位数字'),
    levyYear: z
      .number({ error: '请选择缴费年度' })
      .int('缴费年度不正确')
      .min(DISABILITY_LEVY_YEARS.first, '仅支持2020—2027年度（财政部公告2019年第98号、2023年第8号的执行期）')
      .max(DISABILITY_LEVY_YEARS.last, '仅支持2020—2027年度（财政部公告2019年第98号、2023年第8号的执行期）'),
    employerKind: z.enum(['enterprise', 'institution'], { error: '请选择单位类型' }),
    staffCount: headcount('上年在职职工人数').refine((value) => value > 0, '上年在职职工人数应大于0'),
    disabledCount: headcount('安排的其他残疾人人数'),
    severeDisabledCount: headcount('安排的一、二级残疾人人数'),
    totalWagesFen: fen('上年在职职工工资总额'),
    localAverageWageFen: fen('当地上年社会平均工资').refine((value) => value > 0, '当地上年社会平均工资应大于0'),
  })
  .refine((input) => input.disabledCount + input.severeDisabledCount <= input.staffCount, {
    message: '安排的残疾人人数不能超过在职职工人数',
    path: ['disabledCount'],
  });

export type DisabilityLevyInput = z.infer<typeof disabilityLevyInputSchema>;

/** A row of the region ratio table (DisabilityProportion); ratio in basis points, 150 = 1.5%. */
export const disabilityProportionSchema = z.object({
  regionCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '地区代码应为6位数字'),
  regionName: z.string().trim().min(1, '请填写地区名称').max(40, '地区名称最多40个字'),
  ratioBp: z.number().int('比例应以万分之一为单位').min(1, '比例应大于0').max(1000, '比例不应超过10%'),
  basis: z.string().trim().min(1, '请填写依据文件').max(200, '依据最多200个字'),
});
export type DisabilityProportion = z.infer<typeof disabilityProportionSchema>;
