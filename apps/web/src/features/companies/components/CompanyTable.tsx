import { DownOutlined, WarningFilled } from '@ant-design/icons';
import { type Company, formatDate, formatDateTime, TAXPAYER_TYPES } from '@taxlens/shared';
import { Button, Dropdown, Space, Table, type TableProps, Tag, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PHONE_CARDS_CLASS, withCardLabels } from '../../../components/phone-cards';
import { t } from '../../../locales';
import { firmPath } from '../firm-path';

export interface CompanyTableProps {
  rows: Company[];
  loading: boolean;
  total: number;
  page: number;
  size: number;
  canManage: boolean;
  empty: ReactNode;
  onPage: (page: number, size: number) => void;
  onEdit: (company: Company) => void;
  onAssign: (company: Company) => void;
  onDelete: (company: Company) => void;
  /** Rows ticked for a batch assignment (only where the user may assign). */
  selected?: number[];
  onSelect?: (firmIds: number[]) => void;
}

/** The company list: name (to the company page), identifiers, classification, who serves it. */
export function CompanyTable(props: CompanyTableProps) {
  const { token } = theme.useToken();
  const columns: TableProps<Company>['columns'] = [
    {
      title: t('companies.fields.taxpayerName'),
      dataIndex: 'taxpayerName',
      fixed: 'left',
      width: 280,
      render: (_value, company) => (
        <div className="tl-co-name-block">
          <span className="tl-co-name-cell">
            <Link to={firmPath(company.firmId)}>{company.taxpayerName}</Link>
            {company.taxNoWarning && (
              <Tooltip title={company.taxNoWarning}>
                <WarningFilled style={{ color: token.colorWarning }} aria-label={t('companies.list.taxNoWarningTag')} />
              </Tooltip>
            )}
          </span>
          <Typography.Text type="secondary" className="tl-co-mono">
            {company.taxNo}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('companies.fields.region'), dataIndex: 'regionName', width: 100 },
    {
      title: t('companies.fields.industryCode'),
      dataIndex: 'industrySectionName',
      width: 190,
      ellipsis: { showTitle: false },
      render: (value: string, company) => (
        <Tooltip title={company.industryName ?? value}>
          <span>{value}</span>
        </Tooltip>
      ),
    },
    {
      title: t('companies.fields.taxpayerType'),
      dataIndex: 'taxpayerType',
      width: 116,
      render: (value: Company['taxpayerType']) =>
        value ? <Tag color={value === 'general' ? 'blue' : 'default'}>{TAXPAYER_TYPES[value]}</Tag> : '-',
    },
    {
      title: t('companies.fields.assignee'),
      dataIndex: 'assignee',
      width: 100,
      render: (value: Company['assignee']) =>
        value ? value.name : <Typography.Text type="secondary">{t('companies.unassigned')}</Typography.Text>,
    },
    {
      title: t('companies.fields.createTime'),
      dataIndex: 'createTime',
      width: 112,
      render: (value: string) => <Tooltip title={formatDateTime(value)}>{formatDate(value)}</Tooltip>,
    },
    {
      title: t('companies.list.actions'),
      key: 'actions',
      fixed: 'right',
      width: props.canManage ? 176 : 120,
      render: (_value, company) => (
        <Space size={4}>
          <Link to={firmPath(company.firmId)}>{t('companies.list.detail')}</Link>
          <Button type="link" size="small" onClick={() => props.onEdit(company)}>
            {t('companies.list.edit')}
          </Button>
          {props.canManage && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'assign', label: t('companies.list.assign') },
                  { type: 'divider' },
                  { key: 'delete', label: t('companies.list.delete'), danger: true },
                ],
                onClick: ({ key }) => (key === 'assign' ? props.onAssign(company) : props.onDelete(company)),
              }}
            >
              <Button type="link" size="small" data-testid={`more-${company.firmId}`}>
                {t('companies.list.more')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<Company>
      rowKey="firmId"
      className={PHONE_CARDS_CLASS}
      columns={withCardLabels(columns)}
      dataSource={props.rows}
      loading={props.loading}
      rowSelection={
        props.onSelect
          ? {
              selectedRowKeys: props.selected ?? [],
              onChange: (keys) => props.onSelect?.(keys.map(Number)),
              preserveSelectedRowKeys: true,
            }
          : undefined
      }
      scroll={{ x: 1060 }}
      locale={{ emptyText: props.empty }}
      pagination={{
        current: props.page,
        pageSize: props.size,
        total: props.total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: (total) => t('companies.list.total', { total }),
        onChange: props.onPage,
      }}
      data-testid="company-table"
    />
  );
}
