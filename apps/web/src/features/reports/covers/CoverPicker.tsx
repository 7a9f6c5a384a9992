import { CheckCircleFilled } from '@ant-design/icons';
import type { CoverTemplate } from '@taxlens/shared';
import { Tag, Typography } from 'antd';
import { t } from '../../../locales';
import { CoverThumb } from './CoverThumb';
import './covers.css';

interface CoverPickerProps {
  covers: CoverTemplate[];
  value: number | null;
  onChange: (coverId: number) => void;
}

/** The cover templates side by side; the chosen one is outlined (a radio group of pictures). */
export function CoverPicker({ covers, value, onChange }: CoverPickerProps) {
  return (
    <fieldset className="tl-cover-picker" aria-label={t('companyData.covers.title')}>
      {covers.map((cover) => {
        const checked = cover.id === value;
        return (
          <label
            key={cover.id}
            className={`tl-cover-option${checked ? ' tl-cover-option-checked' : ''}`}
            data-testid={`cover-${cover.id}`}
          >
            <input
              type="radio"
              name="report-cover"
              className="tl-cover-option-input"
              checked={checked}
              onChange={() => onChange(cover.id)}
            />
            <CoverThumb cover={cover} />
            <span className="tl-cover-option-name">
              {checked && <CheckCircleFilled className="tl-cover-option-check" />}
              {cover.name}
              {cover.isDefault && <Tag className="tl-cover-option-tag">{t('companyData.covers.default')}</Tag>}
            </span>
            <Typography.Text type="secondary" className="tl-cover-option-desc">
              {cover.description}
            </Typography.Text>
          </label>
        );
      })}
    </fieldset>
  );
}
