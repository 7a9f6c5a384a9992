import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Company, companyFieldsSchema, ERRORS, type SessionUser } from '@taxlens/shared';
import { Alert, App, Col, Divider, Form, Input, Modal, Row, Select } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { RegistryLookup } from '../../companydata/RegistryLookup';
import { companiesApi } from '../api';
import { filterByLabel } from '../catalogs';
import { canAssign, useAssigneeOptions } from '../hooks/useAssigneeOptions';
import { useBindingCheck } from '../hooks/useBindingCheck';
import {
  type CompanyFormValues,
  formFieldOf,
  fromCompany,
  hasChecksumWarning,
  invoiceLimitRule,
  toCompanyBody,
} from '../model/company-form';
import { companyKeys } from '../queries';
import { CompanyCatalogField, CompanyTextField } from './CompanyFields';

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
        {!editing && <RegistryLookup onPick={(fill) => form.setFieldsValue(fill)} />}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <CompanyTextField name="taxpayerName" allowClear />
          </Col>
          <Col xs={24} md={12}>
            <CompanyTextField name="taxNo" className="tl-co-mono" />
          </Col>
        </Row>
        {bound && (
          <Alert
            className="tl-co-form-alert"
            type="error"
            showIcon
            data-testid="already-bound"
            title={
              bound.taxpayerName
                ? t('companies.form.alreadyBound', { name: bound.taxpayerName })
                : t('companies.form.alreadyBoundByColleague')
            }
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
            <CompanyCatalogField name="regionCode" />
          </Col>
          <Col xs={24} md={12}>
            <CompanyCatalogField name="industryCode" />
          </Col>
          <Col xs={24} md={12}>
            <CompanyTextField name="industryName" allowClear />
          </Col>
          <Col xs={24} md={12}>
            <CompanyCatalogField name="taxpayerType" />
          </Col>
          <Col xs={24} md={12}>
            <CompanyCatalogField name="accountingStandard" />
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
            <CompanyTextField name="legalPerson" allowClear />
          </Col>
          <Col xs={24} md={8}>
            <CompanyTextField name="contactName" allowClear />
          </Col>
          <Col xs={24} md={8}>
            <CompanyTextField name="contactPhone" allowClear />
          </Col>
          <Col span={24}>
            <CompanyTextField name="address" allowClear />
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
              rules={[zodRule(companyFieldsSchema.shape.remark)]}
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
