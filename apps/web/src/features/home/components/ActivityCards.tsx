import {
  formatDateTime,
  IMPORT_KINDS,
  IMPORT_STATUS_LABELS,
  REPORT_KINDS,
  REPORT_STATUS_LABELS,
  type Workbench,
} from '@taxlens/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LightStatus } from '../../../components/LightBadge';
import { LightCard } from '../../../components/LightCard';
import { LightEmpty } from '../../../components/LightEmpty';
import { LightTag } from '../../../components/LightTag';
import { PlainText } from '../../../components/PlainText';
import { t } from '../../../locales';
import { WorkList } from './WorkList';

const REPORT_NAMES = new Map<string, string>(REPORT_KINDS.map((kind) => [kind.reportType, kind.name]));
const STATUS_COLORS = {
  queued: 'default',
  analysing: 'processing',
  parsing: 'processing',
  done: 'success',
  failed: 'error',
  rejected: 'warning',
} as const;

interface ActivityCardProps<T> {
  title: string;
  testId: string;
  items: T[];
  empty: string;
  extra?: ReactNode;
  render: (item: T) => ReactNode;
}

function ActivityCard<T>({ title, testId, items, empty, extra, render }: ActivityCardProps<T>) {
  return (
    <LightCard title={title} extra={extra} data-testid={testId} className="tl-home-card" size="small">
      {items.length === 0 ? (
        <LightEmpty simple description={empty} />
      ) : (
        <WorkList size="small" items={items} itemKey={(_, index) => index} render={render} />
      )}
    </LightCard>
  );
}

function Line({ main, side, meta }: { main: ReactNode; side: ReactNode; meta: string }) {
  return (
    <div className="tl-home-line">
      <div className="tl-home-line-main">
        {main}
        <PlainText type="secondary" className="tl-home-line-meta">
          {meta}
        </PlainText>
      </div>
      {side}
    </div>
  );
}

export function RecentReports({ items }: { items: Workbench['recentReports'] }) {
  return (
    <ActivityCard
      title={t('home.reports.title')}
      testId="home-recent-reports"
      items={items}
      empty={t('home.reports.empty')}
      extra={<Link to="/all-history">{t('home.viewAll')}</Link>}
      render={(report) => (
        <Line
          main={
            <Link to={`/risk/preview?type=${report.reportType}&id=${report.id}`} className="tl-home-line-title">
              {report.companyName} · {REPORT_NAMES.get(report.reportType) ?? report.reportType}
            </Link>
          }
          meta={formatDateTime(report.createdAt)}
          side={
            report.status === 'done' && report.highCount > 0 ? (
              <LightTag color="red">{t('home.reports.high', { count: report.highCount })}</LightTag>
            ) : (
              <LightStatus status={STATUS_COLORS[report.status]} text={REPORT_STATUS_LABELS[report.status]} />
            )
          }
        />
      )}
    />
  );
}

export function RecentImports({ items }: { items: Workbench['recentImports'] }) {
  return (
    <ActivityCard
      title={t('home.imports.title')}
      testId="home-recent-imports"
      items={items}
      empty={t('home.imports.empty')}
      render={(item) => (
        <Line
          main={
            <Link to={`/company/firm?firmId=${item.companyId}&tab=import`} className="tl-home-line-title">
              {item.companyName} · {IMPORT_KINDS[item.kind]}
            </Link>
          }
          meta={`${formatDateTime(item.createdAt)} · ${item.source === 'share' ? t('home.imports.byClient') : item.fileName}`}
          side={<LightStatus status={STATUS_COLORS[item.status]} text={IMPORT_STATUS_LABELS[item.status]} />}
        />
      )}
    />
  );
}

export function PendingUploads({ items }: { items: Workbench['pendingUploads'] }) {
  return (
    <ActivityCard
      title={t('home.pending.title')}
      testId="home-pending-uploads"
      items={items}
      empty={t('home.pending.empty')}
      extra={<Link to="/company/bindUser">{t('home.pending.links')}</Link>}
      render={(item) => (
        <Line
          main={
            <Link to={`/company/firm?firmId=${item.companyId}`} className="tl-home-line-title">
              {item.companyName} · {IMPORT_KINDS[item.kind]}
            </Link>
          }
          meta={`${formatDateTime(item.createdAt)} · ${item.fileName}`}
          side={<Link to="/ticket">{t('home.pending.generate')}</Link>}
        />
      )}
    />
  );
}

export function Failures({ items }: { items: Workbench['failures'] }) {
  return (
    <ActivityCard
      title={t('home.failures.title')}
      testId="home-failures"
      items={items}
      empty={t('home.failures.empty')}
      render={(item) => (
        <Line
          main={
            item.companyId ? (
              <Link
                to={`/company/firm?firmId=${item.companyId}${item.kind === 'import' ? '&tab=import' : ''}`}
                className="tl-home-line-title"
              >
                {item.title}
              </Link>
            ) : (
              <span className="tl-home-line-title">{item.title}</span>
            )
          }
          meta={`${formatDateTime(item.at)} · ${item.reason}`}
          side={
            <LightTag color="error">
              {item.kind === 'report' ? t('home.failures.report') : t('home.failures.import')}
            </LightTag>
          }
        />
      )}
    />
  );
}
