import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Col, Result, Row, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { AccountSummary } from '../components/AccountSummary';
import { BillingPageFrame } from '../components/BillingPageFrame';
import { LoadError } from '../components/LoadError';
import { PayForm } from '../components/PayForm';
import { PayResult } from '../components/PayResult';
import { useTopUpRights } from '../queries';

/** Spec §8: an action on the pay page before top-up (no `pay` right) gets 充值后才可进行此操作. */
function NoPayRight() {
  const navigate = useNavigate();
  return (
    <Card className="tl-bill-card" data-testid="pay-no-right">
      <Result
        icon={<LockOutlined />}
        title={t('billing.pay.noRightTitle')}
        subTitle={t('billing.pay.noRightContent')}
        extra={<Button onClick={() => navigate('/home')}>{t('billing.pay.backHome')}</Button>}
      />
    </Card>
  );
}

/** /pay 充值: packages and custom top-up, sandbox cashier or bank transfer; ?orderId= shows the result. */
export function PayPage() {
  const user = useSessionUser();
  const [params] = useSearchParams();
  const rights = useTopUpRights();
  if (!user) return null;
  const orderId = Number(params.get('orderId'));
  const returning = Number.isSafeInteger(orderId) && orderId > 0;

  let main: React.ReactNode;
  if (returning) main = <PayResult orderId={orderId} />;
  else if (rights.isLoading) main = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!rights.data) main = <LoadError onRetry={() => rights.refetch()} />;
  else if (!rights.data.pay) main = <NoPayRight />;
  else main = <PayForm rights={rights.data} />;

  return (
    <BillingPageFrame title={t('billing.pay.title')} subtitle={t('billing.pay.subtitle')} testId="pay-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          {main}
        </Col>
        <Col xs={24} xl={7}>
          <AccountSummary />
        </Col>
      </Row>
    </BillingPageFrame>
  );
}
