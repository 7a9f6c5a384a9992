import { CopyOutlined, EditOutlined, UserAddOutlined } from '@ant-design/icons';
import { type Company, formatDateTime, formatFen, TAXPAYER_TYPES } from '@taxlens/shared';
import { Alert, App, Button, Card, Descriptions, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { ACCOUNTING_STANDARD_OPTIONS } from '../catalogs';
import { copyText } from './ShareLinkDetails';

interface CompanyInfoCardProps {
  company: Company;
  canInvite: boolean;
  onEdit: () => void;
}

const orDash = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '-');

/** The company's identity and the facts a report needs (region, industry, taxpayer type…). */
export function CompanyInfoCard({ company, canInvite, onEdit }: CompanyInfoCardProps) {
  const { message } = App.useApp();
  const standard = ACCOUNTING_STANDARD_OPTIONS.find((option) => option.value === company.accountingStandard)?.label;

  const copyTaxNo = async () => {
    if (await copyText(company.taxNo)) message.success(t('companies.firm.copied'));
  };

  return (
    <Card data-testid="company-info">
      <div className="tl-co-firm-head">
        <div>
          <div className="tl-co-firm-name">
            <Typography.Title level={3} data-testid="company-name">
              {company.taxpayerName}
            </Typography.Title>
          </div>
          <Typography.Text type="secondary">
            {t('companies.fields.taxNo')}：<span className="tl-co-mono">{company.taxNo}</span>{' '}
            <Tooltip title={t('companies.firm.copyTaxNo')}>
              <Button
                type="text"
                size="small"
                icon={<CopyOutlined />}
                onClick={() => void copyTaxNo()}
                aria-label={t('companies.firm.copyTaxNo')}
              />
            </Tooltip>
          </Typography.Text>
          <div className="tl-co-firm-tags">
            {company.regionCode && <Tag color="blue">{company.regionName}</Tag>}
            {company.industryCode && <Tag color="geekblue">{company.industrySectionName}</Tag>}
            {company.taxpayerType && <Tag color="cyan">{TAXPAYER_TYPES[company.taxpayerType]}</Tag>}
            {standard && <Tag>{standard}</Tag>}
          </div>
        </div>
        <div className="tl-title-row-actions">
          {canInvite && (
            <Link to={`/company/bindUser?firmId=${company.firmId}`}>
              <Button icon={<UserAddOutlined />}>{t('companies.firm.invite')}</Button>
            </Link>
          )}
          <Button type="primary" icon={<EditOutlined />} onClick={onEdit}>
            {t('companies.firm.edit')}
          </Button>
        </div>
      </div>
      {company.taxNoWarning && (
        <Alert className="tl-co-firm-desc" type="warning" showIcon title={company.taxNoWarning} />
      )}
      <Descriptions
        className="tl-co-firm-desc"
        size="small"
        column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }}
        items={[
          { key: 'industryName', label: t('companies.fields.industryName'), children: orDash(company.industryName) },
          { key: 'legalPerson', label: t('companies.fields.legalPerson'), children: orDash(company.legalPerson) },
          { key: 'contactName', label: t('companies.fields.contactName'), children: orDash(company.contactName) },
          { key: 'contactPhone', label: t('companies.fields.contactPhone'), children: orDash(company.contactPhone) },
          {
            key: 'invoiceLimit',
            label: t('companies.fields.invoiceLimit'),
            children:
              company.invoiceLimitFen === null ? '-' : `${formatFen(company.invoiceLimitFen)} ${t('companies.yuan')}`,
          },
          {
            key: 'assignee',
            label: t('companies.fields.assignee'),
            children: company.assignee?.name ?? t('companies.unassigned'),
          },
          { key: 'createTime', label: t('companies.fields.createTime'), children: formatDateTime(company.createTime) },
          { key: 'address', label: t('companies.fields.address'), children: orDash(company.address) },
          { key: 'remark', label: t('companies.fields.remark'), children: orDash(company.remark) },
        ]}
      />
    </Card>
  );
}
