import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { DataViewFrame } from '../../dataview/components/DataViewFrame';
import { dataMapApi, type RelationRecord } from '../api';
import { CompanyLinks } from '../components/CompanyHeader';
import { CompanyPicker } from '../components/CompanyPicker';
import { DataSourceNote } from '../components/DataSourceNote';
import '../data-map.css';

const percent = (bp: number | null) => (bp === null ? '-' : `${(bp / 100).toFixed(2)}%`);

function RelationTable({
  rows,
  kind,
}: {
  rows: RelationRecord[];
  kind: 'holders' | 'people' | 'change' | 'investment';
}) {
  const columns =
    kind === 'change'
      ? [
          { title: t('dataMap.company.happenedOn'), dataIndex: 'happenedOn', width: 110 },
          { title: t('dataMap.company.title'), dataIndex: 'name', width: 140 },
          { title: t('dataMap.company.before'), dataIndex: 'beforeText' },
          { title: t('dataMap.company.after'), dataIndex: 'afterText' },
        ]
      : [
          { title: t('dataMap.company.personName'), dataIndex: 'name', width: 200 },
          { title: t('dataMap.company.role'), dataIndex: 'role', render: (value: string | null) => value ?? '-' },
          ...(kind === 'investment' || kind === 'holders'
            ? [{ title: t('dataMap.company.ratio'), dataIndex: 'ratioBp', render: percent, width: 110 }]
            : []),
        ];
  return (
    <Table<RelationRecord>
      rowKey={(row) => `${row.name}-${row.happenedOn}-${row.role}-${row.beforeText}`}
      size="small"
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 560 }}
      dataSource={rows}
      columns={columns}
      locale={{ emptyText: t('dataMap.company.noRecord') }}
    />
  );
}

/** /data-view/company-detail: registry, people, ratings and the risk lists of one company. */
export function CompanyDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const creditCode = params.get('creditCode') ?? '';
  const analysis = useQuery({
    queryKey: ['dataMap', 'analysis', creditCode],
    queryFn: ({ signal }) => dataMapApi.analysis(creditCode, signal),
    enabled: creditCode !== '',
    retry: false,
  });
  // One look-up recorded per opened company (clickSearchVolume); the answer is the firm's own count.
  const clicks = useQuery({
    queryKey: ['dataMap', 'click', creditCode],
    queryFn: () => dataMapApi.click(creditCode),
    enabled: creditCode !== '' && analysis.isSuccess,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const data = analysis.data;
  const profile = data?.profile;
  if (!creditCode) {
    return (
      <DataViewFrame title={t('dataMap.routes.companyDetail')} testId="company-detail-page">
        <Alert type="info" showIcon message={t('dataMap.company.choose')} style={{ marginBottom: 12 }} />
        <CompanyPicker onPick={(code) => navigate(`/data-view/company-detail?creditCode=${code}`)} />
      </DataViewFrame>
    );
  }
  return (
    <DataViewFrame
      title={profile?.name ?? t('dataMap.routes.companyDetail')}
      subtitle={data ? t('dataMap.company.provider', { label: data.provider.label }) : undefined}
      extra={<CompanyLinks creditCode={creditCode} />}
      testId="company-detail-page"
    >
      {analysis.error && (
        <Alert
          type="warning"
          showIcon
          message={isApiError(analysis.error) ? analysis.error.message : String(analysis.error)}
        />
      )}
      {analysis.isLoading && <Skeleton active />}
      {data && profile && (
        <>
          <Card size="small" style={{ marginBottom: 12 }}>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="company-profile">
              <Descriptions.Item label={t('dataMap.company.creditCode')}>{profile.creditCode}</Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.legalRep')}>{profile.legalRep ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.status')}>{profile.statusText}</Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.established')}>
                {profile.establishedOn ?? '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.capital')}>{profile.capitalText ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.type')}>{profile.companyType ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.industry')}>{profile.industryName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.region')}>{profile.regionName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.address')}>{profile.address ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.viewed')}>
                <span data-testid="company-viewed">
                  {clicks.data ? t('dataMap.company.viewedCount', clicks.data) : '-'}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('dataMap.company.scope')} span={3}>
                {profile.scope ?? '-'}
              </Descriptions.Item>
            </Descriptions>
            <DataSourceNote source={profile.source} asOf={profile.asOf} />
          </Card>
          <Card size="small" title={t('dataMap.company.riskOverview')} style={{ marginBottom: 12 }}>
            <div className="tl-dm-tiles" data-testid="company-risk-tiles">
              {data.riskCounts.map((item) => {
                const to =
                  item.kind === 'abnormal_operation'
                    ? `/data-view/abnormal?creditCode=${creditCode}`
                    : item.call
                      ? `/data-view/company-risk?creditCode=${creditCode}&call=${item.call}`
                      : null;
                const body = (
                  <Card key={item.kind} size="small" hoverable={Boolean(to)}>
                    <Typography.Text strong>{item.label}</Typography.Text>
                    <div>
                      <Tag color={item.current > 0 ? 'red' : 'default'}>
                        {t('dataMap.company.current', { current: item.current })}
                      </Tag>
                      <Typography.Text type="secondary">
                        {t('dataMap.company.records', { count: item.count })}
                      </Typography.Text>
                    </div>
                  </Card>
                );
                return to ? (
                  <Link key={item.kind} to={to}>
                    {body}
                  </Link>
                ) : (
                  <div key={item.kind}>{body}</div>
                );
              })}
            </div>
          </Card>
          <Card size="small">
            <Tabs
              items={[
                {
                  key: 'holders',
                  label: t('dataMap.company.shareholders'),
                  children: <RelationTable rows={data.shareholders} kind="holders" />,
                },
                {
                  key: 'people',
                  label: t('dataMap.company.executives'),
                  children: <RelationTable rows={data.executives} kind="people" />,
                },
                {
                  key: 'investments',
                  label: t('dataMap.company.investments'),
                  children: <RelationTable rows={data.investments} kind="investment" />,
                },
                {
                  key: 'branches',
                  label: t('dataMap.company.branches'),
                  children: <RelationTable rows={data.branches} kind="people" />,
                },
                {
                  key: 'changes',
                  label: t('dataMap.company.changes'),
                  children: <RelationTable rows={data.changes} kind="change" />,
                },
                {
                  key: 'ratings',
                  label: t('dataMap.company.ratings'),
                  children: (
                    <Table
                      rowKey="year"
                      size="small"
                      pagination={false}
                      dataSource={data.ratings}
                      locale={{ emptyText: t('dataMap.company.noRecord') }}
                      columns={[
                        { title: t('dataMap.company.year'), dataIndex: 'year' },
                        {
                          title: t('dataMap.company.level'),
                          dataIndex: 'level',
                          render: (level: string) => <Tag>{level}</Tag>,
                        },
                        { title: t('dataMap.company.sourceColumn'), dataIndex: 'source' },
                      ]}
                    />
                  ),
                },
              ]}
            />
          </Card>
        </>
      )}
    </DataViewFrame>
  );
}
