import { useMutation, useQuery } from '@tanstack/react-query';
import { type DisabilityLevyInput, formatFen } from '@taxlens/shared';
import { Alert, Button, Card, Col, Form, InputNumber, Radio, Row, Select, Space, Statistic, Table } from 'antd';
import { useState } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type LevyLine, type ProportionRow, policyApi } from '../api';

interface Values {
  levyYear: number;
  employerKind: 'enterprise' | 'institution';
  province?: string;
  city?: string;
  staffCount: number;
  disabledCount: number;
  severeDisabledCount: number;
  totalWagesYuan: number;
  localAverageWageYuan: number;
}

const YEARS = [2027, 2026, 2025, 2024, 2023, 2022, 2021, 2020];
const toFen = (yuan: number) => Math.round(yuan * 100);
const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;

function toInput(values: Values): DisabilityLevyInput {
  return {
    regionCode: values.city ?? values.province ?? '000000',
    levyYear: values.levyYear,
    employerKind: values.employerKind,
    staffCount: values.staffCount,
    disabledCount: values.disabledCount ?? 0,
    severeDisabledCount: values.severeDisabledCount ?? 0,
    totalWagesFen: toFen(values.totalWagesYuan),
    localAverageWageFen: toFen(values.localAverageWageYuan),
  };
}

/** /canbaojin: 残疾人就业保障金 worked line by line, with the region ratio table and an Excel export. */
export function CanbaojinPage() {
  const [form] = Form.useForm<Values>();
  const province = Form.useWatch('province', form);
  const [input, setInput] = useState<DisabilityLevyInput | null>(null);
  const provinces = useQuery({
    queryKey: ['policy', 'provinces'],
    queryFn: ({ signal }) => policyApi.provinces(signal),
  });
  const cities = useQuery({
    queryKey: ['policy', 'cities', province],
    queryFn: ({ signal }) => policyApi.cities(province as string, signal),
    enabled: Boolean(province),
  });
  const ratios = useQuery({ queryKey: ['policy', 'ratios'], queryFn: ({ signal }) => policyApi.proportions(signal) });
  const calculation = useMutation({ mutationFn: policyApi.calculate });
  const exporting = useMutation({ mutationFn: policyApi.exportLevy });
  const result = calculation.data;
  const required = [{ required: true, message: t('policy.levy.required') }];
  const number = { style: { width: '100%' }, min: 0 } as const;

  return (
    <PageFrame title={t('policy.routes.canbaojin')} subtitle={t('policy.levy.intro')} testId="canbaojin-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card size="small">
            <Form<Values>
              form={form}
              layout="vertical"
              initialValues={{ levyYear: 2025, employerKind: 'enterprise', disabledCount: 0, severeDisabledCount: 0 }}
              onFinish={(values) => {
                const next = toInput(values);
                setInput(next);
                calculation.mutate(next);
              }}
            >
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="levyYear" label={t('policy.levy.levyYear')} rules={required}>
                    <Select options={YEARS.map((year) => ({ value: year, label: `${year}年` }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="employerKind" label={t('policy.levy.employerKind')} rules={required}>
                    <Radio.Group
                      options={[
                        { value: 'enterprise', label: t('policy.levy.enterprise') },
                        { value: 'institution', label: t('policy.levy.institution') },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="province" label={t('policy.levy.province')}>
                    <Select
                      allowClear
                      showSearch
                      optionFilterProp="label"
                      data-testid="levy-province"
                      onChange={() => form.setFieldValue('city', undefined)}
                      options={(provinces.data ?? []).map((item) => ({ value: item.xzqhszDm, label: item.xzqhmc }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="city" label={t('policy.levy.city')}>
                    <Select
                      allowClear
                      showSearch
                      optionFilterProp="label"
                      disabled={!province}
                      options={(cities.data ?? []).map((item) => ({ value: item.xzqhszDm, label: item.xzqhmc }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name="staffCount"
                label={t('policy.levy.staffCount')}
                extra={t('policy.levy.staffHint')}
                rules={required}
              >
                <InputNumber {...number} precision={2} data-testid="levy-staff" />
              </Form.Item>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Form.Item name="disabledCount" label={t('policy.levy.disabledCount')}>
                    <InputNumber {...number} precision={2} data-testid="levy-disabled" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="severeDisabledCount"
                    label={t('policy.levy.severeDisabledCount')}
                    extra={t('policy.levy.severeHint')}
                  >
                    <InputNumber {...number} precision={2} data-testid="levy-severe" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="totalWagesYuan" label={t('policy.levy.totalWages')} rules={required}>
                <InputNumber {...number} precision={2} data-testid="levy-wages" />
              </Form.Item>
              <Form.Item name="localAverageWageYuan" label={t('policy.levy.localAverageWage')} rules={required}>
                <InputNumber {...number} precision={2} data-testid="levy-local-wage" />
              </Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={calculation.isPending} data-testid="levy-calculate">
                  {t('policy.levy.calculate')}
                </Button>
                <Button
                  disabled={!result || !input}
                  loading={exporting.isPending}
                  onClick={() => input && exporting.mutate(input)}
                  data-testid="levy-export"
                >
                  {t('policy.levy.export')}
                </Button>
              </Space>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          {calculation.error && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              message={isApiError(calculation.error) ? calculation.error.message : String(calculation.error)}
            />
          )}
          {result && (
            <Card size="small" title={t('policy.levy.working')} data-testid="levy-result">
              <Statistic
                title={result.exempt ? t('policy.levy.exempt') : t('policy.levy.due')}
                value={`${formatFen(result.dueFen)} 元`}
                valueStyle={{ fontWeight: 600 }}
              />
              <Table<LevyLine>
                rowKey="label"
                size="small"
                pagination={false}
                style={{ marginTop: 12 }}
                scroll={{ x: 520 }}
                dataSource={result.lines}
                columns={[
                  { key: 'label', title: t('policy.levy.item'), dataIndex: 'label', width: 150 },
                  { key: 'working', title: t('policy.levy.process'), dataIndex: 'working' },
                  { key: 'value', title: t('policy.levy.value'), dataIndex: 'value', width: 130, align: 'right' },
                ]}
              />
              <p className="tl-muted" style={{ marginTop: 12 }}>
                {t('policy.levy.basis', { basis: result.basis.join('、') })}
                <br />
                {t('policy.levy.ratioSource', {
                  region: result.proportion.regionName,
                  ratio: percent(result.proportion.ratioBp),
                  basis: result.proportion.basis,
                })}
              </p>
            </Card>
          )}
          <Card size="small" title={t('policy.levy.ratioTable')} style={{ marginTop: result ? 16 : 0 }}>
            <Table<ProportionRow>
              rowKey="regionCode"
              size="small"
              pagination={false}
              scroll={{ x: 480 }}
              loading={ratios.isFetching}
              dataSource={ratios.data ?? []}
              columns={[
                { key: 'region', title: t('policy.levy.region'), dataIndex: 'regionName', width: 140 },
                { key: 'ratio', title: t('policy.levy.ratio'), render: (_, row) => percent(row.ratioBp), width: 80 },
                { key: 'basis', title: t('policy.levy.ratioBasis'), dataIndex: 'basis' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
