import { useQuery } from '@tanstack/react-query';
import { hasPermission } from '@taxlens/shared';
import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { ChanjetCard } from '../components/ChanjetCard';
import { ClientUploadBanner } from '../components/ClientUploadBanner';
import { CollectionCard } from '../components/CollectionCard';
import { CompanyFormModal } from '../components/CompanyFormModal';
import { CompanyInfoCard } from '../components/CompanyInfoCard';
import { DataTimelineCard } from '../components/DataTimelineCard';
import { FiguresPanel } from '../components/FiguresPanel';
import { ImportHistoryTable } from '../components/ImportHistoryTable';
import { ImportPanel } from '../components/ImportPanel';
import { InvoiceLookupCard } from '../components/InvoiceLookupCard';
import { OverviewPanel } from '../components/OverviewPanel';
import { ShareLinkTable } from '../components/ShareLinkTable';
import { companyDetailOptions, useCompanyRealtime } from '../queries';
import '../companies.css';

const TABS = ['overview', 'import', 'figures'] as const;
type TabKey = (typeof TABS)[number];
const LIST_PATH = '/company/list';

/** /company/firm?firmId= 企业详情: the company, its data overview, imports and figures. */
export function CompanyFirmPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const firmId = Number(params.get('firmId'));
  const validId = Number.isInteger(firmId) && firmId > 0;
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey = requested && TABS.includes(requested) ? requested : 'overview';
  const [editing, setEditing] = useState(false);
  const company = useQuery({ ...companyDetailOptions(validId ? firmId : 0), enabled: validId });
  useCompanyRealtime();

  const setTab = (next: string) =>
    setParams(
      (previous) => {
        const copy = new URLSearchParams(previous);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  const back = { to: LIST_PATH, label: t('companies.firm.back') };

  if (!validId || company.isError) {
    const notFound = !validId || (isApiError(company.error) && company.error.status === 404);
    return (
      <PageFrame title={t('companies.routes.firm')} back={back}>
        <Card>
          <Result
            status={notFound ? '404' : 'error'}
            title={notFound ? t('companies.firm.notFound') : t('companies.overview.loadFailed')}
            subTitle={
              !validId
                ? t('companies.firm.missingId')
                : isApiError(company.error) && !notFound
                  ? company.error.msg
                  : undefined
            }
            extra={
              <Button type="primary" onClick={() => navigate(LIST_PATH)}>
                {t('companies.firm.back')}
              </Button>
            }
          />
        </Card>
      </PageFrame>
    );
  }
  if (!company.data || !user) {
    return (
      <PageFrame title={t('companies.routes.firm')} back={back}>
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      </PageFrame>
    );
  }

  const canInvite = hasPermission(user, ['firmManage', 'invite']);
  return (
    <PageFrame title={t('companies.routes.firm')} back={back} testId="company-firm-page">
      <CompanyInfoCard company={company.data} canInvite={canInvite} onEdit={() => setEditing(true)} />
      {canInvite && <ClientUploadBanner firmId={company.data.firmId} />}
      <Tabs
        className="tl-co-tabs"
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          {
            key: 'overview',
            label: t('companies.firm.tabs.overview'),
            children: (
              <div className="tl-co-page-section">
                <OverviewPanel firmId={firmId} onImport={() => setTab('import')} />
                <DataTimelineCard firmId={firmId} />
                <InvoiceLookupCard firmId={firmId} />
              </div>
            ),
          },
          {
            key: 'import',
            label: t('companies.firm.tabs.import'),
            children: (
              <div className="tl-co-page-section">
                <ImportPanel firmId={firmId} />
                <CollectionCard
                  firmId={firmId}
                  onShareLink={canInvite ? () => navigate(`/company/bindUser?firmId=${firmId}`) : undefined}
                />
                <ChanjetCard firmId={firmId} />
                <ImportHistoryTable firmId={firmId} canManage={hasPermission(user, 'firmManage')} />
                {canInvite && (
                  <Card
                    title={t('companies.share.firmLinksTitle')}
                    styles={{ body: { padding: 0 } }}
                    extra={
                      <Button type="link" onClick={() => navigate(`/company/bindUser?firmId=${firmId}`)}>
                        {t('companies.share.firmLinksCreate')}
                      </Button>
                    }
                    data-testid="firm-share-links"
                  >
                    <ShareLinkTable firmId={firmId} compact />
                  </Card>
                )}
              </div>
            ),
          },
          {
            key: 'figures',
            label: t('companies.firm.tabs.figures'),
            children: <FiguresPanel firmId={firmId} canEdit />,
          },
        ]}
      />
      <CompanyFormModal
        open={editing}
        company={company.data}
        user={user}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
    </PageFrame>
  );
}
