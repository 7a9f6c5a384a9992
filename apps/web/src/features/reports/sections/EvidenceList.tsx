import type { FindingEvidence } from '@taxlens/engine/types';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { PrintedEvidenceTable, usePrintedEvidence } from '../print/print-evidence';
import { EvidenceTable } from './EvidenceTable';
import type { SectionMode } from './section-mode';

/** Keys printed per finding: the rest are counted, not listed. */
const PRINT_KEY_LIMIT = 24;

/** The invoices behind a finding (their 数电发票号码 or 代码:号码), capped by the engine. */
export function EvidenceList({
  evidence,
  mode,
  reportId = 0,
  ruleId = '',
}: {
  evidence: FindingEvidence;
  mode: SectionMode;
  /** A stored report (id > 0) shows the invoice rows themselves; an example report only the numbers. */
  reportId?: number;
  ruleId?: string;
}) {
  const [open, setOpen] = useState(false);
  const printedRows = usePrintedEvidence(ruleId);
  if (evidence.total === 0) return null;
  const keys = mode === 'print' ? evidence.invoiceKeys.slice(0, PRINT_KEY_LIMIT) : evidence.invoiceKeys;
  const partial = keys.length < evidence.total;
  const list = (
    <div className="tl-evidence-list" data-testid="evidence-list">
      {keys.map((key) => (
        <Typography.Text
          key={key}
          className="tl-mono tl-evidence-key"
          copyable={mode === 'screen' ? { text: key } : false}
        >
          {key}
        </Typography.Text>
      ))}
      {partial && (
        <div className="tl-muted tl-small tl-evidence-more">
          {t('reports.findings.evidencePartial', { shown: keys.length, total: evidence.total })}
        </div>
      )}
    </div>
  );
  if (mode === 'print') {
    // A stored report prints the invoice rows themselves; an example report only the numbers.
    const rows = printedRows && printedRows.length > 0 ? printedRows : null;
    return (
      <div className="tl-evidence">
        <div className="tl-finding-label">{t('reports.findings.evidence', { count: evidence.total })}</div>
        {rows ? <PrintedEvidenceTable rows={rows} /> : list}
        {rows && rows.length < evidence.total && (
          <div className="tl-muted tl-small tl-evidence-more">
            {t('reports.findings.evidencePartial', { shown: rows.length, total: evidence.total })}
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="tl-evidence">
      <Button size="small" type="link" onClick={() => setOpen((value) => !value)} data-testid="evidence-toggle">
        {t('reports.findings.evidence', { count: evidence.total })} ·{' '}
        {open ? t('reports.findings.evidenceHide') : t('reports.findings.evidenceShow')}
      </Button>
      {open && (reportId > 0 ? <EvidenceTable reportId={reportId} ruleId={ruleId} /> : list)}
      {open && reportId > 0 && partial && (
        <div className="tl-muted tl-small tl-evidence-more">
          {t('reports.findings.evidencePartial', { shown: keys.length, total: evidence.total })}
        </div>
      )}
    </div>
  );
}
