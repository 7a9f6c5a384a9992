import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFen, INSURED_SERVICES, type InsuranceQuoteInput } from '@taxlens/shared';
import { App, Button, Card, Checkbox, Col, Descriptions, Form, Input, InputNumber, Row, Table, Tag } from 'antd';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { type InsuranceQuote, insuranceApi } from '../api';

export const QUOTE_STATUS_COLORS = { 待处理: 'orange', 已联系: 'blue', 已报价: 'green', 已关闭: 'default' } as const;

interface QuoteForm {
  firmName: string;
  contactName: string;
  phone: string;
  annualRevenueYuan: number;
  staffCount: number;
  perClaimLimitYuan: number;
  aggregateLimitYuan: number;
  services: string[];
  claimsLast3Years: number;
  note?: string;
}

const toFen = (yuan: number) => Math.round(yuan * 100);
const SECTIONS = ['who', 'cover', 'exclude', 'limit', 'process'] as const;

/**
 * /insurance: what the professional liability insurance covers, and a quote request that reaches
 * the operator console (保险询价). The firm sees its requests and how they were followed up.
 */
export function InsurancePage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<QuoteForm>();
  const mine = useQuery({ queryKey: ['insurance', 'mine'], queryFn: ({ signal }) => insuranceApi.mine(signal) });
  const required = { required: true, message: t('content.insurance.required') };

  const submit = async (values: QuoteForm) => {
    const body: InsuranceQuoteInput = {
      firmName: values.firmName,
      contactName: values.contactName,
      phone: values.phone,
      annualRevenueFen: toFen(values.annualRevenueYuan),
      staffCount: values.staffCount,
      perClaimLimitFen: toFen(values.perClaimLimitYuan),
      aggregateLimitFen: toFen(values.aggregateLimitYuan),
      services: values.services as InsuranceQuoteInput['services'],
      claimsLast3Years: values.claimsLast3Years,
      note: values.note ?? '',
    };
    try {
      await insuranceApi.submit(body);
      message.success(t('content.insurance.submitted'));
      form.resetFields();
      await client.invalidateQueries({ queryKey: ['insurance', 'mine'] });
    } catch {
      // The http client has shown the server's message.
    }
  };

  return (
    <PageFrame title={t('content.routes.insurance')} subtitle={t('content.insurance.intro')} testId="insurance-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small">
            <Descriptions
              column={1}
              size="small"
              layout="vertical"
              items={SECTIONS.map((key) => ({
                key,
                label: t(`content.insurance.${key}Title`),
                children: t(`content.insurance.${key}`),
              }))}
            />
            <div className="tl-muted">{t('content.insurance.disclaimer')}</div>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('content.insurance.formTitle')}>
            <Form<QuoteForm>
              form={form}
              layout="vertical"
              onFinish={submit}
              initialValues={{ claimsLast3Years: 0, services: [] }}
              data-testid="insurance-form"
            >
              <Form.Item name="firmName" label={t('content.insurance.firmName')} rules={[required]}>
                <Input maxLength={100} />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="contactName" label={t('content.insurance.contactName')} rules={[required]}>
                    <Input maxLength={30} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="phone"
                    label={t('content.insurance.phone')}
                    rules={[required, { pattern: /^1\d{10}$/, message: '请输入正确的11位手机号' }]}
                  >
                    <Input maxLength={11} inputMode="numeric" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="annualRevenueYuan" label={t('content.insurance.annualRevenue')} rules={[required]}>
                    <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="staffCount" label={t('content.insurance.staffCount')} rules={[required]}>
                    <InputNumber min={1} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="perClaimLimitYuan" label={t('content.insurance.perClaimLimit')} rules={[required]}>
                    <InputNumber min={0.01} max={100_000_000} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="aggregateLimitYuan"
                    label={t('content.insurance.aggregateLimit')}
                    dependencies={['perClaimLimitYuan']}
                    rules={[
                      required,
                      ({ getFieldValue }) => ({
                        validator: (_, value: number | undefined) =>
                          value === undefined || value >= (getFieldValue('perClaimLimitYuan') ?? 0)
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('content.insurance.aggregateTooLow'))),
                      }),
                    ]}
                  >
                    <InputNumber min={0.01} max={100_000_000} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name="services"
                label={t('content.insurance.services')}
                rules={[{ required: true, type: 'array', min: 1, message: '请选择承保的业务范围' }]}
              >
                <Checkbox.Group options={INSURED_SERVICES.map((service) => ({ value: service, label: service }))} />
              </Form.Item>
              <Form.Item name="claimsLast3Years" label={t('content.insurance.claims')} rules={[required]}>
                <InputNumber min={0} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="note" label={t('content.insurance.note')}>
                <Input.TextArea maxLength={500} rows={2} />
              </Form.Item>
              <Button type="primary" htmlType="submit">
                {t('content.insurance.submit')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('content.insurance.mineTitle')} style={{ marginTop: 16 }}>
        <Table<InsuranceQuote>
          rowKey="id"
          size="small"
          pagination={false}
          loading={mine.isFetching}
          dataSource={mine.data ?? []}
          scroll={{ x: 640 }}
          data-testid="insurance-mine"
          columns={[
            { key: 'createdAt', title: t('content.insurance.createdAt'), dataIndex: 'createdAt', width: 170 },
            {
              key: 'limits',
              title: t('content.insurance.limits'),
              render: (_, row) => `${formatFen(row.perClaimLimitFen)} / ${formatFen(row.aggregateLimitFen)}`,
            },
            {
              key: 'status',
              title: t('content.insurance.status'),
              width: 90,
              render: (_, row) => <Tag color={QUOTE_STATUS_COLORS[row.status]}>{row.status}</Tag>,
            },
            { key: 'note', title: t('content.insurance.operatorNote'), dataIndex: 'operatorNote' },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
