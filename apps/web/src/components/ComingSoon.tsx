import type { TooltipProps } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../locales';
import { LazyTooltip } from './LazyPopup';

/** Marks an entry whose page does not exist yet: shown disabled with the tooltip 即将上线. */
interface ComingSoonProps {
  children: ReactNode;
  placement?: TooltipProps['placement'];
  /** Fill the row (menu-like entries) instead of wrapping the content tightly. */
  block?: boolean;
}

export function ComingSoon({ children, placement, block }: ComingSoonProps) {
  return (
    <LazyTooltip title={t('common.comingSoon')} placement={placement}>
      <span className={block ? 'tl-coming-soon is-block' : 'tl-coming-soon'} aria-disabled="true">
        {children}
      </span>
    </LazyTooltip>
  );
}
