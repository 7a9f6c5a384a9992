import { CloseOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { setChatOpen, useLayoutState } from '../../app/layout-state';
import { t } from '../../locales';

/**
 * The customer-service entry of the main layout. The chat itself (AI tab, human tab) arrives
 * with the chat feature; until then the box tells the service hours and that it is coming.
 */
export function ChatEntry() {
  const { chatOpen } = useLayoutState();
  return (
    <>
      {chatOpen && (
        <Card
          className="tl-chat-card"
          size="small"
          title={t('layout.chat.title')}
          extra={
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('common.cancel')}
              onClick={() => setChatOpen(false)}
            />
          }
          data-testid="chat-card"
        >
          <Typography.Paragraph style={{ marginBottom: 8 }}>{t('layout.chat.pending')}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('layout.chat.hours')}</Typography.Text>
        </Card>
      )}
      <Button
        className="tl-chat-button"
        type="primary"
        shape="circle"
        size="large"
        icon={<CustomerServiceOutlined />}
        aria-label={t('layout.chat.entry')}
        title={t('layout.chat.entry')}
        onClick={() => setChatOpen(!chatOpen)}
      />
    </>
  );
}
