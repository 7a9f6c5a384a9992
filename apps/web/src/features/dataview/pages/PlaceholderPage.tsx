import { Result } from 'antd';
import { useCurrentRoute } from '../../../app/useCurrentRoute';
import { t } from '../../../locales';
import { DataViewFrame } from '../components/DataViewFrame';

/** A data-view route whose page has not landed yet: the frame and navigation, and a plain notice. */
export function DataViewPlaceholderPage() {
  const route = useCurrentRoute();
  return (
    <DataViewFrame title={route?.title ?? ''} testId="data-view-placeholder">
      <Result status="info" title={t('dataView.placeholder.title')} subTitle={t('dataView.placeholder.body')} />
    </DataViewFrame>
  );
}
