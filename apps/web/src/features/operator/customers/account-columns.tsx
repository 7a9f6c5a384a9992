import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { t } from '../../../locales';
import { yuanText } from '../../billing/lib/money';

/** A customer account's status and balance columns: the user list and a group's members show them alike. */
export function accountStatusColumn<T extends { status: string }>(): ColumnType<T> {
  return {
    title: t('operator.customers.status'),
    dataIndex: 'status',
    width: 70,
    render: (status: string) =>
      status === 'active' ? (
        <Tag color="green">{t('operator.customers.active')}</Tag>
      ) : (
        <Tag>{t('operator.customers.disabledTag')}</Tag>
      ),
  };
}

export function accountBalanceColumn<T extends { balanceFen: number }>(): ColumnType<T> {
  return {
    title: t('operator.customers.balance'),
    dataIndex: 'balanceFen',
    width: 110,
    render: (fen: number) => yuanText(fen),
  };
}
