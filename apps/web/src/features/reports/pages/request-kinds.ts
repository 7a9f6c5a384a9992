import { type PoolReportType, reportKindByReportType } from '@taxlens/shared';
import { routeByName } from '../../../app/routes';
import { asExampleReportType } from '../lib/report-views';

/** Report kinds requested on their own page (PANORAMIC has its own flow). */
export type RequestKind = Extract<PoolReportType, 'INVOICE' | 'TAX' | 'COMPREHENSIVE'>;

/**
 * What differs between the request and history pages of each kind. Paths come from the route
 * table by name (request pages from the shared report kinds' `route`), so they are written once.
 */
export interface RequestKindConfig {
  /** Route name of the kind's history page. */
  historyRoute: string;
  /** Test id of the history page (the invoice one keeps the id the browser tests know). */
  historyTestId: string;
}

export const REQUEST_KINDS: Readonly<Record<RequestKind, RequestKindConfig>> = {
  INVOICE: { historyRoute: 'TicketHistory', historyTestId: 'ticket-history' },
  TAX: { historyRoute: 'RiskList', historyTestId: 'report-history-TAX' },
  COMPREHENSIVE: { historyRoute: 'ComprehensiveList', historyTestId: 'report-history-COMPREHENSIVE' },
};

/** The example report of a kind that has one (lib/report-views), shown by the preview page. */
export function examplePath(kind: RequestKind): string | null {
  const example = asExampleReportType(kind);
  return example ? `/risk/preview?example=${example}` : null;
}

export function historyPathOf(kind: RequestKind): string {
  return routeByName(REQUEST_KINDS[kind].historyRoute)?.path ?? '/all-history';
}

export function requestPathOf(kind: RequestKind): string {
  return reportKindByReportType(kind)?.route ?? '/ticket';
}
