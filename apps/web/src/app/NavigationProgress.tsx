import { theme } from 'antd';
import { useNavigation } from 'react-router';

/** A thin bar on top while a route's code or guard is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { token } = theme.useToken();
  if (navigation.state === 'idle') return null;
  return <div className="tl-progress" role="progressbar" style={{ background: token.colorPrimary }} />;
}
