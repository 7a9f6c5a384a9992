import { Space, Typography } from 'antd';

/** 高/中/低 counts as three coloured numbers (0 shown muted). */
export function RiskCounts({ high, medium, low }: { high: number; medium: number; low: number }) {
  const item = (value: number, type: 'danger' | 'warning' | 'secondary') => (
    <Typography.Text type={value > 0 ? type : 'secondary'} strong={value > 0}>
      {value}
    </Typography.Text>
  );
  return (
    <Space size={4} separator={<Typography.Text type="secondary">/</Typography.Text>}>
      {item(high, 'danger')}
      {item(medium, 'warning')}
      {item(low, 'secondary')}
    </Space>
  );
}
