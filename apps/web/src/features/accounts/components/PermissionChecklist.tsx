import { PERMISSION_MENU_GROUPS, PERMISSION_PRESETS, type PermissionKey, presetOf } from '@taxlens/shared';
import { Checkbox, Radio, Tooltip, Typography } from 'antd';
import { t } from '../../../locales';
import type { PermissionItem } from '../api';

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
  items: readonly (PermissionItem & { opens: string })[];
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
              <span className="tl-permission-name">{item.label}</span>
              <span className="tl-permission-opens">{item.opens}</span>
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

/** 预设: 员工 / 主管 / 财务 fill the checklist; the main account then adjusts single keys. */
export function PresetPicker({
  value = [],
  onChange,
  lacking,
  disabled,
}: Pick<PermissionChecklistProps, 'value' | 'onChange' | 'lacking' | 'disabled'>) {
  const current = presetOf(value);
  return (
    <div className="tl-permission-presets" data-testid="permission-presets">
      <Typography.Text type="secondary">{t('accounts.permissions.presets')}</Typography.Text>
      <Radio.Group
        optionType="button"
        size="small"
        value={current ?? undefined}
        disabled={disabled}
        onChange={(event) => {
          const preset = PERMISSION_PRESETS.find((item) => item.key === event.target.value);
          if (preset) onChange?.(preset.allowed.filter((key) => !lacking.has(key)));
        }}
        options={PERMISSION_PRESETS.map((preset) => ({ value: preset.key, label: preset.label }))}
      />
      {current === null && (
        <Typography.Text type="secondary" className="tl-small">
          {t('accounts.permissions.custom')}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * Every permission key under the menu it opens, named as that menu entry is, with one line on
 * what it opens; checked = allowed. A form control: value/onChange carry the allowed keys.
 */
export function PermissionChecklist({ catalogue, value = [], onChange, lacking, disabled }: PermissionChecklistProps) {
  const allowed = new Set(value);
  const known = new Map(catalogue.map((item) => [item.permission, item]));
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
      <PresetPicker value={value} onChange={onChange} lacking={lacking} disabled={disabled} />
      {PERMISSION_MENU_GROUPS.map((group) => {
        const items = group.items.flatMap((item) => {
          const entry = known.get(item.permission);
          return entry ? [{ ...entry, opens: item.opens }] : [];
        });
        return items.length > 0 ? <Group key={group.key} title={group.title} items={items} {...shared} /> : null;
      })}
    </div>
  );
}
