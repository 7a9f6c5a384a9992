import type { NormalizedInvoice } from '../../../model/invoice.js';
import { customerOf, supplierOf } from './clean-company.fixtures.js';
import { invoice, lineOf } from './invoice.fixtures.js';
import { resum, type Workbench } from './workbench.fixtures.js';

type Plant = { expected: string[]; plant: (bench: Workbench) => void };

function boughtLine(
  bench: Workbench,
  party: { taxNo: string; name: string },
  at: string,
  amountFen: number,
  goods: { taxCode: string; category: string; itemName: string },
  rateBp: number,
): NormalizedInvoice {
  const created = invoice({ direction: 'purchase', party, at, amountFen, rateBp });
  bench.invoices.push(created);
  bench.lines.push(lineOf(created, { goods, rateBp }));
  return created;
}

/** Plants of the related-party, scope, fuel and elasticity families (see anomaly.fixtures.ts). */
export const FAMILY_PLANTS: Record<string, Plant> = {
  INV_RELATED_PARTIES: {
    expected: ['INV_RELATED_PARTIES'],
    plant(bench) {
      // The first supplier turns out to carry the company's 字号: 示例商贸（江苏）有限公司.
      const supplier = supplierOf(0);
      for (const item of bench.invoices) {
        if (item.sellerTaxNo === supplier.taxNo) item.sellerName = '示例商贸（江苏）有限公司';
      }
    },
  },
  INV_CIRCULAR_INVOICING: {
    expected: ['INV_CIRCULAR_INVOICING'],
    plant(bench) {
      // Another client of the firm (the second customer) sold 50万 to the third supplier.
      bench.invoiceNetwork = {
        edges: [{ sellerTaxNo: customerOf(1).taxNo, buyerTaxNo: supplierOf(2).taxNo, amountFen: 50_000_000 }],
        companyCount: 2,
      };
    },
  },
  INV_OUT_OF_SCOPE_SALES: {
    expected: ['INV_OUT_OF_SCOPE_SALES'],
    plant(bench) {
      // Every eighth sales line becomes 管理咨询 at 6%: a wholesaler that never bought consulting.
      const touched = new Set<string>();
      bench.lines.forEach((line, index) => {
        if (line.direction !== 'sales' || line.amountFen <= 0 || index % 8 !== 0) return;
        const taxFen = Math.round((line.amountFen * 600) / 10_000);
        Object.assign(line, {
          taxCode: '3040601000000000000',
          category: '咨询服务',
          itemName: '企业管理咨询费',
          itemText: '*咨询服务*企业管理咨询费',
          taxRateBp: 600,
          taxRateText: '6%',
          taxFen,
          totalFen: line.amountFen + taxFen,
        });
        touched.add(line.invoiceKey);
      });
      for (const item of bench.invoices) if (touched.has(item.key)) resum(bench, item);
    },
  },
  INV_FUEL_TOLL_VEHICLES: {
    expected: ['INV_FUEL_TOLL_VEHICLES'],
    plant(bench) {
      // 4 × 1.5万 of petrol and no vehicle anywhere in the invoices.
      const station = { taxNo: '91310000PETROL0001', name: '沪东石油销售有限公司' };
      const petrol = { taxCode: '1070101020100000000', category: '汽油', itemName: '92号车用汽油(VIB)' };
      for (const month of ['02', '05', '08', '11'])
        boughtLine(bench, station, `2024-${month}-16 11:20:00`, 1_500_000 + 37, petrol, 1300);
    },
  },
  INV_IO_TAX_ELASTICITY: {
    expected: ['INV_IO_TAX_ELASTICITY'],
    plant(bench) {
      // The year before bought 30% less: input tax grows about 43% while output tax hardly moves.
      const previous = bench.previousPeriod;
      if (!previous) throw new Error('the clean workbench has a previous period');
      bench.previousPeriod = {
        lines: previous.lines,
        invoices: previous.invoices.map((item) =>
          item.direction === 'purchase'
            ? { ...item, amountFen: Math.round(item.amountFen * 0.7), taxFen: Math.round(item.taxFen * 0.7) }
            : item,
        ),
      };
    },
  },
};
