import type { BannerItem, SessionUser } from '@taxlens/shared';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { promotionsApi } from '../api';
import { discountDialogShown, nextImageBanner } from '../lib/timing';
import type { DiscountItem } from './DiscountDialog';
import './promotions.css';

// The dialogs (antd Modal, Typography, the promotions messages) load when one has something to
// show: most visits to /home show none (issue 21).
const DiscountDialog = lazy(() => import('./DiscountDialog').then((module) => ({ default: module.DiscountDialog })));
const RetentionDialog = lazy(() => import('./DiscountDialog').then((module) => ({ default: module.RetentionDialog })));
const ImageBannerDialog = lazy(() =>
  import('./ImageBannerDialog').then((module) => ({ default: module.ImageBannerDialog })),
);

type Stage =
  | { kind: 'loading' }
  | { kind: 'image'; banner: BannerItem }
  | { kind: 'discount'; discount: DiscountItem }
  | { kind: 'retention'; discount: DiscountItem }
  | { kind: 'done' };

const PAY_PATH = '/pay';
// Spec §8: a failed banner request is ignored silently — the page simply shows no promotion.
const quietly = <T,>(promise: Promise<T>) => promise.catch(() => undefined);

/**
 * The home page's promotion dialogs (spec §2/§4), one after another: the image promotion (unless
 * closed within 24 h), then for a main account the limited-time discount and, when that is closed,
 * the retention dialog.
 */
export function HomePromotions({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [discount, setDiscount] = useState<DiscountItem | undefined>();

  useEffect(() => {
    let live = true;
    // Spec §6: only level 1 makes the discount banner request.
    const discountRequest = user.level === 1 ? quietly(promotionsApi.discount()) : Promise.resolve(undefined);
    void Promise.all([quietly(promotionsApi.popups()), discountRequest]).then(([popups, banner]) => {
      if (!live) return;
      const offered = discountDialogShown(user, banner) ? banner?.list[0] : undefined;
      setDiscount(offered);
      const image = nextImageBanner(popups ?? [], Date.now());
      if (image) setStage({ kind: 'image', banner: image });
      else setStage(offered ? { kind: 'discount', discount: offered } : { kind: 'done' });
    });
    return () => {
      live = false;
    };
  }, [user]);

  const afterImage = useCallback(() => {
    setStage(discount ? { kind: 'discount', discount } : { kind: 'done' });
  }, [discount]);
  const closeImage = (banner: BannerItem) => {
    void quietly(promotionsApi.closePopup(banner.id));
    afterImage();
  };
  const learnMore = (item: DiscountItem) => {
    setStage({ kind: 'done' });
    navigate(`${PAY_PATH}?packageId=${item.packageId}`);
  };
  const expire = useCallback(() => setStage({ kind: 'done' }), []);

  const dialog = () => {
    switch (stage.kind) {
      case 'image':
        return <ImageBannerDialog banner={stage.banner} onClose={() => closeImage(stage.banner)} />;
      case 'discount':
        return (
          <DiscountDialog
            discount={stage.discount}
            onClose={() => setStage({ kind: 'retention', discount: stage.discount })}
            onExpire={expire}
            onLearnMore={() => learnMore(stage.discount)}
          />
        );
      case 'retention':
        return (
          <RetentionDialog
            discount={stage.discount}
            onGiveUp={() => {
              void quietly(promotionsApi.giveUpDiscount(stage.discount.id));
              setStage({ kind: 'done' });
            }}
            onLearnMore={() => learnMore(stage.discount)}
          />
        );
      default:
        return null;
    }
  };
  return <Suspense fallback={null}>{dialog()}</Suspense>;
}
