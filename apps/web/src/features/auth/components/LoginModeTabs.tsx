import { theme } from 'antd';
import { ComingSoon } from '../../../components/ComingSoon';
import { t } from '../../../locales';

/**
 * Password / SMS-code switch. A plain tab list rather than antd Tabs, whose overflow menu would
 * add the menu and dropdown code to the sign-in page; code login arrives in a later issue.
 */
export function LoginModeTabs() {
  const { token } = theme.useToken();
  return (
    <div className="tl-login-tabs" role="tablist" style={{ borderBottomColor: token.colorBorderSecondary }}>
      <button
        type="button"
        role="tab"
        aria-selected="true"
        className="tl-login-tab is-active"
        style={{ color: token.colorPrimary, borderBottomColor: token.colorPrimary }}
      >
        {t('auth.tabPassword')}
      </button>
      <ComingSoon>
        <button
          type="button"
          role="tab"
          aria-selected="false"
          aria-disabled="true"
          disabled
          className="tl-login-tab"
          style={{ color: token.colorTextDisabled }}
        >
          {t('auth.tabCode')}
        </button>
      </ComingSoon>
    </div>
  );
}
