import { defineRule, evidenceOf, levelBy } from '../../../rules/define-rule.js';
import { percentText, round2, share, wanText, yuanText } from '../../../rules/display.js';
import { industryScopeOf, inScope } from '../industry-scope.js';
import { goodsKeyOf } from '../invoice-classify.js';
import type { InvoiceRuleInput } from '../invoice-context.js';
import {
  countFigure,
  EXPERIENCE,
  fenFigure,
  INVOICE_REPORT_TYPES,
  lineTextMatches,
  NO_PURCHASES,
  NO_SALES,
  pctFigure,
  SOURCE,
} from './invoice-rule.helpers.js';

/**
 * 主营外开票 (INV_OUT_OF_SCOPE_SALES): sales lines whose tax code is outside what the company's
 * industry sells and whose goods key (category) it never bought, this period or the one before,
 * as a share of coded sales.
 */
export const outOfScopeSalesRule = defineRule({
  id: 'INV_OUT_OF_SCOPE_SALES',
  title: '主营外开票（销售与行业、购进均不相符的品目）',
  category: '品目与税率',
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['销项与进项发票明细（税收分类编码）', '企业所属行业'],
  basis: `《中华人民共和国发票管理办法》第二十一条：不得开具与实际经营业务情况不符的发票；购进与销售的货物名称严重背离是《国家税务总局关于走逃（失联）企业开具增值税专用发票认定处理有关问题的公告》（国家税务总局公告2016年第76号）所列异常情形之一。行业对应的税收分类编码范围与5%、10%、30%的分级为${EXPERIENCE}。`,
  explanation:
    '销售的品目既不属于本企业所在行业的常规业务，也从未购进过，可能是为他人代开、虚开发票，或存在超出登记经营范围的兼营业务（兼营的应分别核算、适用正确税率）。',
  suggestion:
    '逐项说明这些品目的业务来源（兼营业务、自产、委托加工）与对应的成本、合同；与实际业务不符的发票应红冲并补缴税款，经营范围未登记的及时变更登记。',
  thresholds: { minCodedShare: 0.5, lowShare: 0.05, mediumShare: 0.1, highShare: 0.3, minAmountFen: 10_000_000 },
  describeThreshold: (limits) =>
    `行业常规品目之外且未购进过的销售额占有编码销售额：≥${percentText(limits.lowShare)}为低风险，≥${percentText(limits.mediumShare)}且≥${wanText(limits.minAmountFen)}为中风险，≥${percentText(limits.highShare)}且≥${wanText(limits.minAmountFen)}为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    const scope = industryScopeOf(input.company.industry);
    if (!scope) return { level: 'insufficient', missingData: ['企业所属行业（国民经济行业分类）'] };
    if (input.sales.lines.length === 0) return { level: 'insufficient', missingData: ['销项发票明细（信息汇总表）'] };
    const bought = new Set<string>();
    for (const line of [...input.purchases.lines, ...(input.previous?.purchases.lines ?? [])])
      bought.add(goodsKeyOf(line));
    let coded = 0;
    let codedAbs = 0;
    let all = 0;
    const outside = new Map<string, { amountFen: number; keys: string[] }>();
    for (const line of input.sales.lines) {
      all += Math.abs(line.amountFen);
      if (!line.taxCode?.trim()) continue;
      coded += line.amountFen;
      codedAbs += Math.abs(line.amountFen);
      const key = goodsKeyOf(line);
      if (inScope(scope, line.taxCode) || bought.has(key)) continue;
      const entry = outside.get(key) ?? { amountFen: 0, keys: [] };
      entry.amountFen += line.amountFen;
      entry.keys.push(line.invoiceKey);
      outside.set(key, entry);
    }
    if (share(codedAbs, all) < limits.minCodedShare) {
      return {
        level: 'insufficient',
        missingData: [`销项明细的税收分类编码（有编码的金额不足${percentText(limits.minCodedShare)}）`],
      };
    }
    const rows = [...outside]
      .filter(([, entry]) => entry.amountFen > 0)
      .sort((a, b) => b[1].amountFen - a[1].amountFen);
    const amount = rows.reduce((sum, [, entry]) => sum + entry.amountFen, 0);
    const ratio = share(amount, coded);
    const big = amount >= limits.minAmountFen;
    return {
      level: levelBy({
        high: big && ratio >= limits.highShare,
        medium: big && ratio >= limits.mediumShare,
        low: ratio >= limits.lowShare,
      }),
      summary:
        rows.length > 0
          ? `按所属行业（${scope.label}）判断，${rows.length}类销售品目既非行业常规业务、也未见购进：${rows
              .slice(0, 5)
              .map(([key, entry]) => `${key}（${yuanText(entry.amountFen)}）`)
              .join('、')}${rows.length > 5 ? '等' : ''}，合计占有编码销售额的${percentText(ratio)}。`
          : `销售品目均属所属行业（${scope.label}）的常规业务或本企业购进过的品目。`,
      figures: [
        countFigure('行业外且未购进的品类', rows.length, '类'),
        fenFigure('其销售额', amount),
        pctFigure('占有编码销售额', ratio),
      ],
      evidence: ratio >= limits.lowShare ? evidenceOf(rows.flatMap(([, entry]) => entry.keys)) : null,
    };
  },
});

const FUEL = /汽油|柴油|成品油|燃料油|车用天然气/;
const TOLL = /通行费/;
const VEHICLE = /机动车|汽车|客车|货车|卡车|挂车|车辆/;
const TRANSPORT = /运输|物流|快递|客运|货运/;

/**
 * 成品油、通行费与车辆 (INV_FUEL_TOLL_VEHICLES): fuel and toll purchases as a share of revenue, and
 * whether the invoices show any vehicle (bought, rented, insured, repaired). The vehicle register is
 * not imported, so the per-vehicle check is named as not done rather than guessed.
 */
export const fuelTollRule = defineRule({
  id: 'INV_FUEL_TOLL_VEHICLES',
  title: '成品油、通行费与车辆不匹配',
  category: '费用与扣除',
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['进项发票明细（成品油、通行费、车辆相关）', '销项发票金额（营业收入）'],
  basis: `《企业所得税法》第八条：与取得收入有关的、合理的支出准予扣除；与经营无关的车辆费用（如个人车辆加油）不得扣除，其进项税额依《增值税暂行条例》第十条不得抵扣。占收入3%、8%的分级及“未见车辆”的判断为${EXPERIENCE}；交通运输业不适用占收入分级。`,
  explanation:
    '成品油、通行费金额大而发票中看不到任何车辆（购置、租赁、保险、维修），或远超同类企业的用车水平，可能是为个人车辆报销加油费、过路费，或取得与经营无关的发票抵扣进项。',
  suggestion: '列出企业自有与租用车辆清单，按车辆核对加油卡、通行记录与里程；与经营无关的费用纳税调增并转出进项税额。',
  thresholds: { minFen: 5_000_000, lowShare: 0.03, mediumShare: 0.08 },
  describeThreshold: (limits) =>
    `成品油与通行费合计≥${wanText(limits.minFen)}且发票中未见任何车辆为低风险；非交通运输企业占开票营业收入≥${percentText(limits.lowShare)}为低风险，≥${percentText(limits.mediumShare)}为中风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    if (input.purchases.all.length === 0) return NO_PURCHASES;
    if (input.purchases.lines.length === 0)
      return { level: 'insufficient', missingData: ['进项发票明细（信息汇总表）'] };
    let fuel = 0;
    let toll = 0;
    let vehicleLines = 0;
    const keys: string[] = [];
    for (const line of input.purchases.lines) {
      if (lineTextMatches(FUEL, line)) {
        fuel += line.amountFen;
        keys.push(line.invoiceKey);
      } else if (lineTextMatches(TOLL, line)) {
        toll += line.amountFen;
        keys.push(line.invoiceKey);
      } else if (lineTextMatches(VEHICLE, line)) vehicleLines += 1;
    }
    // A 机动车销售统一发票 (kind 03) is a vehicle bought even when its line names only the model.
    for (const invoice of input.purchases.blue) {
      if (invoice.kindCode === '03' || /机动车/.test(invoice.kindText ?? '')) vehicleLines += 1;
    }
    const spend = fuel + toll;
    const revenue = Math.max(0, input.sales.netAmountFen);
    const ratio = share(spend, revenue);
    const transport = TRANSPORT.test(input.company.industry ?? '');
    const noVehicle = vehicleLines === 0 && spend >= limits.minFen;
    const level = levelBy({
      medium: !transport && ratio >= limits.mediumShare,
      low: noVehicle || (!transport && ratio >= limits.lowShare),
    });
    const vehicleText =
      vehicleLines > 0
        ? `发票中有${vehicleLines}条车辆购置、租赁或维修保险记录`
        : '发票中未见任何车辆购置、租赁、维修或保险记录';
    return {
      level,
      summary:
        spend > 0
          ? `成品油${yuanText(fuel)}、通行费${yuanText(toll)}，合计占开票营业收入${percentText(ratio)}；${vehicleText}。车辆登记数据未导入，未按车辆逐一核对用油与通行量。`
          : '本期没有成品油、通行费发票。',
      figures: [
        fenFigure('成品油金额', fuel),
        fenFigure('通行费金额', toll),
        pctFigure('合计占营业收入', ratio),
        countFigure('车辆相关记录', vehicleLines, '条'),
      ],
      evidence: level === 'none' ? null : evidenceOf(keys),
    };
  },
});

/**
 * 进销项税额变动弹性 (INV_IO_TAX_ELASTICITY): (进项税额变动率) ÷ (销项税额变动率) against the same
 * span before; judged only when input tax grew by at least `minInputGrowth`.
 */
export const ioTaxElasticityRule = defineRule({
  id: 'INV_IO_TAX_ELASTICITY',
  title: '进项税额增长快于销项税额（进销项弹性异常）',
  category: '开票趋势',
  reportTypes: INVOICE_REPORT_TYPES,
  dataNeeded: ['本期与上期（同长度）的销项、进项发票税额'],
  basis: `弹性系数分析方法参照${SOURCE.assessment}；进项增长率不低于20%，弹性1.5以上或销项下降时进项仍增长的分级为${EXPERIENCE}。`,
  explanation:
    '进项税额的增幅明显大于销项税额（或销项下降而进项增加），说明抵扣增长没有相应的销售支撑，可能是存货积压，也可能是取得虚开的进项发票或把不得抵扣的进项作了抵扣。',
  suggestion: '按月列示进项增长的来源（主要供应商与品目），核对存货增加与在建工程是否相符，不得抵扣的进项及时转出。',
  thresholds: { minInputGrowth: 0.2, mediumElasticity: 1.5, highElasticity: 3 },
  describeThreshold: (limits) =>
    `进项税额较上期增长≥${percentText(limits.minInputGrowth)}时：弹性（进项变动率÷销项变动率）≥${limits.mediumElasticity}为中风险，≥${limits.highElasticity}或销项不增反降为高风险`,
  check(input: InvoiceRuleInput, limits) {
    if (input.sales.blue.length === 0) return NO_SALES;
    if (!input.previous || input.previous.sales.blue.length === 0 || input.previous.purchases.blue.length === 0) {
      return { level: 'insufficient', missingData: ['上期（同长度期间）的销项与进项发票'] };
    }
    const output = input.sales.netTaxFen;
    const inputTax = input.purchases.netTaxFen;
    const baseOutput = input.previous.sales.netTaxFen;
    const baseInput = input.previous.purchases.netTaxFen;
    if (baseOutput <= 0 || baseInput <= 0) {
      return { level: 'insufficient', missingData: ['上期为正数的销项与进项税额'] };
    }
    const outputChange = (output - baseOutput) / baseOutput;
    const inputChange = (inputTax - baseInput) / baseInput;
    const elasticity = outputChange > 0 ? inputChange / outputChange : null;
    const grew = inputChange >= limits.minInputGrowth;
    const level = levelBy({
      high: grew && (elasticity === null || elasticity >= limits.highElasticity),
      medium: grew && elasticity !== null && elasticity >= limits.mediumElasticity,
    });
    return {
      level,
      summary: `进项税额${yuanText(baseInput)}→${yuanText(inputTax)}（${percentText(inputChange)}），销项税额${yuanText(baseOutput)}→${yuanText(output)}（${percentText(outputChange)}），${elasticity === null ? '销项未增长，弹性不适用' : `弹性${round2(elasticity)}`}。`,
      figures: [
        pctFigure('进项税额变动率', inputChange),
        pctFigure('销项税额变动率', outputChange),
        { label: '进销项弹性', value: elasticity === null ? '销项未增长' : round2(elasticity) },
      ],
      evidence: null,
    };
  },
});

export const SCOPE_RULES = [outOfScopeSalesRule, fuelTollRule, ioTaxElasticityRule];
