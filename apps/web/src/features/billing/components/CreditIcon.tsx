import {
  AuditOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  RadarChartOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { reportKindByType } from '@taxlens/shared';
import type { GlobalToken } from 'antd';
import { theme } from 'antd';
import type { ComponentType } from 'react';

/** The icon of each credit type (numberList `icon` keys of packages/shared report-kinds). */
const ICONS: Record<string, ComponentType> = {
  invoice: FileSearchOutlined,
  risk: SafetyCertificateOutlined,
  comprehensive: AuditOutlined,
  panoramic: RadarChartOutlined,
  business: ShopOutlined,
  diligence: FileProtectOutlined,
};

/** Type 0 is the balance; 1-6 the report kinds, each with a colour of antd's preset palette. */
export function creditColor(token: GlobalToken, type: number): string {
  const palette = [token.gold, token.blue, token.volcano, token.purple, token.cyan, token.green, token.geekblue];
  return palette[type] ?? token.colorPrimary;
}

export function CreditIcon({ type, size = 20 }: { type: number; size?: number }) {
  const { token } = theme.useToken();
  const Icon = type === 0 ? WalletOutlined : (ICONS[reportKindByType(type)?.icon ?? ''] ?? FileSearchOutlined);
  const color = creditColor(token, type);
  return (
    <span
      className="tl-credit-icon"
      style={{ color, background: `color-mix(in srgb, ${color} 12%, transparent)`, fontSize: size }}
      aria-hidden
    >
      <Icon />
    </span>
  );
}
