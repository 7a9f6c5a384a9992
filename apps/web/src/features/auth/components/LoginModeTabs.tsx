import { theme } from 'antd';
import { t } from '../../../locales';

export type SignInMethod = 'password' | 'code';

const TABS: readonly { key: SignInMethod; label: () => string }[] = [
  { key: 'password', label: () => t('auth.tabPassword') },
  { key: 'code', label: () => t('auth.tabCode') },
];

/**
 * Password / SMS-code switch. A plain tab list rather than antd Tabs, whose overflow menu would
 * add the menu and dropdown code to the sign-in page.
 */
export function LoginModeTabs({ value, onChange }: { value: SignInMethod; onChange: (next: SignInMethod) => void }) {
  const { token } = theme.useToken();
  return (
    <div className="tl-login-tabs" role="tablist" style={{ borderBottomColor: token.colorBorderSecondary }}>
      {TABS.map((tab) => {
        const active = tab.key === value;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={active}
            className={active ? 'tl-login-tab is-active' : 'tl-login-tab'}
            style={active ? { color: token.colorPrimary, borderBottomColor: token.colorPrimary } : undefined}
            onClick={() => onChange(tab.key)}
          >
            {tab.label()}
          </button>
        );
      })}
    </div>
  );
}
