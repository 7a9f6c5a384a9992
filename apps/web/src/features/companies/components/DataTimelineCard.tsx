import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Tag, Tooltip, Typography, theme } from 'antd';
import { t } from '../../../locales';
import { timelineRows } from '../model/timeline-model';
import { timelineOptions } from '../queries';

/**
 * 数据时间轴: per kind of data (销项/进项发票, statements, returns …), which months it covers, over
 * the span of all of them; a month a kind lacks inside its own span is a gap. Scrolls sideways on
 * a phone.
 */
export function DataTimelineCard({ firmId }: { firmId: number }) {
  const { token } = theme.useToken();
  const timeline = useQuery(timelineOptions(firmId));
  const { months, rows } = timeline.data ? timelineRows(timeline.data) : { months: [], rows: [] };
  return (
    <Card title={t('companies.timeline.title')} data-testid="data-timeline">
      {timeline.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : months.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('companies.timeline.empty')} />
      ) : (
        <div className="tl-co-timeline">
          <div
            className="tl-co-timeline-grid"
            style={{ gridTemplateColumns: `8.5em repeat(${months.length}, 14px) 6.5em` }}
          >
            <span />
            {months.map((month) => (
              <span key={month} className="tl-co-timeline-year" style={{ color: token.colorTextSecondary }}>
                {month.endsWith('-01') || month === months[0] ? month.slice(0, 4) : ''}
              </span>
            ))}
            <span />
            {rows.map((row) => [
              <Typography.Text key={`${row.key}-label`} className="tl-co-timeline-label" ellipsis>
                {row.label}
              </Typography.Text>,
              ...row.cells.map((cell) => (
                <Tooltip key={`${row.key}-${cell.month}`} title={t('companies.timeline.cell', cell)}>
                  <span
                    className="tl-co-timeline-cell"
                    data-covered={cell.count > 0}
                    style={{ background: cell.count > 0 ? token.colorPrimary : token.colorFillSecondary }}
                  />
                </Tooltip>
              )),
              <span key={`${row.key}-state`}>
                {row.covered === 0 ? (
                  <Tag>{t('companies.timeline.none')}</Tag>
                ) : row.gaps > 0 ? (
                  <Tag color="warning">{t('companies.timeline.gaps', { count: row.gaps })}</Tag>
                ) : (
                  <Tag color="success">{t('companies.timeline.months', { count: row.covered })}</Tag>
                )}
              </span>,
            ])}
          </div>
        </div>
      )}
    </Card>
  );
}
