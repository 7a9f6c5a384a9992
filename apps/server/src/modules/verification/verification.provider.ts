/**
 * Who answers an authenticity check. The built-in provider answers from the offline checks and
 * says so (本地核验); a vendor client relays the national verification service and adds its
 * answer to them. Errors on our side (network, the vendor down, a refusal) throw
 * ProviderFailure, and the service refunds the charge.
 */
import { type CheckResult, type InvoiceFace, type OverallVerdict, overallOf } from '@taxlens/engine/verification';

export interface ProviderResult {
  id: string;
  title: string;
  verdict: CheckResult['verdict'];
  reason: string;
}

export interface VerificationAnswer {
  verdict: OverallVerdict;
  results: ProviderResult[];
  vendorCode: string | null;
  vendorMessage: string | null;
}

export class ProviderFailure extends Error {
  constructor(
    readonly vendorCode: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

export interface VerificationProvider {
  readonly name: string;
  /** What the UI shows next to every verdict of this provider. */
  readonly label: string;
  readonly description: string;
  /** Calls a service that allows 5 checks per invoice per day: the quota is tracked before each call. */
  readonly quotaLimited: boolean;
  verify(face: InvoiceFace, local: CheckResult[]): Promise<VerificationAnswer>;
}

/** The built-in provider: the offline checks, labelled as what they are. */
export class LocalVerificationProvider implements VerificationProvider {
  readonly name = 'local';
  readonly label = '本地核验';
  readonly description =
    '本地核验：根据发票文件数据、号码规则、金额与税率、信用代码校验位、本集团导入的电子税务局数据与查验记录进行核对，未连接全国增值税发票查验平台。';
  readonly quotaLimited = false;

  async verify(_face: InvoiceFace, local: CheckResult[]): Promise<VerificationAnswer> {
    return { verdict: overallOf(local), results: local, vendorCode: null, vendorMessage: null };
  }
}

/** The daily limit of the national verification service, per invoice (domain facts §2.7). */
export const DAILY_CHECKS_PER_INVOICE = 5;
