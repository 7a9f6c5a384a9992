/**
 * The CompanyDataProvider contract: every module that needs registry, judicial or tax-credit data
 * (reports, queries, invoice counterparties, leads, data view) goes through it, never through the
 * tables. Every record says where it came from and as of when.
 */
import type { CompanyHit, Provenance, RelationKind, RelationRecord, RiskKind, RiskRecord } from '@taxlens/shared';

export type { CompanyHit, Provenance, RelationRecord, RiskRecord };

export type Registration = 'normal' | 'deregistered' | 'revoked' | 'moved' | 'unknown';

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
