import { useMutation } from '@tanstack/react-query';
import { ERRORS, shareBindSchema, type TaxpayerType } from '@taxlens/shared';
import { Alert, Button, Divider, Form, Input, Select, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type ShareBindBody, shareApi } from '../api';
import {
  ACCOUNTING_STANDARD_OPTIONS,
  filterByLabel,
  INDUSTRY_OPTIONS,
  REGION_OPTIONS,
  TAXPAYER_TYPE_OPTIONS,
} from '../catalogs';
import { ShareLinkGate, type ValidShareLink } from '../components/ShareLinkGate';
import { ShareCard, SharePageFrame } from '../components/SharePageFrame';

interface BindValues {
  taxpayerName: string;
  taxNo: string;
  contactName: string;
  contactPhone: string;
  regionCode?: string;
  industryCode?: string;
  taxpayerType?: TaxpayerType;
  accountingStandard?: 'enterprise' | 'small_enterprise';
  legalPerson?: string;
  address?: string;
}

const FIELDS = new Set<string>([
  'taxpayerName',
  'taxNo',
  'contactName',
  'contactPhone',
  'regionCode',
  'industryCode',
  'taxpayerType',
  'accountingStandard',
  'legalPerson',
  'address',
]);
const shape = shareBindSchema.shape;
const optional = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function BindForm({ token, info, refresh }: ValidShareLink) {
  const [form] = Form.useForm<BindValues>();
  const navigate = useNavigate();
  const { token: colors } = theme.useToken();
  const [error, setError] = useState<string | null>(null);
  const uploadPath = `/share/upload?token=${encodeURIComponent(token)}`;
  const locked = info.company !== null;

  const submit = useMutation({
    mutationFn: (values: BindValues) => {
      const body: ShareBindBody = {
        token,
        taxpayerName: values.taxpayerName.trim(),
        taxNo: values.taxNo.trim().toUpperCase(),
        contactName: values.contactName.trim(),
        contactPhone: values.contactPhone.trim(),
        regionCode: values.regionCode ?? null,
        industryCode: values.industryCode ?? null,
        taxpayerType: values.taxpayerType ?? null,
        accountingStandard: values.accountingStandard ?? null,
        legalPerson: optional(values.legalPerson),
        address: optional(values.address),
      };
      return shareApi.bind(body);
    },
    onSuccess: () => navigate(uploadPath),
    onError: (failure) => {
      if (!isApiError(failure)) return;
      if (failure.code === ERRORS.LINK_EXPIRED.code) {
        refresh();
        return;
      }
      const fields = Object.entries(failure.fields).filter(([name]) => FIELDS.has(name));
      if (fields.length > 0) {
        form.setFields(fields.map(([name, text]) => ({ name: name as keyof BindValues, errors: [text] })));
      } else {
        setError(failure.msg);
      }
    },
  });

  return (
    <SharePageFrame groupName={info.groupName} step={0} lead={t('companies.public.bindLead')} testId="share-bind-page">
      {info.state !== 'pending' && (
        <Alert
          type="success"
          showIcon
          title={t('companies.public.alreadyBound')}
          action={
            <Button size="small" type="primary" onClick={() => navigate(uploadPath)}>
              {t('companies.public.goUpload')}
            </Button>
          }
        />
      )}
      <ShareCard title={t('companies.public.stepInfo')}>
        {info.company && (
          <div className="tl-share-company" style={{ background: colors.colorPrimaryBg }} data-testid="share-company">
            <span style={{ color: colors.colorTextSecondary }}>{t('companies.public.companyCard')}</span>
            <strong>{info.company.taxpayerName}</strong>
            <span className="tl-share-mono">{info.company.taxNo}</span>
          </div>
        )}
        <Form<BindValues>
          form={form}
          layout="vertical"
          size="large"
          className="tl-share-form"
          initialValues={info.company ? { taxpayerName: info.company.taxpayerName, taxNo: info.company.taxNo } : {}}
          onFinish={(values) => {
            setError(null);
            submit.mutate(values);
          }}
          onValuesChange={() => error && setError(null)}
          data-testid="share-bind-form"
        >
          <Form.Item
            name="taxpayerName"
            hidden={locked}
            required
            label={t('companies.fields.taxpayerName')}
            rules={[zodRule(shape.taxpayerName)]}
            validateTrigger="onBlur"
          >
            <Input placeholder={t('companies.placeholders.taxpayerName')} maxLength={80} disabled={locked} />
          </Form.Item>
          <Form.Item
            name="taxNo"
            hidden={locked}
            required
            label={t('companies.fields.taxNo')}
            rules={[zodRule(shape.taxNo)]}
            validateTrigger="onBlur"
            normalize={(value: string) => value.toUpperCase().replace(/\s/g, '')}
          >
            <Input
              placeholder={t('companies.placeholders.taxNo')}
              maxLength={20}
              disabled={locked}
              className="tl-share-mono"
              autoCapitalize="characters"
            />
          </Form.Item>
          <Form.Item
            name="contactName"
            required
            label={t('companies.fields.contactName')}
            rules={[zodRule(shape.contactName)]}
            validateTrigger="onBlur"
          >
            <Input placeholder={t('companies.placeholders.contactName')} maxLength={30} autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            required
            label={t('companies.fields.contactPhone')}
            rules={[zodRule(shape.contactPhone)]}
            validateTrigger="onBlur"
          >
            <Input
              placeholder={t('companies.public.phonePlaceholder')}
              maxLength={11}
              inputMode="tel"
              autoComplete="tel"
            />
          </Form.Item>
          <Divider plain titlePlacement="start" className="tl-share-divider">
            {t('companies.public.optionalSection')}
          </Divider>
          <Form.Item name="regionCode" label={t('companies.fields.region')}>
            <Select
              options={REGION_OPTIONS}
              placeholder={t('companies.placeholders.region')}
              showSearch={{ filterOption: filterByLabel }}
              allowClear
            />
          </Form.Item>
          <Form.Item name="industryCode" label={t('companies.fields.industryCode')}>
            <Select
              options={INDUSTRY_OPTIONS}
              placeholder={t('companies.placeholders.industryCode')}
              showSearch={{ filterOption: filterByLabel }}
              allowClear
            />
          </Form.Item>
          <Form.Item name="taxpayerType" label={t('companies.fields.taxpayerType')}>
            <Select options={TAXPAYER_TYPE_OPTIONS} placeholder={t('companies.placeholders.taxpayerType')} allowClear />
          </Form.Item>
          <Form.Item name="accountingStandard" label={t('companies.fields.accountingStandard')}>
            <Select
              options={ACCOUNTING_STANDARD_OPTIONS}
              placeholder={t('companies.placeholders.accountingStandard')}
              allowClear
            />
          </Form.Item>
          <Form.Item name="legalPerson" label={t('companies.fields.legalPerson')} rules={[zodRule(shape.legalPerson)]}>
            <Input placeholder={t('companies.placeholders.legalPerson')} maxLength={30} />
          </Form.Item>
          <Form.Item name="address" label={t('companies.fields.address')} rules={[zodRule(shape.address)]}>
            <Input placeholder={t('companies.placeholders.address')} maxLength={120} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} className="tl-co-form-alert" />}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submit.isPending}
            data-testid="share-bind-submit"
          >
            {t('companies.public.submit')}
          </Button>
        </Form>
      </ShareCard>
    </SharePageFrame>
  );
}

/** /share/bind?token= 填写企业信息: the client names its company for the inviting firm. */
export function ShareBindPage() {
  return <ShareLinkGate testId="share-bind-page">{(link) => <BindForm {...link} />}</ShareLinkGate>;
}
