import { type CheckBatch, formatFen } from '@taxlens/shared';
import { Alert, Card, List } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { ChecksTable } from './ChecksTable';
import { DetailDrawer } from './DetailDrawer';

/** The answer of one check request: the checked invoices, and every file not checked with its reason. */
export function BatchResult({ batch }: { batch: CheckBatch }) {
  const [detailId, setDetailId] = useState<number | null>(null);
  return (
    <Card
      className="verification-result"
      // The summary says what was charged: it wraps on a phone rather than being cut off.
      styles={{ title: { whiteSpace: 'normal' }, header: { paddingBlock: 8 } }}
      title={
        batch.chargedCredits > 0
          ? t('verification.result.summaryCredits', {
              checked: batch.checked.length,
              rejected: batch.rejected.length,
              credits: batch.chargedCredits,
            })
          : t('verification.result.summary', {
              checked: batch.checked.length,
              rejected: batch.rejected.length,
              charged: formatFen(batch.chargedFen),
            })
      }
      extra={<Link to="/ticket/jianwei/history">{t('verification.result.viewHistory')}</Link>}
    >
      {batch.rejected.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('verification.result.rejectedTitle')}
          description={
            <List
              size="small"
              dataSource={batch.rejected}
              renderItem={(item) => (
                <List.Item className="verification-rejected">
                  <strong>{item.name}</strong>：{item.reason}
                </List.Item>
              )}
            />
          }
        />
      )}
      {batch.checked.length > 0 && (
        <ChecksTable rows={batch.checked} onDetail={setDetailId} extra={{ pagination: { pageSize: 10 } }} />
      )}
      <DetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
