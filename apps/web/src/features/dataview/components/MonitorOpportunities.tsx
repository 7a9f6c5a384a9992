import { useQuery } from '@tanstack/react-query';
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type MonitorOpportunity, monitorApi } from '../api';

const PAGE_SIZE = 10;

/**
 * 监控商机 on the monitoring page: monitored companies whose risk events a data service of the
 * catalogue answers (findBusinessOpportunity / findBusinessOpportunityList). A service tag filters
 * the list; each company opens the service page with the services its risks call for.
 */
export function MonitorOpportunities() {
  const [deliveryId, setDeliveryId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const summary = useQuery({
    queryKey: ['monitor', 'opportunities'],
    queryFn: ({ signal }) => monitorApi.opportunities(signal),
  });
  const list = useQuery({
    queryKey: ['monitor', 'opportunities', 'list', deliveryId, page],
    queryFn: () => monitorApi.opportunityList({ page, size: PAGE_SIZE, deliveryId }),
  });
  const pick = (id: number | undefined) => {
    setDeliveryId(id);
    setPage(1);
  };
  return (
    <Card size="small" title="监控商机" data-testid="monitor-opportunities" style={{ marginTop: 12 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {`${summary.data?.total ?? 0} 家监控企业可提供服务：其风险变化有对应的数据服务`}
      </Typography.Paragraph>
      <Space wrap size={[8, 8]} style={{ marginBottom: 8 }}>
        <Tag.CheckableTag checked={deliveryId === undefined} onChange={() => pick(undefined)}>
          全部
        </Tag.CheckableTag>
        {(summary.data?.services ?? []).map((service) => (
          <Tag.CheckableTag
            key={service.deliveryId}
            checked={deliveryId === service.deliveryId}
            onChange={() => pick(service.deliveryId)}
          >
            {`${service.title} · ${service.companies} 家`}
          </Tag.CheckableTag>
        ))}
      </Space>
      <Table<MonitorOpportunity>
        rowKey="monitoredId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 720 }}
        locale={{ emptyText: '监控企业暂无可对应数据服务的风险变化' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: '企业名称', dataIndex: 'companyName', width: 200 },
          {
            title: '风险名单',
            dataIndex: 'riskLabels',
            width: 200,
            render: (labels: string[]) => labels.map((label) => <Tag key={label}>{label}</Tag>),
          },
          {
            title: '可提供的服务',
            dataIndex: 'services',
            render: (services: MonitorOpportunity['services'], row) => (
              <Link to={`/data-view/product?creditCode=${row.creditCode}`}>
                {services.map((service) => service.title).join('、')}
              </Link>
            ),
          },
          { title: '最近变化', dataIndex: 'latestOn', width: 110 },
        ]}
      />
    </Card>
  );
}
