import { LEDGER_REASON_LABELS, type LedgerReason, REPORT_KINDS } from '@taxlens/shared';
import { Select } from 'antd';
import { t } from '../../../locales';

interface FilterProps<T> {
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  width: number;
}

/** 全部资产: the balance (asset 0) or one credit type. */
export function AssetSelect({ value, onChange, width }: FilterProps<number>) {
  return (
    <Select<number>
      allowClear
      placeholder={t('billing.flow.allAssets')}
      style={{ width }}
      value={value}
      onChange={onChange}
      options={[
        { value: 0, label: t('billing.common.balance') },
        ...REPORT_KINDS.map((kind) => ({ value: kind.type, label: kind.name })),
      ]}
    />
  );
}

/** 全部原因: only the reasons the list's rows can have, so no choice answers an empty list. */
export function ReasonSelect({
  reasons,
  value,
  onChange,
}: Omit<FilterProps<string>, 'width'> & { reasons: readonly LedgerReason[] }) {
  return (
    <Select<string>
      allowClear
      placeholder={t('billing.flow.allReasons')}
      style={{ width: 180 }}
      value={value}
      onChange={onChange}
      options={reasons.map((reason) => ({ value: reason, label: LEDGER_REASON_LABELS[reason] }))}
    />
  );
}
