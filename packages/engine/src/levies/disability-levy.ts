/**
 * 残疾人就业保障金 (残保金), worked line by line as on the 缴费申报表.
 *
 * 年缴纳额 = (上年在职职工人数 × 所在地规定比例 − 上年实际安排残疾人就业人数) × 上年在职职工年平均工资
 * (财税〔2015〕72号 第八条). The wage base is capped at 2× the local social average wage
 * (财税〔2018〕39号, from 2018-04-01). For the years 2020–2027 (财政部公告2019年第98号, extended by
 * 财政部公告2023年第8号) an enterprise with 30 staff or fewer is exempt, and the fee is cut to 50% when
 * the actual ratio is at least 1% (still below the local ratio), to 90% when under 1%.
 *
 * Headcounts carry two decimals (monthly averages), so they are held in hundredths; the ratio is in
 * basis points; money is integer fen. The shortfall is kept unrounded (it need not be whole), and the
 * only rounding is to the fen: the average wage (a field of the form) and the fee.
 */
export interface DisabilityLevyCalcInput {
  levyYear: number;
  employerKind: 'enterprise' | 'institution';
  /** 上年在职职工人数, may be a monthly average. */
  staffCount: number;
  /** Disabled employees other than grade 1/2 (count once). */
  disabledCount: number;
  /** Grade 1/2 disabled employees (or grade 1–3 disabled veterans): each counts as two. */
  severeDisabledCount: number;
  totalWagesFen: number;
  localAverageWageFen: number;
  /** 所在地规定比例 in basis points (150 = 1.5%). */
  ratioBp: number;
  regionName: string;
}

export interface LevyLine {
  label: string;
  /** How the value was obtained, in words and figures. */
  working: string;
  value: string;
}

export interface DisabilityLevyResult {
  exempt: boolean;
  /** 应安排人数 − 实际安排人数, as a decimal string (not rounded to a whole person). */
  shortfall: string;
  averageWageFen: number;
  wageBaseFen: number;
  grossFen: number;
  reductionFen: number;
  dueFen: number;
  /** Share of the fee still payable after the reduction tier, in percent (100, 90, 50 or 0). */
  payablePercent: number;
  lines: LevyLine[];
  basis: string[];
}

const HUNDRED = 100n;

/** Rounds a non-negative fraction numerator/denominator half up. */
function roundDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A two-decimal count as an integer of hundredths, without float drift (87.25 → 8725). */
function centi(value: number): bigint {
  return BigInt(Math.round(value * 100));
}

/** A fixed-point value (scale = number of decimals) as text without trailing zeros. */
function decimalText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function yuanText(fenValue: number | bigint): string {
  const value = BigInt(fenValue);
  const whole = (value / HUNDRED).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${(value % HUNDRED).toString().padStart(2, '0')}元`;
}

const percentText = (bp: number | bigint) => `${decimalText(BigInt(bp), 2)}%`;

export function calculateDisabilityLevy(input: DisabilityLevyCalcInput): DisabilityLevyResult {
  const staff = centi(input.staffCount);
  const arranged = centi(input.disabledCount) + 2n * centi(input.severeDisabledCount);
  const ratio = BigInt(input.ratioBp);
  const reliefYears = input.levyYear >= 2020 && input.levyYear <= 2027;
  const reliefBasis = input.levyYear <= 2022 ? '财政部公告2019年第98号' : '财政部公告2023年第8号';
  const basis = ['财税〔2015〕72号', '财税〔2018〕39号', reliefBasis];
  const lines: LevyLine[] = [];
  const staffText = decimalText(staff, 2);
  const arrangedText = decimalText(arranged, 2);

  lines.push({
    label: '上年在职职工人数',
    working: '在编人员及签订1年以上劳动（服务）合同人员，按月平均人数计',
    value: `${staffText}人`,
  });
  lines.push({ label: '所在地规定比例', working: `${input.regionName}比例`, value: percentText(ratio) });
  lines.push({
    label: '上年实际安排残疾人就业人数',
    working: `其他残疾人${decimalText(centi(input.disabledCount), 2)}人 + 一、二级残疾人${decimalText(
      centi(input.severeDisabledCount),
      2,
    )}人 × 2`,
    value: `${arrangedText}人`,
  });
  // Actual ratio in basis points of basis points (exact comparison without division).
  const actualRatioText = percentText(roundDiv(arranged * 10000n, staff));
  lines.push({ label: '实际安排比例', working: `${arrangedText} ÷ ${staffText}`, value: actualRatioText });

  const result = (fields: Omit<DisabilityLevyResult, 'lines' | 'basis'>): DisabilityLevyResult => ({
    ...fields,
    lines,
    basis,
  });

  if (reliefYears && input.employerKind === 'enterprise' && staff <= 3000n) {
    lines.push({
      label: '本期应纳费额',
      working: `在职职工总数30人（含）以下的企业暂免征收（${reliefBasis}），仍需零申报`,
      value: yuanText(0),
    });
    return result({
      exempt: true,
      shortfall: '0',
      averageWageFen: 0,
      wageBaseFen: 0,
      grossFen: 0,
      reductionFen: 0,
      dueFen: 0,
      payablePercent: 0,
    });
  }

  // Persons in millionths: hundredths of a person × basis points.
  const required = staff * ratio;
  const actual = arranged * 10000n;
  const shortfall = required > actual ? required - actual : 0n;
  lines.push({
    label: '应安排残疾人就业人数',
    working: `${staffText} × ${percentText(ratio)}`,
    value: `${decimalText(required, 6)}人`,
  });
  lines.push({
    label: '差额人数',
    working: '应安排人数 − 实际安排人数，不取整',
    value: `${decimalText(shortfall, 6)}人`,
  });

  const averageWage = roundDiv(BigInt(input.totalWagesFen) * HUNDRED, staff);
  lines.push({
    label: '上年在职职工年平均工资',
    working: `工资总额${yuanText(input.totalWagesFen)} ÷ ${staffText}人`,
    value: yuanText(averageWage),
  });
  const cap = 2n * BigInt(input.localAverageWageFen);
  const wageBase = averageWage < cap ? averageWage : cap;
  lines.push({
    label: '计费工资基数',
    working: `取年平均工资与当地社会平均工资${yuanText(input.localAverageWageFen)}的2倍（${yuanText(
      cap,
    )}）中较低者（财税〔2018〕39号）`,
    value: yuanText(wageBase),
  });

  const gross = roundDiv(shortfall * wageBase, 1_000_000n);
  lines.push({
    label: '本期应纳费额',
    working: `${decimalText(shortfall, 6)} × ${yuanText(wageBase)}（财税〔2015〕72号 第八条）`,
    value: yuanText(gross),
  });

  let payablePercent = 100n;
  let tierText = '不适用减缴政策';
  if (gross === 0n) {
    payablePercent = 0n;
    tierText = '实际安排比例达到规定比例，无需缴纳';
  } else if (reliefYears) {
    // ≥ 1% is inclusive: arranged / staff ≥ 1/100.
    payablePercent = arranged * 100n >= staff ? 50n : 90n;
    tierText =
      payablePercent === 50n
        ? `实际安排比例${actualRatioText}，达到1%（含）但低于规定比例，按应缴费额50%征收（${reliefBasis}）`
        : `实际安排比例${actualRatioText}，低于1%，按应缴费额90%征收（${reliefBasis}）`;
  }
  const due = roundDiv(gross * payablePercent, HUNDRED);
  const reduction = gross - due;
  lines.push({ label: '本期减免费额', working: tierText, value: yuanText(reduction) });
  lines.push({ label: '本期应缴费额', working: '应纳费额 − 减免费额', value: yuanText(due) });

  return result({
    exempt: false,
    shortfall: decimalText(shortfall, 6),
    averageWageFen: Number(averageWage),
    wageBaseFen: Number(wageBase),
    grossFen: Number(gross),
    reductionFen: Number(reduction),
    dueFen: Number(due),
    payablePercent: Number(payablePercent),
  });
}
