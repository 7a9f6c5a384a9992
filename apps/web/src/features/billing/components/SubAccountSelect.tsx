import { maskPhone } from '@taxlens/shared';
import { Select, Tag } from 'antd';
import { t } from '../../../locales';
import { useSubordinates } from '../queries';
import type { SubAccount } from '../types';

interface SubAccountSelectProps {
  value?: number;
  onChange?: (userId: number | undefined) => void;
  /** Levels that may be picked (a supervisor moves assets only with staff). */
  levels?: readonly number[];
  allowClear?: boolean;
  placeholder?: string;
  /** Disabled accounts can be filtered on in records but not chosen for a transfer. */
  allowDisabled?: boolean;
  testId?: string;
  style?: React.CSSProperties;
}

export function subAccountLabel(account: Pick<SubAccount, 'nickName' | 'phone'>): string {
  const phone = maskPhone(account.phone);
  return account.nickName ? `${account.nickName}（${phone}）` : phone;
}

/** The sub-accounts the signed-in user manages (findSubordinateUser), searchable by name or phone. */
export function SubAccountSelect({
  value,
  onChange,
  levels,
  allowClear,
  placeholder,
  allowDisabled = false,
  testId,
  style,
}: SubAccountSelectProps) {
  const query = useSubordinates();
  const accounts = (query.data?.list ?? []).filter((account) => !levels || levels.includes(account.level));
  return (
    <Select<number>
      showSearch={{
        filterOption: (input, option) => {
          const account = accounts.find((item) => item.userId === option?.value);
          const needle = input.trim();
          return !!account && (account.phone.includes(needle) || (account.nickName ?? '').includes(needle));
        },
      }}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      allowClear={allowClear}
      loading={query.isLoading}
      placeholder={placeholder ?? t('billing.transfer.accountPlaceholder')}
      notFoundContent={query.isLoading ? undefined : t('billing.transfer.accountsEmpty')}
      style={style}
      data-testid={testId}
      options={accounts.map((account) => ({
        value: account.userId,
        disabled: !allowDisabled && account.status === 'disabled',
        label: (
          <span data-account-phone={account.phone}>
            {subAccountLabel(account)}
            <Tag style={{ marginInlineStart: 8 }} variant="filled">
              {account.levelName}
            </Tag>
            {account.status === 'disabled' && <Tag variant="filled">{t('billing.transfer.disabled')}</Tag>}
          </span>
        ),
      }))}
    />
  );
}
