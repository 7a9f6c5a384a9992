import { Outlet } from 'react-router';
import { useAppTokens } from '../../app/useAppTokens';

/** Layout of rank 1000 (share pages, 404): no header, no aside, no chat. */
export function BlankLayout() {
  const tokens = useAppTokens();
  return (
    <div className="tl-fill" style={{ background: tokens.contentBg }}>
      <Outlet />
    </div>
  );
}
