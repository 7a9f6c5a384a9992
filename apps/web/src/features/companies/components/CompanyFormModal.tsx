import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Company, companyFieldsSchema, ERRORS, type SessionUser, taxNoSchema } from '@taxlens/shared';
import { Alert, App, Col, Divider, Form, Input, Modal, Row, Select } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { companiesApi } from '../api';
import {
  ACCOUNTING_STANDARD_OPTIONS,
  filterByLabel,
  INDUSTRY_OPTIONS,
  REGION_OPTIONS,
  TAXPAYER_TYPE_OPTIONS,
} from '../catalogs';
import { canAssign, useAssigneeOptions } from '../hooks/useAssigneeOptions';
import { useBindingCheck } from '../hooks/useBindingCheck';
import {
  type CompanyFormValues,
  fieldRule,
  formFieldOf,
  fromCompany,
  hasChecksumWarning,
  invoiceLimitRule,
  toCompanyBody,
} from '../model/company-form';
import { companyKeys } from '../queries';

interface CompanyFormModalProps {
  open: boolean;
  /** The company to edit; none binds a new one. */
  company: Company | null;
  user: SessionUser;
  onClose: () => void;
  onSaved: (firmId: number) => void;
}

/** 绑定企业 / 编辑企业: every field of companyFieldsSchema, validated with the shared schema. */
export function CompanyFormModal({ open, company, user, onClose, onSaved }: CompanyFormModalProps) {
  const [form] = Form.useForm<CompanyFormValues>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const assignees = useAssigneeOptions(user);
  const withAssignee = canAssign(user);
  const taxNo = Form.useWatch('taxNo', form);
  const bound = useBindingCheck(open ? taxNo : undefined, company?.firmId ?? null);
  const checksum = hasChecksumWarning(taxNo);
  const editing = company !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(company ? fromCompany(company) : { taxpayerName: '', taxNo: '' });
  }, [open, company, form]);

  const save = useMutation({
    mutationFn: async (values: CompanyFormValues) => {
      const body = toCompanyBody(values, { withAssignee });
      if (company) {
        const answer = await companiesApi.update(company.firmId, body);
        return { firmId: company.firmId, warning: answer.warning };
      }
      return companiesApi.bind(body);
    },
    onSuccess: async ({ firmId, warning }) => {
      message.success(t(editing ? 'companies.form.saved' : 'companies.form.bound'));
      if (warning) message.warning(warning, 6);
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      onSaved(firmId);
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const fields = Object.entries(error.fields)
        .map(([name, text]) => [formFieldOf(name), text] as const)
        .filter((entry): entry is [keyof CompanyFormValues, string] => entry[0] !== null);
      if (fields.length > 0) {
        form.setFields(fields.map(([name, text]) => ({ name, errors: [text] })));
      } else if (error.code === ERRORS.CONFLICT.code) {
        form.setFields([{ name: 'taxNo', errors: [error.msg] }]);
      } else {
        message.error(error.msg);
      }
    },
  });

  return (
    <Modal
      open={open}
      title={t(editing ? 'companies.form.editTitle' : 'companies.form.createTitle')}
      okText={t(editing ? 'companies.form.submitEdit' : 'companies.form.submitCreate')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      forceRender
      data-testid="company-form-modal"
    >
      <Form<CompanyFormValues>
        form={form}
        layout="vertical"
        className="tl-co-form"
        onFinish={(values) => save.mutate(values)}
        requiredMark
        data-testid="company-form"
      >
        <Divider titlePlacement="start" plain className="tl-co-form-section">
          {t('companies.form.sectionBasic')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="taxpayerName"
              label={t('companies.fields.taxpayerName')}
              required
              rules={[zodRule(companyFieldsSchema.shape.taxpayerName)]}
              validateTrigger="onBlur"
            >
              <Input placeholder={t('companies.placeholders.taxpayerName')} maxLength={80} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="taxNo"
              label={t('companies.fields.taxNo')}
              required
              rules={[zodRule(taxNoSchema)]}
              validateTrigger="onBlur"
              normalize={(value: string) => value.toUpperCase().replace(/\s/g, '')}
            >
              <Input placeholder={t('companies.placeholders.taxNo')} maxLength={20} className="tl-co-mono" />
            </Form.Item>
          </Col>
        </Row>
        {bound && (
          <Alert
            className="tl-co-form-alert"
            type="error"
            showIcon
            data-testid="already-bound"
            title={t('companies.form.alreadyBound', { name: bound.taxpayerName ?? '' })}
            action={
              bound.firmId ? (
                <Link to={`/company/firm?firmId=${bound.firmId}`} onClick={onClose}>
                  {t('companies.form.viewBound')}
                </Link>
              ) : undefined
            }
          />
        )}
        {!bound && checksum && (
          <Alert className="tl-co-form-alert" type="warning" showIcon title={t('companies.form.checksumWarning')} />
        )}

        <Divider titlePlacement="start" plain className="tl-co-form-section">
          {t('companies.form.sectionTax')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="regionCode" label={t('companies.fields.region')}>
              <Select
                options={REGION_OPTIONS}
                placeholder={t('companies.placeholders.region')}
                showSearch={{ filterOption: filterByLabel }}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="industryCode" label={t('companies.fields.industryCode')}>
              <Select
                options={INDUSTRY_OPTIONS}
                placeholder={t('companies.placeholders.industryCode')}
                showSearch={{ filterOption: filterByLabel }}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="industryName"
              label={t('companies.fields.industryName')}
              rules={[fieldRule(companyFieldsSchema.shape.industryName)]}
            >
              <Input placeholder={t('companies.placeholders.industryName')} maxLength={60} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="taxpayerType" label={t('companies.fields.taxpayerType')}>
              <Select
                options={TAXPAYER_TYPE_OPTIONS}
                placeholder={t('companies.placeholders.taxpayerType')}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="accountingStandard" label={t('companies.fields.accountingStandard')}>
              <Select
                options={ACCOUNTING_STANDARD_OPTIONS}
                placeholder={t('companies.placeholders.accountingStandard')}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="invoiceLimitYuan"
              label={t('companies.fields.invoiceLimit')}
              rules={[invoiceLimitRule]}
              validateTrigger="onBlur"
              extra={t('companies.form.invoiceLimitHint')}
            >
              <Input
                placeholder={t('companies.placeholders.invoiceLimit')}
                suffix={t('companies.yuan')}
                inputMode="decimal"
                allowClear
              />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain className="tl-co-form-section">
          {t('companies.form.sectionContact')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="legalPerson"
              label={t('companies.fields.legalPerson')}
              rules={[fieldRule(companyFieldsSchema.shape.legalPerson)]}
            >
              <Input placeholder={t('companies.placeholders.legalPerson')} maxLength={30} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="contactName"
              label={t('companies.fields.contactName')}
              rules={[fieldRule(companyFieldsSchema.shape.contactName)]}
            >
              <Input placeholder={t('companies.placeholders.contactName')} maxLength={30} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="contactPhone"
              label={t('companies.fields.contactPhone')}
              rules={[fieldRule(companyFieldsSchema.shape.contactPhone)]}
            >
              <Input placeholder={t('companies.placeholders.contactPhone')} maxLength={20} allowClear />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="address"
              label={t('companies.fields.address')}
              rules={[fieldRule(companyFieldsSchema.shape.address)]}
            >
              <Input placeholder={t('companies.placeholders.address')} maxLength={120} allowClear />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain className="tl-co-form-section">
          {t('companies.form.sectionManage')}
        </Divider>
        <Row gutter={16}>
          {withAssignee && (
            <Col xs={24} md={12}>
              <Form.Item name="assigneeId" label={t('companies.fields.assignee')}>
                <Select
                  options={assignees}
                  placeholder={t('companies.placeholders.assignee')}
                  showSearch={{ filterOption: filterByLabel }}
                  allowClear
                />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item
              name="remark"
              label={t('companies.fields.remark')}
              rules={[fieldRule(companyFieldsSchema.shape.remark)]}
            >
              <Input.TextArea
                placeholder={t('companies.placeholders.remark')}
                maxLength={300}
                autoSize={{ minRows: 2, maxRows: 4 }}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
