import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { t } from '../../../locales';
import type { DateRange } from '../types';

const FORMAT = 'YYYY-MM-DD';

/** A business-date range for list filters (YYYY-MM-DD both ends, either may be open). */
export function DateRangeFilter({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const picked: [Dayjs | null, Dayjs | null] = [
    value.startDate ? dayjs(value.startDate) : null,
    value.endDate ? dayjs(value.endDate) : null,
  ];
  return (
    <DatePicker.RangePicker
      value={picked}
      allowEmpty={[true, true]}
      placeholder={[t('billing.common.startDate'), t('billing.common.endDate')]}
      disabledDate={(day) => day.isAfter(dayjs().endOf('day'))}
      onChange={(dates) =>
        onChange({
          startDate: dates?.[0]?.format(FORMAT) ?? undefined,
          endDate: dates?.[1]?.format(FORMAT) ?? undefined,
        })
      }
    />
  );
}
