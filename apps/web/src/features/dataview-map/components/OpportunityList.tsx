import { DownloadOutlined } from '@ant-design/icons';
import type { OpportunityFilter } from '@taxlens/shared';
import { Alert, App, Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { dataMapApi, type OpportunityRow, type OpportunitySearch } from '../api';

/**
 * The companies a filter matches, a page at a time, with the Excel export. Above the list limit the
 * server sends counts only and this says so (never a full list in the browser).
 */
export function OpportunityList({
  filter,
  result,
  loading,
  page,
  onPage,
}: {
  filter: OpportunityFilter;
  result: OpportunitySearch | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  if (result?.tooMany) {
    return <Alert type="info" showIcon message={result.message} data-testid="opportunity-too-many" />;
  }
  const exportList = async () => {
    setExporting(true);
    try {
      await dataMapApi.exportList(filter);
    } catch (error) {
      if (isApiError(error)) message.error(error.message);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={8}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary">
          {t('dataMap.list.count', { total: result?.total ?? 0, limit: result?.listLimit ?? 0 })}
        </Typography.Text>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!result || result.total === 0}
          onClick={exportList}
          data-testid="opportunity-export"
        >
          {t('dataMap.list.export')}
        </Button>
      </Space>
      <Table<OpportunityRow>
        rowKey="creditCode"
        size="small"
        loading={loading}
        dataSource={result?.list ?? []}
        scroll={{ x: 900 }}
        data-testid="opportunity-list"
        pagination={{
          current: page,
          pageSize: result?.size ?? 20,
          total: result?.total ?? 0,
          showSizeChanger: false,
          onChange: onPage,
        }}
        columns={[
          {
            title: t('dataMap.list.name'),
            dataIndex: 'name',
            fixed: 'left',
            width: 240,
            render: (name: string, row) => (
              <Link to={`/data-view/company-detail?creditCode=${row.creditCode}`}>{name}</Link>
            ),
          },
          { title: t('dataMap.list.region'), dataIndex: 'regionName', width: 180 },
          { title: t('dataMap.list.established'), dataIndex: 'establishedOn', width: 110 },
          { title: t('dataMap.list.capital'), dataIndex: 'capitalText', width: 120 },
          { title: t('dataMap.list.industry'), dataIndex: 'industryName', width: 160 },
          { title: t('dataMap.list.status'), dataIndex: 'statusText', width: 120 },
          {
            title: t('dataMap.list.risks'),
            dataIndex: 'riskLabels',
            width: 160,
            render: (labels: string[]) =>
              labels.length === 0
                ? '-'
                : labels.map((label) => (
                    <Tag key={label} color="red">
                      {label}
                    </Tag>
                  )),
          },
        ]}
      />
    </Space>
  );
}
