import { useQuery } from '@tanstack/react-query';
import { Descriptions, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { companyDataApi } from '../api';

/** /big-case/detail: the published fields of one case, in the publication's order, and the source. */
export function BigCaseDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery({
    queryKey: ['companyData', 'case', id],
    queryFn: ({ signal }) => companyDataApi.caseDetail(id, signal),
    enabled: id !== '',
  });
  return (
    <PageFrame
      title={detail.data?.name ?? t('companyData.routes.bigCaseDetail')}
      back={{ to: '/big-case', label: t('companyData.routes.bigCase') }}
      testId="big-case-detail"
    >
      {!detail.data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions bordered size="small" column={1}>
            {detail.data.fields.map((field) => (
              <Descriptions.Item key={field.label} label={field.label}>
                {field.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('companyData.sourceLine', { source: detail.data.source, asOf: detail.data.asOf })}
          </Typography.Paragraph>
        </>
      )}
    </PageFrame>
  );
}
