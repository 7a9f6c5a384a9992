import { customerOf, supplierOf } from './clean-company.fixtures.js';
import { FAMILY_PLANTS } from './family-plants.fixtures.js';
import { COMPANY, GOODS, invoice, lineOf } from './invoice.fixtures.js';
import {
  addSale,
  blueSales,
  goodsPurchases,
  isBlueSale,
  offRound,
  resum,
  setSingleLine,
  type Workbench,
  weekdaysOf,
} from './workbench.fixtures.js';

const PEOPLE = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄勇', '周杰', '吴霞', '徐涛', '孙丽'];

/** Each plant changes the clean company in one way; `expected` are the rules that must then fire. */
export const PLANTS: Record<string, { expected: string[]; plant: (bench: Workbench) => void }> = {
  INV_MONTH_END: {
    expected: ['INV_MONTH_END'],
    plant(bench) {
      const lastDays: Record<string, string[]> = {
        '2024-01': ['29', '30', '31'],
        '2024-02': ['27', '28', '29'],
        '2024-05': ['29', '30', '31'],
      };
      for (const [month, days] of Object.entries(lastDays)) {
        const inMonth = blueSales(bench).filter((item) => item.issuedAt.startsWith(month));
        inMonth.slice(0, 28).forEach((item, index) => {
          item.issuedAt = `${month}-${days[index % 3]}${item.issuedAt.slice(10)}`;
        });
      }
    },
  },
  // Putting a third of a year's sales on one day necessarily makes that month surge too.
  INV_DAY_CONCENTRATION: {
    expected: ['INV_DAY_CONCENTRATION', 'INV_SURGE_MONTH'],
    plant(bench) {
      blueSales(bench)
        .filter((_, index) => index % 40 < 14)
        .forEach((item) => {
          item.issuedAt = `2024-07-10${item.issuedAt.slice(10)}`;
        });
    },
  },
  INV_NIGHT_ISSUE: {
    expected: ['INV_NIGHT_ISSUE'],
    plant(bench) {
      blueSales(bench)
        .slice(0, 5)
        .forEach((item) => {
          item.issuedAt = `${item.issuedAt.slice(0, 10)} 02:15:00`;
        });
    },
  },
  INV_WEEKEND_ISSUE: {
    expected: ['INV_WEEKEND_ISSUE'],
    plant(bench) {
      for (let month = 1; month <= 12; month += 1) {
        const key = `2024-${String(month).padStart(2, '0')}`;
        const saturdays = weekdaysOf(key, 6);
        blueSales(bench)
          .filter((item) => item.issuedAt.startsWith(key))
          .slice(0, 22)
          .forEach((item, index) => {
            item.issuedAt = `${saturdays[index % saturdays.length]}${item.issuedAt.slice(10)}`;
          });
      }
    },
  },
  INV_SURGE_MONTH: {
    expected: ['INV_SURGE_MONTH'],
    plant(bench) {
      const days = weekdaysOf('2024-07', 1).concat(weekdaysOf('2024-07', 3), weekdaysOf('2024-07', 5));
      for (let i = 0; i < 120; i += 1) {
        addSale(bench, `${days[i % days.length]} 14:00:00`, offRound(2_345_678 + i * 1013), customerOf(i % 20));
      }
    },
  },
  INV_ZERO_SALES_MONTHS: {
    expected: ['INV_ZERO_SALES_MONTHS'],
    plant(bench) {
      // Red invoices of those months go too: a month of reds alone is 大额红冲, not zero sales.
      const gone = new Set(
        bench.invoices
          .filter((item) => item.direction === 'sales' && /^2024-0[456]/.test(item.issuedAt))
          .map((item) => item.key),
      );
      bench.invoices = bench.invoices.filter((item) => !gone.has(item.key));
      bench.lines = bench.lines.filter((line) => !gone.has(line.invoiceKey));
    },
  },
  INV_NEAR_LIMIT: {
    expected: ['INV_NEAR_LIMIT'],
    plant(bench) {
      // Near-limit invoices are 税控 (old-system) invoices: 数电 invoices have no per-invoice limit.
      blueSales(bench).forEach((item, index) => {
        if (index % 3 !== 0) return;
        setSingleLine(bench, item, offRound(9_500_000 + index * 97));
        Object.assign(item, {
          digitalNumber: null,
          code: '031002400111',
          number: String(10_000_000 + index),
          kindCode: '01',
          kindText: '增值税专用发票',
          source: '增值税发票管理系统',
        });
      });
    },
  },
  INV_LARGE_RED_FLUSH: {
    expected: ['INV_LARGE_RED_FLUSH', 'INV_RED_RATIO'],
    plant(bench) {
      // A September return flushing most of a large August sale: September nets below zero.
      const blue = addSale(bench, '2024-08-06 10:00:00', offRound(60_000_000), customerOf(3));
      const september = bench.invoices.filter((item) => isBlueSale(item) && item.issuedAt.startsWith('2024-09'));
      const septemberFen = september.reduce((sum, item) => sum + item.amountFen, 0);
      const red = addSale(bench, '2024-09-20 10:00:00', -(septemberFen + 2_000_000), customerOf(3));
      Object.assign(red, { redOfNumber: blue.digitalNumber, remark: `被红冲蓝字数电发票号码：${blue.digitalNumber}` });
    },
  },
  INV_MUTUAL_INVOICING: {
    expected: ['INV_MUTUAL_INVOICING'],
    plant(bench) {
      // The first supplier also buys from the company: two sales of 8万 in different months.
      const partner = supplierOf(0);
      addSale(bench, '2024-04-09 10:00:00', offRound(8_000_000), partner);
      addSale(bench, '2024-10-15 10:00:00', offRound(8_000_000), partner);
    },
  },
  INV_SMALL_SCALE_ROLLING: {
    expected: ['INV_SMALL_SCALE_ROLLING'],
    plant(bench) {
      bench.company = { ...bench.company, taxpayerType: 'small_scale' };
    },
  },
  INV_CIT_DEDUCTION_LIMITS: {
    expected: ['INV_CIT_DEDUCTION_LIMITS'],
    plant(bench) {
      // Banquets of 60万 in a year: 60% = 36万, far above 5‰ of the clean company's sales.
      const restaurant = { taxNo: '92310000RESTAURANT', name: '悦来餐饮店' };
      for (const month of ['03', '06', '09', '12']) {
        const meal = invoice({
          direction: 'purchase',
          party: restaurant,
          at: `2024-${month}-11 19:30:00`,
          amountFen: 15_000_000 + 37,
          rateBp: 600,
          isSpecial: false,
          kindCode: '82',
          kindText: '数电发票（普通发票）',
        });
        bench.invoices.push(meal);
        bench.lines.push(
          lineOf(meal, {
            goods: { taxCode: '3070401000000000000', category: '餐饮服务', itemName: '餐费' },
            rateBp: 600,
          }),
        );
      }
    },
  },
  INV_SERVICE_PURCHASE_HOTSPOT: {
    expected: ['INV_SERVICE_PURCHASE_HOTSPOT'],
    plant(bench) {
      const sales = bench.invoices
        .filter((item) => item.direction === 'sales')
        .reduce((sum, item) => sum + item.amountFen, 0);
      const adviser = { taxNo: '91310000ADVISER001', name: '远见管理咨询有限公司' };
      for (const month of ['02', '05', '08', '11']) {
        const fee = invoice({
          direction: 'purchase',
          party: adviser,
          at: `2024-${month}-14 10:00:00`,
          amountFen: Math.round(sales * 0.06) + 13,
          rateBp: 600,
        });
        bench.invoices.push(fee);
        bench.lines.push(
          lineOf(fee, {
            goods: { taxCode: '3040601000000000000', category: '咨询服务', itemName: '管理咨询费' },
            rateBp: 600,
          }),
        );
      }
    },
  },
  INV_SPLIT_SAME_AMOUNT: {
    expected: ['INV_SPLIT_SAME_AMOUNT'],
    plant(bench) {
      for (const day of ['2024-08-05', '2024-08-12', '2024-08-19']) addSale(bench, `${day} 10:00:00`, 4_424_811);
    },
  },
  INV_ROUND_AMOUNT: {
    expected: ['INV_ROUND_AMOUNT'],
    plant(bench) {
      blueSales(bench).forEach((item, index) => {
        if (index % 5 >= 2) return;
        const total = (20 + (index % 60)) * 100_000;
        const amountFen = Math.round(total / 1.13);
        bench.lines = bench.lines.filter((line) => line.invoiceKey !== item.key);
        Object.assign(item, { amountFen, taxFen: total - amountFen, totalFen: total });
        bench.lines.push(lineOf(item));
      });
    },
  },
  INV_LARGE_SINGLE: {
    expected: ['INV_LARGE_SINGLE'],
    plant(bench) {
      for (const day of ['2024-03-13', '2024-06-12', '2024-09-11']) addSale(bench, `${day} 10:00:00`, 92_920_354);
    },
  },
  INV_TAX_CALC_MISMATCH: {
    expected: ['INV_TAX_CALC_MISMATCH'],
    plant(bench) {
      for (const item of blueSales(bench).slice(0, 3)) {
        const line = bench.lines.find((candidate) => candidate.invoiceKey === item.key)!;
        line.taxFen += 50;
        line.totalFen += 50;
        resum(bench, item);
      }
    },
  },
  INV_TOP_CUSTOMER_CONCENTRATION: {
    expected: ['INV_TOP_CUSTOMER_CONCENTRATION'],
    plant(bench) {
      const first = customerOf(0);
      blueSales(bench).forEach((item, index) => {
        if (index % 20 < 11) Object.assign(item, { buyerTaxNo: first.taxNo, buyerName: first.name });
      });
    },
  },
  INV_TOP_SUPPLIER_CONCENTRATION: {
    expected: ['INV_TOP_SUPPLIER_CONCENTRATION'],
    plant(bench) {
      const first = supplierOf(0);
      goodsPurchases(bench).forEach((item, index) => {
        if (index % 20 < 12) Object.assign(item, { sellerTaxNo: first.taxNo, sellerName: first.name });
      });
    },
  },
  INV_NEW_LARGE_CUSTOMER: {
    expected: ['INV_NEW_LARGE_CUSTOMER'],
    plant(bench) {
      blueSales(bench).forEach((item, index) => {
        if (index % 4 === 0) Object.assign(item, { buyerTaxNo: '91310000NEWCUST001', buyerName: '示例新客户有限公司' });
      });
    },
  },
  INV_SELF_COUNTERPARTY: {
    expected: ['INV_SELF_COUNTERPARTY'],
    plant(bench) {
      addSale(bench, '2024-08-07 11:00:00', 1_234_567, { taxNo: COMPANY.taxNo, name: COMPANY.name });
    },
  },
  INV_COUNTERPARTY_STATUS: {
    expected: ['INV_COUNTERPARTY_STATUS'],
    plant(bench) {
      const statuses = new Map(bench.counterpartyStatus);
      statuses.set(supplierOf(2).taxNo, { registration: 'abnormal', registrationText: '非正常户' });
      bench.counterpartyStatus = statuses;
    },
  },
  INV_PERSONAL_BUYER: {
    expected: ['INV_PERSONAL_BUYER'],
    plant(bench) {
      blueSales(bench).forEach((item, index) => {
        if (index % 20 < 7) Object.assign(item, { buyerTaxNo: '', buyerName: PEOPLE[index % PEOPLE.length] });
      });
    },
  },
  INV_RED_RATIO: {
    expected: ['INV_RED_RATIO'],
    plant(bench) {
      blueSales(bench).forEach((item, index) => {
        if (index % 8 !== 0) return;
        item.status = 'red_full';
        const red = invoice({
          direction: 'sales',
          party: { taxNo: item.buyerTaxNo, name: item.buyerName },
          at: item.issuedAt,
          amountFen: -item.amountFen,
          taxFen: -item.taxFen,
          redOfNumber: item.digitalNumber,
        });
        bench.invoices.push(red);
        bench.lines.push(lineOf(red));
      });
    },
  },
  INV_VOID_RATIO: {
    expected: ['INV_VOID_RATIO'],
    plant(bench) {
      blueSales(bench).forEach((item, index) => {
        if (index % 8 === 0) Object.assign(item, { status: 'void', statusText: '已作废' });
      });
    },
  },
  INV_CROSS_YEAR_RED: {
    expected: ['INV_CROSS_YEAR_RED'],
    plant(bench) {
      const blue = bench.previousPeriod!.invoices.find(isBlueSale)!;
      const red = invoice({
        direction: 'sales',
        party: { taxNo: blue.buyerTaxNo, name: blue.buyerName },
        at: '2024-02-20 10:00:00',
        amountFen: -52_000_000,
        redOfNumber: blue.digitalNumber,
      });
      bench.invoices.push(red);
      bench.lines.push(lineOf(red));
    },
  },
  INV_ABNORMAL_INPUT: {
    expected: ['INV_ABNORMAL_INPUT'],
    plant(bench) {
      for (const item of goodsPurchases(bench).slice(0, 2)) item.riskLevel = 'abnormal';
    },
  },
  INV_ABNORMAL_OUTPUT: {
    expected: ['INV_ABNORMAL_OUTPUT'],
    plant(bench) {
      blueSales(bench)[0]!.riskLevel = 'suspect';
    },
  },
  // Input tax far above output tax this year is also input growing far faster than output.
  INV_INPUT_OUTPUT_RATIO: {
    expected: ['INV_INPUT_OUTPUT_RATIO', 'INV_IO_TAX_ELASTICITY'],
    plant(bench) {
      for (const item of goodsPurchases(bench)) {
        for (const factor of [1.01, 1.02]) {
          const copy = invoice({
            direction: 'purchase',
            party: { taxNo: item.sellerTaxNo, name: item.sellerName },
            at: item.issuedAt,
            amountFen: offRound(Math.round(item.amountFen * factor)),
          });
          bench.invoices.push(copy);
          bench.lines.push(lineOf(copy));
        }
      }
    },
  },
  INV_ORDINARY_INPUT_SHARE: {
    expected: ['INV_ORDINARY_INPUT_SHARE'],
    plant(bench) {
      goodsPurchases(bench).forEach((item, index) => {
        if (index % 5 !== 0)
          Object.assign(item, { isSpecial: false, kindCode: '82', kindText: '数电发票（普通发票）' });
      });
    },
  },
  // Selling 6% services instead of 13% goods also lowers output tax below the goods input tax.
  // A wholesaler selling only services it never bought also sells outside its business.
  INV_GOODS_MISMATCH: {
    expected: ['INV_GOODS_MISMATCH', 'INV_INPUT_OUTPUT_RATIO', 'INV_OUT_OF_SCOPE_SALES'],
    plant(bench) {
      for (const item of bench.invoices.filter((candidate) => candidate.direction === 'sales')) {
        for (const line of bench.lines.filter((candidate) => candidate.invoiceKey === item.key)) {
          const taxFen = Math.sign(line.amountFen) * Math.round((Math.abs(line.amountFen) * 600) / 10_000);
          Object.assign(line, lineOf(item, { goods: GOODS.software, rateBp: 600, amountFen: line.amountFen, taxFen }));
        }
        resum(bench, item);
      }
    },
  },
  INV_SOLD_NOT_BOUGHT: {
    expected: ['INV_SOLD_NOT_BOUGHT'],
    plant(bench) {
      const chips = { taxCode: '1090612010000000000', category: '电子元件', itemName: '集成电路' };
      bench.lines.forEach((line, index) => {
        if (line.direction === 'sales' && line.amountFen > 0 && index % 5 < 2) {
          Object.assign(line, { taxCode: chips.taxCode, category: chips.category, itemName: chips.itemName });
        }
      });
    },
  },
  INV_BOUGHT_NOT_SOLD: {
    expected: ['INV_BOUGHT_NOT_SOLD'],
    plant(bench) {
      const keys = new Set(goodsPurchases(bench).map((item) => item.key));
      bench.lines.forEach((line, index) => {
        if (keys.has(line.invoiceKey) && index % 5 < 2) {
          Object.assign(line, { taxCode: '1070212010000000000', category: '化工原料', itemName: '工业用盐' });
        }
      });
    },
  },
  INV_RATE_INCONSISTENT: {
    expected: ['INV_RATE_INCONSISTENT'],
    plant(bench) {
      const steel = bench.lines.filter(
        (line) => line.direction === 'sales' && line.category === '钢材' && line.amountFen > 0,
      );
      for (const line of steel.slice(0, 5)) {
        line.taxRateBp = 900;
        line.taxRateText = '9%';
        line.taxFen = Math.round((line.amountFen * 900) / 10_000);
        line.totalFen = line.amountFen + line.taxFen;
        resum(bench, bench.invoices.find((item) => item.key === line.invoiceKey)!);
      }
    },
  },
  INV_EXEMPT_SALES_SHARE: {
    expected: ['INV_EXEMPT_SALES_SHARE'],
    plant(bench) {
      const touched = new Set<string>();
      bench.lines.forEach((line, index) => {
        if (line.direction !== 'sales' || line.amountFen <= 0 || index % 4 !== 0) return;
        Object.assign(line, { taxRateBp: null, taxRateText: '免税', taxFen: 0, totalFen: line.amountFen });
        touched.add(line.invoiceKey);
      });
      for (const item of bench.invoices) if (touched.has(item.key)) resum(bench, item);
    },
  },
  ...FAMILY_PLANTS,
};
