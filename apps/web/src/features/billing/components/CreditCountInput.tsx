import { BILLING_LIMITS } from '@taxlens/shared';
import { InputNumber, type InputNumberProps } from 'antd';
import { t } from '../../../locales';

/** A whole number of credits, 1 to the per-order maximum, followed by 次; Form.Item passes value and onChange. */
export function CreditCountInput(props: InputNumberProps) {
  return (
    <InputNumber
      {...props}
      min={1}
      max={BILLING_LIMITS.creditCountMax}
      precision={0}
      style={{ width: '100%' }}
      suffix={t('billing.common.times')}
    />
  );
}
