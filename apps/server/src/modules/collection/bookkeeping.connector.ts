/**
 * Authorised pull from a client's online bookkeeping (spec /api/BusinessPanoramicReport/cjt/*): the
 * client authorises our app at the bookkeeping vendor (OAuth2 authorization code), then the account
 * set's financial statements are fetched as the vendor's own export and imported through the same
 * statement importer as an uploaded file. The local way in, always available, is that file import;
 * the vendor client is used only when configured by env.
 */

/** Statement kinds a pull brings in (cjt/reportType); the vendor's export holds both sheets. */
export const BOOKKEEPING_REPORT_TYPES = [
  { type: 'balance_sheet', name: '资产负债表' },
  { type: 'income_statement', name: '利润表' },
] as const;

export interface BookkeepingToken {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number;
}

export class BookkeepingError extends Error {
  override readonly name = 'BookkeepingError';
  constructor(
    readonly reason: 'REFUSED' | 'UNAVAILABLE',
    message: string,
  ) {
    super(message);
  }
}

export interface BookkeepingConnector {
  /** Shown on the page: which service the client authorises. */
  readonly label: string;
  /** The vendor page where the client logs in and authorises; it redirects back with code + state. */
  authorizeUrl(oauthState: string): string;
  /** Exchanges the one-time code; REFUSED when the vendor rejects it (used, expired, wrong app). */
  exchangeCode(code: string): Promise<BookkeepingToken>;
  /** The account set's statements of one month ('YYYY-MM') as the vendor's Excel export. */
  statementWorkbook(accessToken: string, period: string): Promise<{ fileName: string; bytes: Buffer }>;
  /** Ends the authorisation at the vendor (cjt/reportAuthClose). */
  revoke(accessToken: string): Promise<void>;
}
