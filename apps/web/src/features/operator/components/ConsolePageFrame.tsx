import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The frame of every console page: its title, actions on the right, content below. */
export function ConsolePageFrame({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card title={title} extra={extra} className="op-page" styles={{ body: { padding: 16 } }}>
      {children}
    </Card>
  );
}
