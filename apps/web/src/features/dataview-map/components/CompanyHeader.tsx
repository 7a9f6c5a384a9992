import { Button, Space } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../locales';

/** Links between the three pages of one company. */
export function CompanyLinks({ creditCode }: { creditCode: string }) {
  return (
    <Space wrap>
      <Link to={`/data-view/company-detail?creditCode=${creditCode}`} data-testid="company-link-detail">
        <Button size="small">{t('dataMap.company.detail')}</Button>
      </Link>
      <Link to={`/data-view/company-risk?creditCode=${creditCode}`} data-testid="company-link-risk">
        <Button size="small">{t('dataMap.company.risk')}</Button>
      </Link>
      <Link to={`/data-view/abnormal?creditCode=${creditCode}`} data-testid="company-link-abnormal">
        <Button size="small">{t('dataMap.company.abnormal')}</Button>
      </Link>
    </Space>
  );
}
