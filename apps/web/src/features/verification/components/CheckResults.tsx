import { formatFen, type InvoiceCheckDetail } from '@taxlens/shared';
import { Descriptions, List, Typography } from 'antd';
import { t } from '../../../locales';
import { ItemVerdictTag } from './VerdictTag';

/** Each check of one invoice with its verdict and reason, and what the reader tolerated. */
export function CheckResults({ detail }: { detail: InvoiceCheckDetail }) {
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('verification.columns.number')}>{detail.invoiceNumber}</Descriptions.Item>
        <Descriptions.Item label={t('verification.columns.date')}>{detail.invoiceDate ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('verification.columns.seller')}>{detail.sellerName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('verification.columns.total')}>
          {detail.totalFen === null ? '-' : `¥${formatFen(detail.totalFen)}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('verification.columns.source')}>
          {detail.sourceName}（{detail.sourceLayerName}）
        </Descriptions.Item>
        <Descriptions.Item label={t('verification.columns.provider')}>{detail.providerLabel}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('verification.detail.checks')}
      </Typography.Title>
      <List
        size="small"
        dataSource={detail.results}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta
              title={
                <span>
                  {item.title} <ItemVerdictTag verdict={item.verdict} />
                </span>
              }
              description={item.reason}
            />
          </List.Item>
        )}
      />
      {detail.notes.length > 0 && (
        <>
          <Typography.Title level={5}>{t('verification.detail.notes')}</Typography.Title>
          <ul>
            {detail.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      )}
      {detail.vendorMessage && (
        <Typography.Paragraph type="secondary">
          {t('verification.detail.vendor')}：{detail.vendorCode ?? ''} {detail.vendorMessage}
        </Typography.Paragraph>
      )}
    </>
  );
}
