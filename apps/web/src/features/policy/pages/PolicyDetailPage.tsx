import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, List, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageFrame, type PageFrameProps } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { Highlight } from '../Highlight';
import { policyLibraryApi } from '../policy-api';
import { STATUS_COLORS } from './PolicyLibraryPage';

/** /policy/detail: a document's metadata, our summary, its articles (full-text library) and related documents. */
export function PolicyDetailPage({
  Frame = PageFrame,
  libraryPath,
  detailPath = '/policy/detail',
}: {
  /** The data view shows the same page in its own dark frame (/data-view/policy/detail). */
  Frame?: (props: PageFrameProps) => ReactNode;
  libraryPath?: string;
  detailPath?: string;
} = {}) {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const keyword = params.get('keyword');
  const detail = useQuery({
    queryKey: ['policy', 'detail', id],
    queryFn: ({ signal }) => policyLibraryApi.detail(id, signal),
    enabled: id > 0,
    retry: false,
  });
  const articles = useQuery({
    queryKey: ['policy', 'articles', id],
    queryFn: ({ signal }) => policyLibraryApi.articles(id, signal),
    enabled: Boolean(detail.data?.fullText),
    retry: false,
  });
  const doc = detail.data;
  const back = libraryPath ?? (doc?.fullText ? '/policy2' : '/policy');
  return (
    <Frame
      title={doc?.title ?? t('policy.routes.detail')}
      back={{ to: back, label: t('policy.routes.policy') }}
      testId="policy-detail"
    >
      {detail.error && (
        <Alert
          type="warning"
          showIcon
          message={isApiError(detail.error) ? detail.error.message : String(detail.error)}
        />
      )}
      {doc && (
        <>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('policy.library.docNo')}>{doc.docNo}</Descriptions.Item>
            <Descriptions.Item label={t('policy.library.status')}>
              <Tag color={STATUS_COLORS[doc.status]}>{doc.status}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('policy.library.issuer')}>{doc.issuer}</Descriptions.Item>
            <Descriptions.Item label={t('policy.library.taxKind')}>{doc.taxKind}</Descriptions.Item>
            <Descriptions.Item label={t('policy.library.issuedOn')}>{doc.issuedOn}</Descriptions.Item>
            <Descriptions.Item label={t('policy.library.effectiveOn')}>{doc.effectiveOn ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title={t('policy.library.summary')} style={{ marginBottom: 16 }}>
            <Typography.Paragraph>
              <Highlight text={doc.summary} keyword={keyword} />
            </Typography.Paragraph>
          </Card>
          {doc.fullText ? (
            <Card
              size="small"
              title={t('policy.library.articles')}
              style={{ marginBottom: 16 }}
              loading={articles.isLoading}
            >
              {(articles.data ?? []).map((article) => (
                <Typography.Paragraph key={article.seq} data-testid="policy-article">
                  <Typography.Text strong>{article.heading}</Typography.Text>{' '}
                  <Highlight text={article.body} keyword={keyword} />
                </Typography.Paragraph>
              ))}
            </Card>
          ) : (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('policy.library.fullTextLocked')} />
          )}
          <Card size="small" title={t('policy.library.related')}>
            <List
              size="small"
              dataSource={doc.related}
              renderItem={(item) => (
                <List.Item>
                  <Link to={`${detailPath}?id=${item.id}`}>{item.title}</Link>
                  <span className="tl-muted">
                    {item.docNo} · {item.issuedOn}
                  </span>
                </List.Item>
              )}
            />
          </Card>
        </>
      )}
    </Frame>
  );
}
