import { useNavigate } from 'react-router';
import type { MenuGroupKey } from '../../app/routes';
import { LazyTooltip } from '../../components/LazyPopup';
import { t } from '../../locales';
import type { MenuGroupView } from './menu-model';

interface IconRailProps {
  menu: readonly MenuGroupView[];
  activeKey: MenuGroupKey | undefined;
}

/** The left icon menu of spec §2: one item per group; groups without pages yet are disabled. */
export function IconRail({ menu, activeKey }: IconRailProps) {
  const navigate = useNavigate();
  return (
    <nav className="tl-rail" aria-label="主菜单" data-testid="icon-menu">
      {menu.map((group) => {
        const Icon = group.icon;
        const content = (
          <>
            <span className="tl-rail-icon">
              <Icon />
            </span>
            <span className="tl-rail-label">{group.label}</span>
          </>
        );
        if (group.status === 'coming-soon') {
          return (
            <LazyTooltip key={group.key} title={t('common.comingSoon')} placement="right">
              <span className="tl-rail-item is-disabled" aria-disabled="true" data-menu-group={group.key}>
                {content}
              </span>
            </LazyTooltip>
          );
        }
        const first = group.entries[0];
        return (
          <button
            key={group.key}
            type="button"
            className={`tl-rail-item${group.key === activeKey ? ' is-active' : ''}`}
            aria-current={group.key === activeKey ? 'page' : undefined}
            data-menu-group={group.key}
            onClick={() => first && navigate(first.path)}
          >
            {content}
          </button>
        );
      })}
    </nav>
  );
}
