import { CHECK_VERDICT_NAMES, type CheckFilter, INVOICE_CHECK_LIMITS, type InvoiceCheck } from '@taxlens/shared';
import type { DbOrTx } from '../../db/kysely.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import { presentCheck } from './verification.presenter.js';
import { type CheckScope, listChecks, shanghaiStamp } from './verification.repo.js';

/** The history as Excel: the chosen rows, or every row under the list's filters (newest first). */
export async function exportChecks(
  db: DbOrTx,
  scope: CheckScope,
  filter: CheckFilter & { ids?: number[] },
): Promise<Buffer> {
  const { rows } = await listChecks(db, scope, filter, { page: 1, size: INVOICE_CHECK_LIMITS.exportMaxRows });
  return buildXlsx<InvoiceCheck>(
    '发票鉴伪记录',
    [
      { header: '核验时间', width: 18, value: (row) => shanghaiStamp(new Date(row.createTime)) },
      { header: '发票代码', width: 14, value: (row) => row.invoiceCode },
      { header: '发票号码', width: 22, value: (row) => row.invoiceNumber },
      { header: '开票日期', width: 12, value: (row) => row.invoiceDate },
      { header: '发票种类', width: 22, value: (row) => row.kindName },
      { header: '销售方', width: 26, value: (row) => row.sellerName },
      { header: '购买方', width: 26, value: (row) => row.buyerName },
      { header: '金额（元）', width: 12, format: 'fen', value: (row) => row.amountFen },
      { header: '税额（元）', width: 12, format: 'fen', value: (row) => row.taxFen },
      { header: '价税合计（元）', width: 14, format: 'fen', value: (row) => row.totalFen },
      { header: '数据来源', width: 24, value: (row) => `${row.sourceName}（${row.sourceLayerName}）` },
      { header: '核验方式', width: 16, value: (row) => row.providerLabel },
      { header: '结论', width: 10, value: (row) => CHECK_VERDICT_NAMES[row.verdict] },
      { header: '说明', width: 50, value: (row) => row.summary },
      { header: '费用（元）', width: 10, format: 'fen', value: (row) => (row.refunded ? 0 : row.priceFen) },
      { header: '操作人', width: 14, value: (row) => row.phone },
    ],
    rows.map((row) => presentCheck(row)),
  );
}
