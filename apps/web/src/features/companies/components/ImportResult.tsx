import { CheckCircleFilled, CloseCircleFilled, DownloadOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { comparePeriods, formatPeriod, type ImportInfo, parsePeriod } from '@taxlens/shared';
import { Button, Card, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../../locales';
import '../companies.css';

/** "2025-01 至 2025-12，共 12 期" for the periods an import brought in. */
export function periodsText(periods: readonly string[]): string {
  const sorted = periods.filter((period) => parsePeriod(period)).sort(comparePeriods);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return '-';
  if (first === last) return formatPeriod(first);
  return t('companies.import.periodsValue', {
    first,
    last,
    count: sorted.length,
  });
}

interface ImportResultProps {
  result: ImportInfo;
  /** Title override (the public page says 上传成功). */
  title?: string;
  actions: ReactNode;
  onDownloadReport?: () => void;
  reportHref?: string;
}

/** What an import brought in: counts, periods, rejected rows, the server's message, the report. */
export function ImportResult({ result, title, actions, onDownloadReport, reportHref }: ImportResultProps) {
  const { token } = theme.useToken();
  const done = result.status === 'done';
  const rejected = result.status === 'rejected';
  const icon = done ? (
    <CheckCircleFilled style={{ color: token.colorSuccess }} />
  ) : rejected ? (
    <ExclamationCircleFilled style={{ color: token.colorWarning }} />
  ) : (
    <CloseCircleFilled style={{ color: token.colorError }} />
  );
  const heading =
    title ??
    t(
      done
        ? 'companies.import.resultDone'
        : rejected
          ? 'companies.import.resultRejected'
          : 'companies.import.resultFailed',
    );
  const stats =
    result.kind === 'invoice'
      ? [
          { label: t('companies.import.invoices'), value: result.invoices.toLocaleString('zh-CN') },
          { label: t('companies.import.lines'), value: result.lines.toLocaleString('zh-CN') },
          { label: t('companies.import.rejectedRows'), value: result.rejected.toLocaleString('zh-CN') },
          { label: t('companies.import.periods'), value: periodsText(result.periods) },
        ]
      : [
          { label: t('companies.import.periods'), value: periodsText(result.periods) },
          { label: t('companies.import.rejectedRows'), value: result.rejected.toLocaleString('zh-CN') },
        ];
  const report = result.hasProblemReport ? (
    reportHref ? (
      <Button icon={<DownloadOutlined />} href={reportHref} data-testid="download-report">
        {t('companies.import.downloadReport')}
      </Button>
    ) : (
      <Button icon={<DownloadOutlined />} onClick={onDownloadReport} data-testid="download-report">
        {t('companies.import.downloadReport')}
      </Button>
    )
  ) : null;

  return (
    <div className="tl-co-progress" data-testid="import-result" data-status={result.status}>
      <div className="tl-co-result-head">
        <span className="tl-co-result-icon">{icon}</span>
        <div>
          <Typography.Title level={5} className="tl-co-title">
            {heading}
          </Typography.Title>
          <Typography.Text type="secondary">{result.fileName}</Typography.Text>
        </div>
      </div>
      <div className="tl-co-result-stats">
        {stats.map((stat) => (
          <Card key={stat.label} size="small">
            <Typography.Text type="secondary" className="tl-co-stat-label">
              {stat.label}
            </Typography.Text>
            <div className="tl-co-result-value">{stat.value}</div>
          </Card>
        ))}
      </div>
      {result.message && (
        <Typography.Paragraph type={done ? 'secondary' : 'danger'} className="tl-co-result-message">
          {result.message}
        </Typography.Paragraph>
      )}
      <div className="tl-co-result-actions">
        {report}
        {actions}
      </div>
    </div>
  );
}
