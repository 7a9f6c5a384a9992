/**
 * The CompanyDataProvider contract: every module that needs registry, judicial or tax-credit data
 * (reports, queries, invoice counterparties, leads, data view) goes through it, never through the
 * tables. Every record says where it came from and as of when.
 */
import type { RelationKind, RiskKind } from '@taxlens/shared';

export interface Provenance {
  /** Who published the data (e.g. 国家企业信用信息公示系统, or the vendor's name). */
  source: string;
  /** 'YYYY-MM-DD': the data are as of this day. */
  asOf: string;
}

export type Registration = 'normal' | 'deregistered' | 'revoked' | 'moved' | 'unknown';

export interface CompanyHit extends Provenance {
  creditCode: string;
  name: string;
  legalRep: string | null;
  statusText: string;
  regionCode: string | null;
  establishedOn: string | null;
}

export interface CompanyProfile extends CompanyHit {
  registration: Registration;
  registeredCapitalFen: number | null;
  capitalText: string | null;
  companyType: string | null;
  address: string | null;
  scope: string | null;
  industryCode: string | null;
  industryName: string | null;
  taxpayerType: 'general' | 'small_scale' | null;
}

export interface RelationRecord extends Provenance {
  kind: RelationKind;
  name: string;
  role: string | null;
  otherCode: string | null;
  amountFen: number | null;
  /** Share in basis points (51.5% = 5150). */
  ratioBp: number | null;
  happenedOn: string | null;
  beforeText: string | null;
  afterText: string | null;
}

export interface RiskRecord extends Provenance {
  id: string;
  kind: RiskKind;
  creditCode: string;
  name: string;
  reference: string | null;
  title: string;
  category: string | null;
  decidedOn: string | null;
  removedOn: string | null;
  amountFen: number | null;
  authority: string | null;
  personName: string | null;
  /** The published fields of the record, by their published column name. */
  details: Record<string, string>;
}

export interface CreditRating extends Provenance {
  year: number;
  level: 'A' | 'B' | 'M' | 'C' | 'D';
}

/** What an invoice report needs about one counterparty. */
export interface CounterpartyFacts extends Provenance {
  creditCode: string;
  name: string | null;
  registration: Registration;
  statusText: string | null;
  /** Level of the latest rating year on record, if any. */
  creditLevel: CreditRating['level'] | null;
  creditYear: number | null;
  /** Risk lists the counterparty is currently on (not removed). */
  listedOn: RiskKind[];
}

export interface ProviderInfo {
  id: 'builtin' | 'tianyancha';
  /** Shown in the UI: which provider answers. */
  label: string;
}

export interface CompanyDataProvider {
  readonly info: ProviderInfo;
  /** By name (Chinese fuzzy, pinyin initials) or credit code; refuses too-short or malformed input. */
  search(query: string, limit?: number): Promise<CompanyHit[]>;
  /** The company with exactly this credit code, or null when the provider does not know it. */
  profile(creditCode: string): Promise<CompanyProfile | null>;
  relations(creditCode: string, kind: RelationKind): Promise<RelationRecord[]>;
  /** Records of the given risk lists (all when omitted), newest first. */
  risks(creditCode: string, kinds?: readonly RiskKind[]): Promise<RiskRecord[]>;
  creditRatings(creditCode: string): Promise<CreditRating[]>;
  /** Facts for many counterparties at once, by credit code only (never by name). */
  counterparties(creditCodes: readonly string[]): Promise<Map<string, CounterpartyFacts>>;
}
