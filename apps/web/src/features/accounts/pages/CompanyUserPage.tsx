import { Card, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { AuditLogTab } from '../components/AuditLogTab';
import { ChildAccountsTab } from '../components/ChildAccountsTab';
import { PartnerInvitesTab } from '../components/PartnerInvitesTab';
import { TeamsTab } from '../components/TeamsTab';
import '../accounts.css';

type TabKey = 'children' | 'teams' | 'audit' | 'partners';
const TAB_PARAM = 'tab';

/** /company/user (levels 1 and 2): 子账号, 团队 and, for the main account, 操作记录; the tab is in the address. */
export function CompanyUserPage() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const isMain = user.level === 1;
  const tabs: { key: TabKey; label: string }[] = [
    { key: 'children', label: t('accounts.users.tabs.children') },
    { key: 'teams', label: t('accounts.users.tabs.teams') },
    ...(isMain
      ? [
          { key: 'audit' as const, label: t('accounts.users.tabs.audit') },
          { key: 'partners' as const, label: t('accounts.users.tabs.partners') },
        ]
      : []),
  ];
  const panels: Record<TabKey, ReactNode> = {
    children: <ChildAccountsTab user={user} />,
    teams: <TeamsTab user={user} />,
    audit: <AuditLogTab />,
    partners: <PartnerInvitesTab />,
  };
  const requested = params.get(TAB_PARAM);
  const active: TabKey = tabs.some((tab) => tab.key === requested) ? (requested as TabKey) : 'children';

  return (
    <div className="tl-accounts-page">
      <div className="tl-page-head">
        <Typography.Title level={4} className="tl-page-title">
          {t('accounts.routes.companyUser')}
        </Typography.Title>
        <Typography.Text type="secondary">{user.groupName}</Typography.Text>
      </div>
      <Card className="tl-page-card">
        <Tabs
          activeKey={active}
          onChange={(key) => setParams(key === 'children' ? {} : { [TAB_PARAM]: key }, { replace: true })}
          destroyOnHidden
          items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: panels[tab.key] }))}
        />
      </Card>
    </div>
  );
}
