import { Drawer, Spin } from 'antd';
import { t } from '../../../locales';
import { useCheckDetail } from '../queries';
import { CheckResults } from './CheckResults';

/** infoById in a drawer: full width on a phone. */
export function DetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useCheckDetail(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('verification.detail.title')}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      {detail.data ? <CheckResults detail={detail.data} /> : <Spin />}
    </Drawer>
  );
}
