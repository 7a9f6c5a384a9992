import { CheckOutlined } from '@ant-design/icons';
import { BRAND_COLORS, HEADER_THEME_KEYS, HEADER_THEMES, type HeaderTheme, type SessionUser } from '@taxlens/shared';
import { Tooltip } from 'antd';
import { queryClient } from '../../app/query-client';
import { authKeys } from '../../features/auth/queries';
import { http } from '../../lib/http';

/** Swatches of the header colours (spec §2); the choice is saved for this user on the server. */
export function HeaderThemePicker({ user }: { user: SessionUser }) {
  const choose = async (headerTheme: HeaderTheme) => {
    const previous = user.headerTheme;
    // Shown at once; put back if the server refuses.
    queryClient.setQueryData<SessionUser>(authKeys.me(), (current) => current && { ...current, headerTheme });
    try {
      await http.post('/userInfo/updateHeaderTheme', { headerTheme });
    } catch {
      queryClient.setQueryData<SessionUser>(
        authKeys.me(),
        (current) => current && { ...current, headerTheme: previous },
      );
    }
  };
  return (
    <div className="tl-header-themes" data-testid="header-themes">
      {HEADER_THEME_KEYS.map((key) => {
        const selected = user.headerTheme === key;
        return (
          <Tooltip key={key} title={HEADER_THEMES[key].label}>
            <button
              type="button"
              aria-pressed={selected}
              aria-label={HEADER_THEMES[key].label}
              className="tl-header-theme"
              style={{ background: HEADER_THEMES[key].color ?? BRAND_COLORS.navy }}
              onClick={() => void choose(key)}
              data-testid={`header-theme-${key}`}
            >
              {selected && <CheckOutlined />}
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
