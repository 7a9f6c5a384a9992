import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import {
  ACTION_PERMISSIONS,
  hasPermission,
  PERMISSION_LABELS,
  type PermissionKey,
  ROUTE_PERMISSIONS,
  type SessionUser,
} from '@taxlens/shared';
import { Flex } from 'antd';
import { LightCard } from '../../../components/LightCard';
import { LightTag } from '../../../components/LightTag';
import { PlainText } from '../../../components/PlainText';
import { t } from '../../../locales';

function PermissionGroup({ title, keys, user }: { title: string; keys: readonly PermissionKey[]; user: SessionUser }) {
  return (
    <div className="tl-permission-group">
      <PlainText type="secondary" className="tl-permission-group-title">
        {title}
      </PlainText>
      <Flex wrap gap={8}>
        {keys.map((key) => {
          const granted = hasPermission(user, key);
          return (
            <LightTag
              key={key}
              color={granted ? 'processing' : 'default'}
              icon={granted ? <CheckCircleFilled /> : <MinusCircleOutlined />}
              title={granted ? t('home.permissionGranted') : t('home.permissionDenied')}
              className="tl-permission-tag"
              data-granted={granted}
            >
              {PERMISSION_LABELS[key]}
            </LightTag>
          );
        })}
      </Flex>
    </div>
  );
}

/** Every permission of the account and whether it is granted (level 1 has all of them). */
export function PermissionOverview({ user }: { user: SessionUser }) {
  return (
    <LightCard title={t('home.permissionCardTitle')} data-testid="permission-overview">
      <PermissionGroup title={t('home.permissionRouteGroup')} keys={ROUTE_PERMISSIONS} user={user} />
      <PermissionGroup title={t('home.permissionActionGroup')} keys={ACTION_PERMISSIONS} user={user} />
    </LightCard>
  );
}
