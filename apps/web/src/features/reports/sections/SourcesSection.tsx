import { t } from '../../../locales';
import { filledColumns, type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import type { ReportSource } from '../report-view.types';

const COLUMNS: readonly SimpleColumn<ReportSource>[] = [
  { key: 'file', title: t('reports.sources.fileName'), render: (row) => row.fileName },
  {
    key: 'uploader',
    title: t('reports.sources.uploadedBy'),
    render: (row) => row.uploadedBy ?? t('reports.sources.unknownUploader'),
  },
  { key: 'finished', title: t('reports.sources.finishedAt'), render: (row) => row.finishedAt ?? '-' },
  { key: 'invoices', title: t('reports.sources.invoices'), align: 'right', render: (row) => row.invoices ?? '-' },
  { key: 'importId', title: t('reports.sources.importId'), align: 'right', render: (row) => row.importId ?? '-' },
];

/** 数据来源: the imports every figure of the report was computed from (DESIGN §5). */
export function SourcesSection({ sources }: { sources: readonly ReportSource[] }) {
  return (
    <div className="tl-sources" data-testid="sources">
      <p className="tl-muted">{t('reports.sources.hint')}</p>
      <SimpleTable
        columns={filledColumns(COLUMNS, sources, ['file'])}
        rows={sources}
        rowKey={(row, index) => `${row.importId ?? 'x'}-${index}`}
        empty={t('reports.sources.empty')}
      />
    </div>
  );
}
