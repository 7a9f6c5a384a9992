import { formatDateTime, levelLabel, maskPhone, type SessionUser } from '@taxlens/shared';
import { useAppTokens } from '../../../app/useAppTokens';
import { type MessageKey, t } from '../../../locales';

function greetingKey(hour: number): MessageKey {
  if (hour < 9) return 'home.greeting.morning';
  if (hour < 11) return 'home.greeting.forenoon';
  if (hour < 13) return 'home.greeting.noon';
  if (hour < 18) return 'home.greeting.afternoon';
  return 'home.greeting.evening';
}

/** Greets the signed-in user with the figures the session already has. */
export function GreetingCard({ user }: { user: SessionUser }) {
  const tokens = useAppTokens();
  const name = user.nickName?.trim() || maskPhone(user.phone);
  const loginTime = formatDateTime(new Date(user.loginTimeStamp).toISOString());
  return (
    <section
      className="tl-home-hero"
      style={{ background: tokens.heroGradient, color: tokens.brandText }}
      data-testid="home-greeting"
    >
      <div>
        <h2 className="tl-home-hero-title">
          {t(greetingKey(new Date().getHours()))}，{name}
        </h2>
        <div className="tl-home-hero-meta" style={{ color: tokens.brandTextMuted }}>
          <span>{user.groupName ?? t('layout.header.noSubject')}</span>
          <span className="tl-home-hero-dot" />
          <span>{user.levelString || levelLabel(user.level)}</span>
          <span className="tl-home-hero-dot" />
          <span>{maskPhone(user.phone)}</span>
        </div>
      </div>
      <div className="tl-home-hero-side" style={{ color: tokens.brandTextMuted }}>
        <span>{t('home.lastLogin')}</span>
        <strong style={{ color: tokens.brandText }}>{loginTime}</strong>
      </div>
    </section>
  );
}
