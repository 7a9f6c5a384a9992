import { percent } from '../../rules/display.js';
import { type Concentration, concentrationOf } from './invoice-concentration.js';
import type { CounterpartyTotals, InvoiceRuleInput, SideView } from './invoice-context.js';
import type {
  CounterpartyRow,
  CounterpartySide,
  CounterpartyStatus,
  InvoiceCounterparties,
} from './invoice-report.types.js';
import { statusLabel } from './rules/counterparty-status.rules.js';

const TOP_ROWS = 10;
const CHANGE_ROWS = 20;

type StatusLookup = (party: CounterpartyTotals) => string;

function rowOf(party: CounterpartyTotals, shareOfSide: number, status: StatusLookup): CounterpartyRow {
  return {
    taxNo: party.taxNo,
    name: party.name,
    amountFen: party.amountFen,
    taxFen: party.taxFen,
    invoiceCount: party.invoiceCount,
    sharePct: percent(shareOfSide),
    status: status(party),
  };
}

function sideOf(side: SideView, previous: SideView | null, status: StatusLookup): CounterpartySide {
  const current: Concentration = concentrationOf(side.counterparties);
  const base: CounterpartySide = {
    top: current.ranked.slice(0, TOP_ROWS).map((row) => rowOf(row.party, row.share, status)),
    counterpartyCount: current.ranked.length,
    top5SharePct: percent(current.top5Share),
    hhi: Math.round(current.hhi),
    added: null,
    addedCount: null,
    lost: null,
    lostCount: null,
  };
  if (!previous) return base;
  const addedRows = current.ranked.filter((row) => !previous.counterparties.has(row.party.key));
  const lostRows = concentrationOf(previous.counterparties).ranked.filter(
    (row) => !side.counterparties.has(row.party.key),
  );
  return {
    ...base,
    added: addedRows.slice(0, CHANGE_ROWS).map((row) => rowOf(row.party, row.share, status)),
    addedCount: addedRows.length,
    lost: lostRows.slice(0, CHANGE_ROWS).map((row) => {
      const { sharePct, ...rest } = rowOf(row.party, row.share, status);
      return { ...rest, previousSharePct: sharePct };
    }),
    lostCount: lostRows.length,
  };
}

export function buildCounterparties(input: InvoiceRuleInput): InvoiceCounterparties {
  const statuses: ReadonlyMap<string, CounterpartyStatus> | null = input.counterpartyStatus;
  const status: StatusLookup = (party) =>
    statuses && party.taxNo ? statusLabel(statuses.get(party.taxNo)) : party.taxNo ? '数据不足' : '无税号';
  return {
    customers: sideOf(input.sales, input.previous?.sales ?? null, status),
    suppliers: sideOf(input.purchases, input.previous?.purchases ?? null, status),
    statusAvailable: statuses !== null,
  };
}
