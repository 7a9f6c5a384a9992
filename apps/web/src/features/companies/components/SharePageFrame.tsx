import { LockOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { Steps, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useAppTokens } from '../../../app/useAppTokens';
import { BrandLogo } from '../../../components/BrandLogo';
import { t } from '../../../locales';
import '../share-pages.css';

interface SharePageFrameProps {
  /** The inviting firm (集团) once the link is known. */
  groupName?: string | null;
  /** 0 填写企业信息, 1 上传数据, 2 完成; none hides the steps (an invalid link). */
  step?: 0 | 1 | 2;
  lead?: ReactNode;
  /** An unusable link: no invitation headline, nothing to fill in. */
  dead?: boolean;
  children: ReactNode;
  testId?: string;
}

/**
 * The frame of the client's pages (no sign-in, opened from WeChat on a phone as often as on a
 * desktop): who invites, where the client is in the flow, and a plain word on data use.
 */
export function SharePageFrame({ groupName, step, lead, dead = false, children, testId }: SharePageFrameProps) {
  const app = useAppTokens();
  const { token } = theme.useToken();
  return (
    <div className="tl-share" data-testid={testId}>
      <header className="tl-share-hero" style={{ background: app.brandGradient, color: app.brandText }}>
        <div className="tl-share-bar">
          <BrandLogo size={28} textColor={app.brandText} />
          <span className="tl-share-secure" style={{ color: app.brandAccent }}>
            <SafetyCertificateFilled /> {t('companies.public.secure')}
          </span>
        </div>
        {groupName && !dead && (
          <div className="tl-share-invite">
            <div className="tl-share-invite-title" data-testid="share-group">
              {t('companies.public.invitedBy', { group: groupName })}
            </div>
            {lead && (
              <div className="tl-share-invite-lead" style={{ color: app.brandTextMuted }}>
                {lead}
              </div>
            )}
          </div>
        )}
      </header>
      <main className="tl-share-main">
        {step !== undefined && (
          <div
            className="tl-share-card tl-share-steps"
            style={{ background: token.colorBgContainer, boxShadow: app.shadowCard }}
          >
            <Steps
              size="small"
              current={step}
              status={step === 2 ? 'finish' : 'process'}
              responsive={false}
              titlePlacement="vertical"
              items={[
                { title: t('companies.public.stepInfo') },
                { title: t('companies.public.stepUpload') },
                { title: t('companies.public.stepDone') },
              ]}
            />
          </div>
        )}
        {children}
        <footer className="tl-share-footer">
          <Typography.Text type="secondary">
            <LockOutlined /> {t('companies.public.privacy', { group: groupName ?? t('companies.public.yourAdvisor') })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('companies.public.poweredBy')}</Typography.Text>
        </footer>
      </main>
    </div>
  );
}

/** A white card of the client's pages. */
export function ShareCard({ children, title }: { children: ReactNode; title?: ReactNode }) {
  const { token } = theme.useToken();
  const app = useAppTokens();
  return (
    <section className="tl-share-card" style={{ background: token.colorBgContainer, boxShadow: app.shadowCard }}>
      {title && <h2 className="tl-share-card-title">{title}</h2>}
      {children}
    </section>
  );
}
