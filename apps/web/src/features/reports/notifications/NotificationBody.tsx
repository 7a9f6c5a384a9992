import { Button, Space, Typography } from 'antd';
import type { NotificationStat, NotificationTarget, NotificationView } from './notification-decision';

const TONE_TYPES: Record<NotificationStat['tone'], 'danger' | 'warning' | 'secondary' | undefined> = {
  high: 'danger',
  medium: 'warning',
  low: undefined,
  neutral: undefined,
};

/** The pop-up's text: what happened, the counts of its kind, and up to two delivery items. */
export function NotificationBody({
  view,
  onOpen,
}: {
  view: NotificationView;
  /** Opens an item's page (a delivery item in the product centre). */
  onOpen?: (target: NotificationTarget) => void;
}) {
  return (
    <div className="tl-notify-body" data-testid="report-notification-body">
      {view.description && <div>{view.description}</div>}
      {view.stats.length > 0 && (
        <Space size={16} wrap className="tl-notify-stats">
          {view.stats.map((stat) => (
            <span key={stat.label}>
              <Typography.Text type="secondary">{stat.label} </Typography.Text>
              <Typography.Text strong type={stat.value > 0 ? TONE_TYPES[stat.tone] : 'secondary'}>
                {stat.value}
              </Typography.Text>
            </span>
          ))}
        </Space>
      )}
      {view.items.map((item) => (
        <div key={`${item.title}-${item.subheading}`} className="tl-notify-item">
          {item.target && onOpen ? (
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto', fontWeight: 600 }}
              onClick={() => item.target && onOpen(item.target)}
              data-testid="report-notification-item"
            >
              {item.title}
            </Button>
          ) : (
            <Typography.Text strong>{item.title}</Typography.Text>
          )}
          {item.subheading && (
            <div>
              <Typography.Text type="secondary">{item.subheading}</Typography.Text>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
