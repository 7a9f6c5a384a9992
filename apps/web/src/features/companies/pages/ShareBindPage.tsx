import { useMutation } from '@tanstack/react-query';
import { ERRORS, shareBindSchema, type TaxpayerType } from '@taxlens/shared';
import { Alert, Button, Divider, Form, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type ShareBindBody, shareApi } from '../api';
import { CompanyCatalogField, CompanyTextField } from '../components/CompanyFields';
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
          <CompanyTextField name="taxpayerName" hidden={locked} disabled={locked} />
          <CompanyTextField
            name="taxNo"
            hidden={locked}
            disabled={locked}
            className="tl-share-mono"
            autoCapitalize="characters"
          />
          <CompanyTextField name="contactName" required schema={shape.contactName} autoComplete="name" />
          <CompanyTextField
            name="contactPhone"
            required
            schema={shape.contactPhone}
            placeholder={t('companies.public.phonePlaceholder')}
            maxLength={11}
            inputMode="tel"
            autoComplete="tel"
          />
          <Divider plain titlePlacement="start" className="tl-share-divider">
            {t('companies.public.optionalSection')}
          </Divider>
          <CompanyCatalogField name="regionCode" />
          <CompanyCatalogField name="industryCode" />
          <CompanyCatalogField name="taxpayerType" />
          <CompanyCatalogField name="accountingStandard" />
          <CompanyTextField name="legalPerson" />
          <CompanyTextField name="address" />
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
