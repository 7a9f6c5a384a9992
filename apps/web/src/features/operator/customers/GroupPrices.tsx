import { useQueryClient } from '@tanstack/react-query';
import type { GroupDetail } from '@taxlens/shared';
import { App, Button, InputNumber, Space, Table } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { fenToYuanInput, yuanInputToFen, yuanText } from '../../billing/lib/money';
import { customersApi } from './api';

type PriceRow = GroupDetail['prices'][number];

/** The group's own price per report kind (yuan typed, fen sent); empty goes back to the default. */
export function GroupPrices({ group }: { group: GroupDetail }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<Record<number, string | null>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});

  const save = async (row: PriceRow) => {
    const draft = drafts[row.creditType];
    const fen = draft === null || draft === undefined || draft === '' ? null : yuanInputToFen(draft);
    if (draft && fen === null) {
      setErrors({ ...errors, [row.creditType]: t('operator.prices.invalid') });
      return;
    }
    try {
      await customersApi.setPrice({ groupId: group.groupId, creditType: row.creditType, priceFen: fen });
      setErrors({ ...errors, [row.creditType]: '' });
      message.success(t('operator.common.saved'));
      await client.invalidateQueries({ queryKey: ['operator', 'group', group.groupId] });
    } catch (error) {
      if (isApiError(error)) setErrors({ ...errors, [row.creditType]: error.fields.priceFen ?? error.msg });
    }
  };

  return (
    <Table<PriceRow>
      rowKey="creditType"
      pagination={false}
      size="small"
      dataSource={group.prices}
      scroll={{ x: 520 }}
      columns={[
        { title: t('operator.prices.kind'), dataIndex: 'name' },
        { title: t('operator.prices.default'), dataIndex: 'defaultFen', render: (fen: number) => yuanText(fen) },
        {
          title: t('operator.prices.own'),
          render: (_, row) => (
            <Space direction="vertical" size={0}>
              <Space.Compact>
                <InputNumber<string>
                  stringMode
                  placeholder={t('operator.prices.useDefault')}
                  value={drafts[row.creditType] ?? (row.ownFen === null ? null : fenToYuanInput(row.ownFen))}
                  onChange={(value) => setDrafts({ ...drafts, [row.creditType]: value })}
                  status={errors[row.creditType] ? 'error' : undefined}
                  aria-label={`${row.name} ${t('operator.prices.own')}`}
                />
                <Button onClick={() => void save(row)}>{t('operator.common.save')}</Button>
              </Space.Compact>
              {errors[row.creditType] && <span className="op-field-error">{errors[row.creditType]}</span>}
            </Space>
          ),
        },
      ]}
    />
  );
}
