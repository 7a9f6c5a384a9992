/**
 * Labels of import kinds and of import and report states. Apart from their schemas
 * (schemas/imports.ts, schemas/reports.ts) because the home page reads them, and a schema beside
 * them would put zod on its first screen (issue 21).
 */
export const REPORT_STATUS_LABELS = { queued: '排队中', analysing: '分析中', done: '已完成', failed: '失败' } as const;

export const IMPORT_KINDS = {
  invoice: '发票数据',
  statement: '财务报表',
  return: '纳税申报表',
  deduction: '发票勾选（抵扣）',
  payroll: '个税与社保',
} as const;

export const IMPORT_STATUS_LABELS = {
  queued: '排队中',
  parsing: '解析中',
  done: '已完成',
  rejected: '有错误，未导入',
  failed: '失败',
} as const;
