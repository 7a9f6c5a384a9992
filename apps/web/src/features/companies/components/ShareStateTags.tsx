import type { ShareLink } from '@taxlens/shared';
import { Tag } from 'antd';
import { t } from '../../../locales';

const STATE_COLORS: Record<ShareLink['state'], string> = {
  pending: 'default',
  bound: 'processing',
  uploaded: 'success',
};

/** 待填写 / 已填写信息 / 已上传数据, plus 已撤销 or 已过期 when the link can no longer be used. */
export function ShareStateTags({ link }: { link: Pick<ShareLink, 'state' | 'revoked' | 'expired'> }) {
  return (
    <span data-testid="share-state" data-state={link.state}>
      <Tag color={STATE_COLORS[link.state]}>{t(`companies.share.states.${link.state}`)}</Tag>
      {link.revoked ? (
        <Tag>{t('companies.share.states.revoked')}</Tag>
      ) : link.expired ? (
        <Tag color="warning">{t('companies.share.states.expired')}</Tag>
      ) : null}
    </span>
  );
}
