import { EditOutlined } from '@ant-design/icons';
import { PROSPECT_STATUSES, type ProspectStatusKey } from '@taxlens/shared';
import { Button, Select, Table, Typography } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { t } from '../../../locales';
import type { ProspectItem } from '../toker-api';
import { prospectColumns } from './prospect-columns';
import { useProspectEditor } from './use-prospect-editor';

interface Props {
  rows: ProspectItem[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
  onChanged: () => void;
  rowSelection?: TableRowSelection<ProspectItem>;
  testId?: string;
}

/** Prospects with their contact status (changed in place) and note (edited in a dialog). */
export function ProspectTable({
  rows,
  total,
  page,
  pageSize,
  loading,
  onPage,
  onChanged,
  rowSelection,
  testId,
}: Props) {
  const { update, editNote, noteDialog } = useProspectEditor(onChanged);
  const columns = [
    ...prospectColumns<ProspectItem>().slice(0, 2),
    {
      title: t('toker.card.status'),
      key: 'status',
      width: 120,
      render: (_: unknown, row: ProspectItem) => (
        <Select<ProspectStatusKey>
          size="small"
          value={row.status}
          style={{ width: 100 }}
          aria-label={t('toker.card.status')}
          options={PROSPECT_STATUSES.map((item) => ({ value: item.key, label: item.label }))}
          onChange={(status) => update.mutate({ id: row.id, status })}
        />
      ),
    },
    {
      title: t('toker.card.note'),
      key: 'note',
      width: 220,
      render: (_: unknown, row: ProspectItem) => (
        <Typography.Text>
          {row.note || '-'}{' '}
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('toker.card.editNote')}
            onClick={() => editNote(row)}
          />
        </Typography.Text>
      ),
    },
    {
      title: t('toker.card.assignee'),
      dataIndex: 'assigneeName',
      width: 100,
      render: (value: string | null) => value ?? '-',
    },
    ...prospectColumns<ProspectItem>().slice(2),
  ];
  return (
    <>
      <Table<ProspectItem>
        rowKey="id"
        dataSource={rows}
        loading={loading}
        columns={columns}
        rowSelection={rowSelection}
        scroll={{ x: 1600 }}
        size="middle"
        pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPage }}
        data-testid={testId}
      />
      {noteDialog}
    </>
  );
}
