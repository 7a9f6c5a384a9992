import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { t } from '../../../locales';

/**
 * Error state of a card or page whose data did not load; the toast already said why. Laid out like
 * antd's Result (status warning) without using it: Result imports its 403/404/500 illustrations,
 * and the home workbench shows this card on the first screen (issue 21).
 */
export function LoadError({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      gap={compact ? token.marginSM : token.marginLG}
      style={{ padding: compact ? `${token.padding}px ${token.paddingLG}px` : `48px ${token.paddingXL}px` }}
    >
      <ExclamationCircleFilled style={{ fontSize: 72, color: token.colorWarning }} />
      <div
        style={{
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          color: token.colorTextHeading,
        }}
      >
        {t('common.loadFailed')}
      </div>
      <Button onClick={onRetry} data-testid="load-retry">
        {t('common.reloadData')}
      </Button>
    </Flex>
  );
}
