import { EditOutlined } from '@ant-design/icons';
import { PROSPECT_STATUSES, type ProspectStatusKey } from '@taxlens/shared';
import { Button, Card, Descriptions, Empty, Pagination, Select, Space, Tag, Typography } from 'antd';
import { t } from '../../../locales';
import type { ProspectItem } from '../toker-api';
import { capitalText } from './prospect-columns';
import { useProspectEditor } from './use-prospect-editor';

interface Props {
  rows: ProspectItem[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
  onChanged: () => void;
}

/** /my/card: one card per assigned prospect, readable at 390 px, status and note edited in place. */
export function ProspectCards({ rows, total, page, pageSize, loading, onPage, onChanged }: Props) {
  const { update, editNote, noteDialog } = useProspectEditor(onChanged);
  if (!loading && rows.length === 0) return <Empty description={t('toker.card.empty')} />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="my-cards">
      {rows.map((row) => (
        <Card
          key={row.id}
          size="small"
          loading={loading}
          title={row.name}
          extra={
            <Select<ProspectStatusKey>
              size="small"
              value={row.status}
              style={{ width: 96 }}
              aria-label={t('toker.card.status')}
              options={PROSPECT_STATUSES.map((item) => ({ value: item.key, label: item.label }))}
              onChange={(status) => update.mutate({ id: row.id, status })}
            />
          }
          data-testid="my-card"
        >
          {row.signals.length > 0 && (
            <Space size={[4, 4]} wrap style={{ marginBottom: 8 }}>
              {row.signals.map((signal) => (
                <Tag key={signal.key} color="volcano">
                  {signal.label}：{signal.detail}
                </Tag>
              ))}
            </Space>
          )}
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t('toker.search.creditCode')}>{row.creditCode}</Descriptions.Item>
            <Descriptions.Item label={t('toker.search.legalRep')}>{row.legalRep ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('toker.search.region')}>{row.regionName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('toker.search.industry')}>{row.industryName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('toker.search.capital')}>
              {capitalText(row.registeredCapitalFen)}
            </Descriptions.Item>
            <Descriptions.Item label={t('toker.search.established')}>{row.establishedOn ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('toker.card.list')}>{row.listName}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph style={{ margin: 0 }}>
            {t('toker.card.note')}：{row.note || '-'}{' '}
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('toker.card.editNote')}
              onClick={() => editNote(row)}
            />
          </Typography.Paragraph>
        </Card>
      ))}
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        onChange={onPage}
        align="end"
        showSizeChanger={false}
      />
      {noteDialog}
    </Space>
  );
}
