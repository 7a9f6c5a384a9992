import type { BannerItem } from '@taxlens/shared';
import { Modal } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../../../locales';
import { isInAppLink } from '../api';

/** The closable image promotion of spec §2: clicking the picture follows the banner's link. */
export function ImageBannerDialog({ banner, onClose }: { banner: BannerItem; onClose: () => void }) {
  const navigate = useNavigate();
  const follow = () => {
    if (!banner.linkUrl) return;
    onClose();
    if (isInAppLink(banner.linkUrl)) navigate(banner.linkUrl);
    else window.open(banner.linkUrl, '_blank', 'noopener,noreferrer');
  };
  const picture = <img src={banner.image} alt={banner.title || t('promotions.imageAlt')} className="tl-promo-image" />;
  return (
    <Modal
      open
      centered
      footer={null}
      width={560}
      onCancel={onClose}
      closable={{ 'aria-label': t('promotions.close') }}
      className="tl-promo-image-modal"
      styles={{ container: { padding: 0, overflow: 'hidden' } }}
    >
      <div data-testid="promo-image-dialog">
        {banner.linkUrl ? (
          <button type="button" className="tl-promo-image-link" onClick={follow} title={banner.title}>
            {picture}
          </button>
        ) : (
          picture
        )}
      </div>
    </Modal>
  );
}
