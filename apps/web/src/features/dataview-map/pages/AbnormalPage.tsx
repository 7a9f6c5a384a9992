import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { DataViewFrame } from '../../dataview/components/DataViewFrame';
import { type AbnormalPerson, dataMapApi } from '../api';
import { CompanyLinks } from '../components/CompanyHeader';
import { CompanyPicker } from '../components/CompanyPicker';
import { RiskRecordTable } from '../components/RiskRecordTable';

/** /data-view/abnormal: a company's 经营异常 records (列入 and 移出) and the persons its risk records name. */
export function AbnormalPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const creditCode = params.get('creditCode') ?? '';
  const page = Number(params.get('page') ?? 1);
  const records = useQuery({
    queryKey: ['dataMap', 'risk', 'abnormalOperation', creditCode, page],
    queryFn: ({ signal }) => dataMapApi.risk('abnormalOperation', creditCode, page, 10, signal),
    enabled: creditCode !== '',
    retry: false,
  });
  const persons = useQuery({
    queryKey: ['dataMap', 'abnormalPersons', creditCode],
    queryFn: ({ signal }) => dataMapApi.abnormalPersons(creditCode, signal),
    enabled: creditCode !== '',
    retry: false,
  });
  if (!creditCode) {
    return (
      <DataViewFrame
        title={t('dataMap.routes.abnormal')}
        subtitle={t('dataMap.company.abnormalIntro')}
        testId="abnormal-page"
      >
        <Alert type="info" showIcon message={t('dataMap.company.choose')} style={{ marginBottom: 12 }} />
        <CompanyPicker onPick={(code) => navigate(`/data-view/abnormal?creditCode=${code}`)} />
      </DataViewFrame>
    );
  }
  const error = records.error ?? persons.error;
  return (
    <DataViewFrame
      title={records.data?.company.name ?? t('dataMap.routes.abnormal')}
      subtitle={t('dataMap.company.abnormalIntro')}
      extra={<CompanyLinks creditCode={creditCode} />}
      testId="abnormal-page"
    >
      {error && <Alert type="warning" showIcon message={isApiError(error) ? error.message : String(error)} />}
      <Card size="small" title={t('dataMap.company.abnormalRecords')} style={{ marginBottom: 12 }}>
        <RiskRecordTable
          rows={records.data?.list ?? []}
          loading={records.isFetching}
          total={records.data?.total ?? 0}
          page={page}
          onPage={(next) => setParams({ creditCode, ...(next > 1 ? { page: String(next) } : {}) })}
          testId="abnormal-records"
        />
      </Card>
      <Card size="small" title={t('dataMap.company.abnormalPersons')}>
        <Table<AbnormalPerson>
          rowKey="name"
          size="small"
          loading={persons.isFetching}
          dataSource={persons.data?.list ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          data-testid="abnormal-persons"
          locale={{ emptyText: t('dataMap.company.noRecord') }}
          columns={[
            { title: t('dataMap.company.personName'), dataIndex: 'name', width: 120 },
            {
              title: t('dataMap.company.roles'),
              dataIndex: 'roles',
              width: 180,
              render: (roles: string[]) => (roles.length > 0 ? roles.join('、') : t('dataMap.company.roleUnknown')),
            },
            {
              title: t('dataMap.company.kinds'),
              dataIndex: 'kinds',
              render: (kinds: string[]) =>
                kinds.map((kind) => (
                  <Tag key={kind} color="red">
                    {kind}
                  </Tag>
                )),
            },
            { title: t('dataMap.company.latest'), dataIndex: 'latestOn', width: 110, render: (value) => value ?? '-' },
          ]}
          expandable={{
            expandedRowRender: (person) => (
              <ul style={{ margin: 0 }}>
                {person.records.map((record) => (
                  <li key={record.id}>
                    {record.label} · {record.title} · {record.reference ?? '-'} · {record.decidedOn ?? '-'} ·{' '}
                    {record.source}（{record.asOf}）
                  </li>
                ))}
              </ul>
            ),
          }}
        />
      </Card>
    </DataViewFrame>
  );
}
