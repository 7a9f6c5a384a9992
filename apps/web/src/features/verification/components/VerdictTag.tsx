import type { CheckVerdict } from '@taxlens/shared';
import { Tag } from 'antd';
import { t } from '../../../locales';

const COLORS: Record<string, string> = {
  pass: 'success',
  warn: 'warning',
  fail: 'error',
  error: 'default',
  no_data: 'default',
};

/** The overall verdict of a check (未见异常 / 存疑 / 异常 / 核验失败). */
export function VerdictTag({ verdict, name }: { verdict: CheckVerdict; name: string }) {
  return <Tag color={COLORS[verdict]}>{name}</Tag>;
}

/** The verdict of one check item (通过 / 需关注 / 不通过 / 数据不足). */
export function ItemVerdictTag({ verdict }: { verdict: 'pass' | 'warn' | 'fail' | 'no_data' }) {
  return <Tag color={COLORS[verdict]}>{t(`verification.verdicts.${verdict}`)}</Tag>;
}
