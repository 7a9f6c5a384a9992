import { Card, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../../../locales';
import { DataViewFrame } from '../../dataview/components/DataViewFrame';
import { CompanyPicker } from '../components/CompanyPicker';

/** /data-view/company-search: find a company by name, pinyin initials or credit code, then open its pages. */
export function CompanySearchPage() {
  const navigate = useNavigate();
  return (
    <DataViewFrame
      title={t('dataMap.routes.companySearch')}
      subtitle={t('dataMap.company.searchIntro')}
      testId="company-search-page"
    >
      <Card size="small">
        <CompanyPicker onPick={(code) => navigate(`/data-view/company-detail?creditCode=${code}`)} />
      </Card>
      <Space style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">{t('dataMap.map.intro')}</Typography.Text>
      </Space>
    </DataViewFrame>
  );
}
