/**
 * A small 全量发票查询 export for the reader tests: title rows, both sheets, a blue 数电 invoice
 * partly red-flushed, its red invoice, a void old-system purchase invoice and a 数电 普票 purchase.
 */
import {
  BLUE_NUMBER,
  COMPANY,
  INVOICE_HEADER_ROW,
  invoiceRow,
  LINE_HEADER_ROW,
  lineRow,
  SUPPLIER,
  TITLE_ROWS,
  xlsxBuffer,
} from './invoice-export.test-support.js';

export const RED_NUMBER = '26112000000135114101';
export const RED_REMARK = `被红冲蓝字数电发票号码：${BLUE_NUMBER} 红字发票信息确认单编号：26112000000135114100`;

export const RED_ROW = {
  数电发票号码: RED_NUMBER,
  开票日期: '2026-03-20 09:01:02',
  是否正数发票: '否',
  备注: RED_REMARK,
};
export const OLD_VOID_ROW = {
  发票代码: '3300232130',
  发票号码: '01234567',
  数电发票号码: null,
  销方识别号: SUPPLIER.taxNo,
  销方名称: SUPPLIER.name,
  购方识别号: COMPANY.taxNo,
  购买方名称: COMPANY.name,
  开票日期: '2026-02-03 10:00:00',
  发票来源: '增值税发票管理系统',
  发票票种: '增值税专用发票',
  发票状态: '已作废',
};
export const ORDINARY_PURCHASE_ROW = {
  数电发票号码: '26532000000011112222',
  销方识别号: SUPPLIER.taxNo,
  销方名称: SUPPLIER.name,
  购方识别号: COMPANY.taxNo,
  购买方名称: COMPANY.name,
  开票日期: '2026/2/28',
  发票票种: '数电票（普通发票）',
  发票风险等级: '疑点发票',
};

export async function fullExport(): Promise<Buffer> {
  return xlsxBuffer([
    {
      name: '发票基础信息',
      rows: [
        ...TITLE_ROWS,
        INVOICE_HEADER_ROW,
        invoiceRow({ 金额: '10,000.00', 税额: '1,300.00', 价税合计: '11,300.00', 发票状态: '已红冲-部分' }),
        invoiceRow({ 序号: 2, ...RED_ROW, 金额: '-2000.00', 税额: '-260.00', 价税合计: '-2260.00' }),
        invoiceRow({ 序号: 3, ...OLD_VOID_ROW, 金额: '500.00', 税额: '45.00', 价税合计: '545.00' }),
        invoiceRow({ 序号: 4, ...ORDINARY_PURCHASE_ROW, 金额: '200.00', 税额: '6.00', 价税合计: '206.00' }),
      ],
    },
    {
      name: '信息汇总表',
      rows: [
        ...TITLE_ROWS,
        LINE_HEADER_ROW,
        lineRow({
          发票状态: '已红冲-部分',
          税收分类编码: '1090511030000000000',
          货物或应税劳务名称: '*计算机配套产品*液晶显示器',
          规格型号: '27英寸',
          单位: '台',
          数量: '5',
          单价: '1200',
          金额: '6000.00',
          税额: '780.00',
          价税合计: '6780.00',
        }),
        lineRow({
          序号: 2,
          发票状态: '已红冲-部分',
          货物或应税劳务名称: '*纸制品*复印纸',
          单位: '箱',
          数量: '20',
          单价: '200',
          金额: '4000.00',
          税额: '520.00',
          价税合计: '4520.00',
        }),
        lineRow({
          序号: 3,
          ...RED_ROW,
          货物或应税劳务名称: '*计算机配套产品*液晶显示器',
          数量: null,
          单价: null,
          金额: '-2000.00',
          税额: '-260.00',
          价税合计: '-2260.00',
        }),
        lineRow({
          序号: 4,
          ...OLD_VOID_ROW,
          货物或应税劳务名称: '*运输服务*国内道路货物运输服务',
          税率: '9%',
          单价: '500',
          金额: '500.00',
          税额: '45.00',
          价税合计: '545.00',
        }),
        lineRow({
          序号: 5,
          ...ORDINARY_PURCHASE_ROW,
          货物或应税劳务名称: '*餐饮服务*餐饮服务',
          单位: null,
          税率: '3%',
          单价: '200',
          金额: '200.00',
          税额: '6.00',
          价税合计: '206.00',
        }),
      ],
    },
  ]);
}
