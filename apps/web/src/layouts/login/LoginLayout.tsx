import { Outlet } from 'react-router';
import { useAppTokens } from '../../app/useAppTokens';

/** Layout of rank 999 (sign-in pages): a full screen without header or menus. */
export function LoginLayout() {
  const tokens = useAppTokens();
  return (
    <div className="tl-fill" style={{ background: tokens.contentBg }}>
      <Outlet />
    </div>
  );
}
