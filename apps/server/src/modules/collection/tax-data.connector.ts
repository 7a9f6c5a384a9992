/**
 * Authorised collection of a client's e-tax-bureau data (spec §7: /api/report and /api/reportv2,
 * taxLogin, cjt/*): the client's own login (account + SMS code, or a QR code scanned in the tax
 * app) lets an aggregator fetch the files, which then come in through the same importers as an
 * upload. One implementation per vendor; none is built in, so without configuration the product
 * says authorised collection is not configured.
 */

/** Spec §9: preferred city codes for authorisation, and the fallback. */
export const PREFERRED_REGIONS = ['210200', '370200', '440300', '330200', '350200'] as const;
export const FALLBACK_REGION = '110000';

/** The region to log in at: the company's own when it is a preferred one, else the fallback. */
export function chooseRegion(companyRegion: string | null | undefined): string {
  return companyRegion && (PREFERRED_REGIONS as readonly string[]).includes(companyRegion)
    ? companyRegion
    : FALLBACK_REGION;
}

export interface LoginTarget {
  taxNo: string;
  region: string;
  /** 登录账号: 居民身份证号, phone or user name of the person who files for the company. */
  account: string;
  password?: string;
}

export type AuthState =
  | { state: 'waiting' }
  | { state: 'authorised'; token: string }
  | { state: 'expired' | 'failed'; message: string };

export interface CollectedFile {
  kind: 'invoice' | 'statement' | 'return' | 'deduction' | 'payroll';
  fileName: string;
  bytes: Buffer;
}

export type CollectionState =
  | { state: 'running'; progress: number }
  | { state: 'done'; files: CollectedFile[] }
  | { state: 'failed'; message: string };

export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';
  constructor(
    readonly reason: 'WRONG_CODE' | 'REFUSED' | 'UNAVAILABLE',
    message: string,
  ) {
    super(message);
  }
}

export interface TaxDataConnector {
  /** Shown on the page: which service collects. */
  readonly label: string;
  /** What the staff should know about how far the vendor contract is confirmed (null: nothing to say). */
  readonly notice: string | null;
  /** getSmsCode: asks the bureau to text the login code; answers the vendor's login task. */
  getSmsCode(target: LoginTarget): Promise<{ task: string }>;
  /** authLongin (SMS): the code the client read out; WRONG_CODE when the bureau refuses it. */
  smsLogin(target: LoginTarget, task: string, code: string): Promise<{ token: string }>;
  /** getLoginQRCodeUrl: a QR code for the tax app; qrCodeLogin then polls it through findAuthState. */
  getLoginQRCode(target: LoginTarget): Promise<{ task: string; qrCode: string }>;
  /** findAuthState: whether the login (SMS or QR) is valid. */
  authState(target: LoginTarget, task: string, token: string | null): Promise<AuthState>;
  /** Starts collecting the periods' invoices, returns and statements. */
  startCollection(target: LoginTarget, token: string, from: string, to: string): Promise<{ task: string }>;
  collectionState(task: string): Promise<CollectionState>;
  /** cancelOperation. */
  cancel(task: string): Promise<void>;
}
