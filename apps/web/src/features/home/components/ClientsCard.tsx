import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import type { WorkbenchCompany } from '@taxlens/shared';
import { Link } from 'react-router';
import { LightCard } from '../../../components/LightCard';
import { LightEmpty } from '../../../components/LightEmpty';
import { LightTag } from '../../../components/LightTag';
import { t } from '../../../locales';
import { WorkList } from './WorkList';

function Readiness({ label, until }: { label: string; until: string | null }) {
  return (
    <LightTag
      color={until ? 'success' : 'default'}
      icon={until ? <CheckCircleFilled /> : <MinusCircleOutlined />}
      data-ready={until !== null}
    >
      {until ? t('home.clients.until', { label, until }) : t('home.clients.missing', { label })}
    </LightTag>
  );
}

/** The clients most recently worked on, and which of their data is in: invoices, statements, returns. */
export function ClientsCard({ companies, total }: { companies: WorkbenchCompany[]; total: number }) {
  return (
    <LightCard
      title={t('home.clients.title', { total })}
      extra={<Link to="/company/list">{t('home.viewAll')}</Link>}
      data-testid="home-clients"
      className="tl-home-card"
    >
      {companies.length === 0 ? (
        <LightEmpty description={t('home.clients.empty')} />
      ) : (
        <WorkList
          items={companies}
          itemKey={(company) => company.id}
          render={(company) => (
            <div className="tl-home-client" data-testid="home-client">
              <div className="tl-home-client-meta">
                <div className="tl-home-client-title">
                  <Link to={`/company/firm?firmId=${company.id}`}>{company.taxpayerName}</Link>
                </div>
                <div className="tl-home-client-tags">
                  <div>
                    <Readiness label={t('home.clients.invoices')} until={company.invoicesUntil} />
                  </div>
                  <div>
                    <Readiness label={t('home.clients.statements')} until={company.statementsUntil} />
                  </div>
                  <div>
                    <Readiness label={t('home.clients.returns')} until={company.returnsUntil} />
                  </div>
                </div>
              </div>
              <Link to={`/company/firm?firmId=${company.id}&tab=import`}>{t('home.clients.import')}</Link>
            </div>
          )}
        />
      )}
    </LightCard>
  );
}
