import { formatDateTime, type ReportCustomConfig, type ReportType } from '@taxlens/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { useReportCustomConfigs, useResetReportCustom, useSaveReportCustom } from '../custom-queries';

interface CustomForm {
  sections: string[];
  families: string[];
  coverTitle: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  contactAddress: string;
}

function formOf(config: ReportCustomConfig): CustomForm {
  return {
    sections: config.sections.filter((section) => section.included).map((section) => section.id),
    families: config.ruleFamilies.filter((family) => family.included).map((family) => family.name),
    coverTitle: config.coverTitle ?? '',
    contactName: config.contact.name ?? '',
    contactPhone: config.contact.phone ?? '',
    contactEmail: config.contact.email ?? '',
    contactAddress: config.contact.address ?? '',
  };
}

/** 报告定制 on /watermark: per report kind, the sections, rule families, cover title and contact block. */
export function ReportCustomCard() {
  const configs = useReportCustomConfigs();
  const save = useSaveReportCustom();
  const reset = useResetReportCustom();
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomForm>();
  const [kind, setKind] = useState<ReportType>('INVOICE');
  const config = configs.data?.find((item) => item.reportType === kind);

  useEffect(() => {
    if (config) form.setFieldsValue(formOf(config));
  }, [config, form]);

  const fail = (error: unknown) => {
    if (isApiError(error)) void message.error(error.msg);
  };

  const submit = (values: CustomForm) => {
    if (!config) return;
    save.mutate(
      {
        reportType: kind,
        hiddenSections: config.sections.filter((section) => !values.sections.includes(section.id)).map((s) => s.id),
        hiddenFamilies: config.ruleFamilies.filter((f) => !values.families.includes(f.name)).map((f) => f.name),
        coverTitle: values.coverTitle,
        contactName: values.contactName,
        contactPhone: values.contactPhone,
        contactEmail: values.contactEmail,
        contactAddress: values.contactAddress,
      },
      { onSuccess: () => void message.success(t('reports.custom.saved')), onError: fail },
    );
  };

  return (
    <Card title={t('reports.custom.title')} data-testid="report-custom">
      <Typography.Paragraph type="secondary">{t('reports.custom.subtitle')}</Typography.Paragraph>
      {configs.isError && <Alert type="error" showIcon title={isApiError(configs.error) ? configs.error.msg : ''} />}
      {configs.isPending && <Skeleton active />}
      {config && (
        <Form<CustomForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label={t('reports.custom.kind')}>
            <Select<ReportType>
              value={kind}
              onChange={setKind}
              options={(configs.data ?? []).map((item) => ({ value: item.reportType, label: item.reportName }))}
              style={{ maxWidth: 320 }}
              data-testid="report-custom-kind"
            />
            <div>
              <Typography.Text type="secondary">
                {config.updateTime
                  ? t('reports.custom.updated', { time: formatDateTime(config.updateTime) })
                  : t('reports.custom.defaults')}
              </Typography.Text>
            </div>
          </Form.Item>
          <Form.Item
            name="sections"
            label={t('reports.custom.sections')}
            rules={[{ type: 'array', min: 1, message: t('reports.custom.sectionsRequired') }]}
          >
            <Checkbox.Group
              options={config.sections.map((section) => ({ value: section.id, label: section.title }))}
              data-testid="report-custom-sections"
            />
          </Form.Item>
          <Form.Item
            name="families"
            label={t('reports.custom.families')}
            rules={
              config.ruleFamilies.length > 0
                ? [{ type: 'array', min: 1, message: t('reports.custom.familiesRequired') }]
                : []
            }
            extra={config.ruleFamilies.length === 0 ? t('reports.custom.noFamilies') : undefined}
          >
            <Checkbox.Group
              options={config.ruleFamilies.map((family) => ({
                value: family.name,
                label: `${family.name}（${t('reports.custom.ruleCount', { count: family.ruleCount })}）`,
              }))}
              data-testid="report-custom-families"
            />
          </Form.Item>
          <Form.Item name="coverTitle" label={t('reports.custom.coverTitle')}>
            <Input
              maxLength={40}
              showCount
              placeholder={t('reports.custom.coverTitlePlaceholder', { name: config.reportName })}
              data-testid="report-custom-title"
            />
          </Form.Item>
          <Typography.Text strong className="tl-block">
            {t('reports.custom.contact')}
          </Typography.Text>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item name="contactName" label={t('reports.custom.contactName')}>
                <Input maxLength={60} data-testid="report-custom-contact-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contactPhone" label={t('reports.custom.contactPhone')}>
                <Input maxLength={20} placeholder="010-12345678" data-testid="report-custom-contact-phone" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contactEmail" label={t('reports.custom.contactEmail')}>
                <Input maxLength={60} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contactAddress" label={t('reports.custom.contactAddress')}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="report-custom-save">
              {t('reports.custom.save')}
            </Button>
            <Popconfirm
              title={t('reports.custom.resetConfirm')}
              onConfirm={() =>
                reset.mutate(kind, {
                  onSuccess: () => void message.success(t('reports.custom.resetDone')),
                  onError: fail,
                })
              }
            >
              <Button loading={reset.isPending} disabled={!config.updateTime}>
                {t('reports.custom.reset')}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      )}
    </Card>
  );
}
