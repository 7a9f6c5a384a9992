import { useMutation, useQuery } from '@tanstack/react-query';
import { type PoolReportType, REPORT_STATUS_LABELS, reportKindByReportType } from '@taxlens/shared';
import { Alert, App, Button, Card, Empty, Form, Radio, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { reportsApi } from '../../reports/api';
import { useFirmNames } from '../../reports/queries';
import { ProviderNote } from './ProviderNote';

export const COMPANY_REPORT_TYPES = ['PANORAMIC', 'BUSINESS_INFO', 'DUE_DILIGENCE'] as const;
type CompanyReportType = (typeof COMPANY_REPORT_TYPES)[number];
const DESCRIPTIONS: Record<CompanyReportType, string> = {
  PANORAMIC: t('companyData.report.panoramic'),
  BUSINESS_INFO: t('companyData.report.business'),
  DUE_DILIGENCE: t('companyData.report.due'),
};

/** /p-report: choose a bound company and one of the three company reports; the report is charged and queued. */
export function CompanyReportPage() {
  const firms = useFirmNames();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ firmId?: number; reportType: CompanyReportType }>();
  const create = useMutation({
    mutationFn: (values: { firmId: number; reportType: CompanyReportType }) =>
      reportsApi.create({
        ...values,
        // The company reports describe the company now; the period only bounds its own invoices summarised.
        periodStart: dayjs().subtract(11, 'month').format('YYYY-MM'),
        periodEnd: dayjs().format('YYYY-MM'),
        requestKey: crypto.randomUUID(),
      }),
    onSuccess: (_, values) => {
      message.success(t('companyData.report.created'));
      // 全景 has its own history page; 工商信息 and 尽职调查 share /p-report-list, opened on the kind just requested.
      navigate(values.reportType === 'PANORAMIC' ? '/p-report/history' : `/p-report-list?type=${values.reportType}`);
    },
  });
  return (
    <PageFrame title={t('companyData.routes.pReport')} subtitle={t('companyData.report.intro')} testId="p-report-page">
      {firms.data?.length === 0 ? (
        <Empty description={t('companyData.ticket.noFirm')} />
      ) : (
        <Card>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ reportType: 'PANORAMIC' }}
            onFinish={(values) =>
              values.firmId && create.mutate({ firmId: values.firmId, reportType: values.reportType })
            }
          >
            <Form.Item
              name="firmId"
              label={t('companyData.ticket.firm')}
              rules={[{ required: true, message: '请选择企业' }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                data-testid="p-report-firm"
                options={(firms.data ?? []).map((firm) => ({
                  value: firm.firmId,
                  label: `${firm.taxpayerName}（${firm.taxNo}）`,
                }))}
              />
            </Form.Item>
            <Form.Item name="reportType" label={t('companyData.report.type')}>
              <Radio.Group>
                <Space direction="vertical">
                  {COMPANY_REPORT_TYPES.map((type) => (
                    <Radio key={type} value={type} data-testid={`p-report-type-${type}`}>
                      <b>{reportKindByReportType(type)?.name}</b> <span className="tl-muted">{DESCRIPTIONS[type]}</span>{' '}
                      <Link to={`/risk/preview?example=${type}`} data-testid={`p-report-example-${type}`}>
                        {t('companyData.report.example')}
                      </Link>
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            </Form.Item>
            {create.error && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 12 }}
                message={isApiError(create.error) ? create.error.message : String(create.error)}
              />
            )}
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="p-report-create">
                {t('companyData.report.create')}
              </Button>
              <Link to="/p-report/history">{t('companyData.report.history')}</Link>
              <ProviderNote />
            </Space>
          </Form>
        </Card>
      )}
    </PageFrame>
  );
}

/** /p-report/history (全景) and /p-report-list (工商信息、尽职调查): the group's company reports. */
export function CompanyReportHistoryPage({ types }: { types: readonly PoolReportType[] }) {
  const [params] = useSearchParams();
  const asked = types.find((item) => item === params.get('type'));
  const [type, setType] = useState<PoolReportType>(asked ?? types[0] ?? 'PANORAMIC');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['companyData', 'reports', type, page],
    queryFn: ({ signal }) => reportsApi.list({ page, size: 20, reportType: type }, signal),
    refetchInterval: (query) =>
      query.state.data?.list.some((row) => row.status === 'queued' || row.status === 'analysing') ? 3000 : false,
  });
  return (
    <PageFrame
      title={types.length > 1 ? t('companyData.routes.pReportList') : t('companyData.routes.pReportHistory')}
      extra={<Link to="/p-report">{t('companyData.report.create')}</Link>}
      testId="p-report-history"
    >
      {types.length > 1 && (
        <Radio.Group value={type} onChange={(event) => setType(event.target.value)} style={{ marginBottom: 12 }}>
          {types.map((item) => (
            <Radio.Button key={item} value={item}>
              {reportKindByReportType(item)?.name}
            </Radio.Button>
          ))}
        </Radio.Group>
      )}
      <Table
        rowKey="id"
        size="small"
        loading={list.isFetching && !list.data}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 640 }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'name', title: t('companyData.view.fields.name'), render: (_, row) => row.taxpayerName },
          { key: 'type', title: t('companyData.report.type'), render: (_, row) => row.reportName },
          { key: 'status', title: '状态', render: (_, row) => REPORT_STATUS_LABELS[row.status] },
          { key: 'created', title: '提交时间', render: (_, row) => dayjs(row.createTime).format('YYYY-MM-DD HH:mm') },
          {
            key: 'open',
            title: '',
            render: (_, row) =>
              row.status === 'done' ? (
                <Link to={`/risk/preview?id=${row.id}`} data-testid="p-report-open">
                  {t('companyData.report.open')}
                </Link>
              ) : (
                (row.failureReason ?? '')
              ),
          },
        ]}
      />
    </PageFrame>
  );
}
