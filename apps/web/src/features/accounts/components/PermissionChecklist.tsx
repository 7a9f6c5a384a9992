import type { PermissionKey } from '@taxlens/shared';
import { Checkbox, Tooltip, Typography } from 'antd';
import { t } from '../../../locales';
import type { PermissionItem } from '../api';
import { splitCatalogue } from '../permission-mapping';

interface PermissionChecklistProps {
  catalogue: readonly PermissionItem[];
  /** Allowed keys (checked). */
  value?: PermissionKey[];
  onChange?: (next: PermissionKey[]) => void;
  /** Keys the editing user lacks: shown unchecked and disabled. */
  lacking: ReadonlySet<PermissionKey>;
  disabled?: boolean;
}

function Group({
  title,
  items,
  allowed,
  lacking,
  disabled,
  onToggle,
  onToggleAll,
}: {
  title: string;
  items: readonly PermissionItem[];
  allowed: ReadonlySet<PermissionKey>;
  lacking: ReadonlySet<PermissionKey>;
  disabled?: boolean;
  onToggle: (key: PermissionKey, checked: boolean) => void;
  onToggleAll: (keys: PermissionKey[], checked: boolean) => void;
}) {
  const grantable = items.map((item) => item.permission).filter((key) => !lacking.has(key));
  const checkedCount = grantable.filter((key) => allowed.has(key)).length;
  return (
    <div className="tl-permission-section">
      <div className="tl-permission-section-head">
        <Typography.Text strong>{title}</Typography.Text>
        <Checkbox
          checked={grantable.length > 0 && checkedCount === grantable.length}
          indeterminate={checkedCount > 0 && checkedCount < grantable.length}
          disabled={disabled || grantable.length === 0}
          onChange={(event) => onToggleAll(grantable, event.target.checked)}
        >
          {t('accounts.permissions.selectAll')}
        </Checkbox>
      </div>
      <div className="tl-permission-grid">
        {items.map((item) => {
          const lacks = lacking.has(item.permission);
          const box = (
            <Checkbox
              key={item.permission}
              checked={!lacks && allowed.has(item.permission)}
              disabled={disabled || lacks}
              onChange={(event) => onToggle(item.permission, event.target.checked)}
              data-permission={item.permission}
            >
              {item.label}
            </Checkbox>
          );
          // A disabled checkbox swallows pointer events, so the tooltip sits on a wrapper.
          return lacks ? (
            <Tooltip key={item.permission} title={t('accounts.permissions.lacking')}>
              <span className="tl-permission-lacking">{box}</span>
            </Tooltip>
          ) : (
            box
          );
        })}
      </div>
    </div>
  );
}

/**
 * Every permission key, grouped as 页面权限 (type 0) and 功能权限 (type 1), checked = allowed.
 * A form control: value/onChange carry the allowed keys in catalogue order.
 */
export function PermissionChecklist({ catalogue, value = [], onChange, lacking, disabled }: PermissionChecklistProps) {
  const allowed = new Set(value);
  const { pages, actions } = splitCatalogue(catalogue);
  const emit = (next: Set<PermissionKey>) =>
    onChange?.(catalogue.map((item) => item.permission).filter((key) => next.has(key) && !lacking.has(key)));
  const toggle = (key: PermissionKey, checked: boolean) => {
    const next = new Set(allowed);
    if (checked) next.add(key);
    else next.delete(key);
    emit(next);
  };
  const toggleAll = (keys: PermissionKey[], checked: boolean) => {
    const next = new Set(allowed);
    for (const key of keys) {
      if (checked) next.add(key);
      else next.delete(key);
    }
    emit(next);
  };
  const shared = { allowed, lacking, disabled, onToggle: toggle, onToggleAll: toggleAll };
  return (
    <div className="tl-permission-checklist" data-testid="permission-checklist">
      <Group title={t('accounts.permissions.pageGroup')} items={pages} {...shared} />
      <Group title={t('accounts.permissions.actionGroup')} items={actions} {...shared} />
    </div>
  );
}
