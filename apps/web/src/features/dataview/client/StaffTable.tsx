import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { StaffRow } from '@taxlens/shared';
import { App, Button, Card, Table } from 'antd';
import { t } from '../../../locales';
import { type ClientFilter, clientApi } from './api';

const PAGE_SIZE = 10;

/**
 * Clients, reports, high-risk and stale clients per assignee (the server sends every row: a
 * group has a bounded number of staff), paged here, with Excel export of the same figures.
 */
export function StaffTable({
  rows,
  filter,
  loading,
  onPick,
}: {
  rows: StaffRow[];
  filter: ClientFilter;
  loading: boolean;
  /** Narrows the page to one assignee. */
  onPick: (assigneeId: number) => void;
}) {
  const { message } = App.useApp();
  const exporting = useMutation({
    mutationFn: () => clientApi.exportStaff(filter),
    onSuccess: () => message.success(t('dataClient.exported')),
    onError: (error) => message.error(error.message),
  });
  const number = (key: keyof StaffRow, title: string) => ({
    title,
    dataIndex: key,
    width: 110,
    align: 'right' as const,
    sorter: (a: StaffRow, b: StaffRow) => Number(a[key]) - Number(b[key]),
  });
  return (
    <Card
      size="small"
      title={t('dataClient.staff.title')}
      data-testid="client-staff"
      extra={
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          disabled={rows.length === 0}
          onClick={() => exporting.mutate()}
          data-testid="client-staff-export"
        >
          {t('dataClient.exportExcel')}
        </Button>
      }
    >
      <Table<StaffRow>
        rowKey={(row) => row.assigneeId ?? 'none'}
        size="small"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 720 }}
        pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false, size: 'small' } : false}
        columns={[
          { title: t('dataClient.staff.name'), dataIndex: 'name', width: 130, fixed: 'left' },
          number('clients', t('dataClient.staff.clients')),
          number('reportedClients', t('dataClient.staff.reportedClients')),
          number('reports', t('dataClient.staff.reports')),
          number('highRiskClients', t('dataClient.staff.highRiskClients')),
          number('staleClients', t('dataClient.staff.staleClients')),
          {
            title: '',
            key: 'pick',
            width: 90,
            render: (_, row) =>
              row.assigneeId === null || filter.assigneeId === row.assigneeId ? null : (
                <Button type="link" size="small" onClick={() => onPick(row.assigneeId as number)}>
                  {t('dataClient.staff.filter')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
