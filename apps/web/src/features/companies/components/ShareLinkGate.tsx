import { ClockCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { shareTokenSchema } from '@taxlens/shared';
import { Button, Result, Skeleton, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '../../../locales';
import type { ShareInfo } from '../api';
import { shareInfoOptions } from '../queries';
import { ShareCard, SharePageFrame } from './SharePageFrame';

export interface ValidShareLink {
  token: string;
  info: ShareInfo;
  refresh: () => void;
}

/**
 * Reads the link's token and asks the server what it is. A missing, unknown, expired or revoked
 * link shows that it has expired and offers nothing to submit; a good one renders the page.
 */
export function ShareLinkGate({ children, testId }: { children: (link: ValidShareLink) => ReactNode; testId: string }) {
  const [params] = useSearchParams();
  const { token: colors } = theme.useToken();
  const token = params.get('token')?.trim() ?? '';
  const wellFormed = shareTokenSchema.safeParse({ token }).success;
  const info = useQuery({ ...shareInfoOptions(token), enabled: wellFormed });

  if (wellFormed && info.isPending) {
    return (
      <SharePageFrame testId={testId}>
        <ShareCard>
          <Skeleton active paragraph={{ rows: 5 }} />
          <Typography.Text type="secondary">{t('companies.public.loading')}</Typography.Text>
        </ShareCard>
      </SharePageFrame>
    );
  }
  if (wellFormed && info.isError) {
    return (
      <SharePageFrame testId={testId}>
        <ShareCard>
          <Result
            status="warning"
            title={t('companies.public.loadFailed')}
            extra={
              <Button type="primary" size="large" onClick={() => void info.refetch()}>
                {t('companies.public.retry')}
              </Button>
            }
          />
        </ShareCard>
      </SharePageFrame>
    );
  }
  if (!wellFormed || !info.data?.valid) {
    const reason = info.data?.reason ?? t('companies.public.invalidDefault');
    return (
      <SharePageFrame groupName={info.data?.groupName} dead testId={testId}>
        <ShareCard>
          <Result
            icon={<ClockCircleFilled style={{ color: colors.colorWarning }} />}
            title={t('companies.public.invalidTitle')}
            subTitle={
              <>
                <div data-testid="share-invalid-reason">{reason}</div>
                <div>
                  {reason.includes('财税顾问') ? t('companies.public.invalidLead') : t('companies.public.invalidHint')}
                </div>
              </>
            }
            data-testid="share-invalid"
          />
        </ShareCard>
      </SharePageFrame>
    );
  }
  return <>{children({ token, info: info.data, refresh: () => void info.refetch() })}</>;
}
