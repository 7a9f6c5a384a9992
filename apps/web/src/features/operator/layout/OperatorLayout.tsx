import { MenuOutlined } from '@ant-design/icons';
import { OPERATOR_ROLE_LABELS, type OperatorMe, operatorRoleAllows } from '@taxlens/shared';
import { Button, Drawer, Grid, Layout, Menu, type MenuProps, Result, Space, Tag, Typography } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { Outlet, useLoaderData, useLocation, useNavigate } from 'react-router';
import { queryClient } from '../../../app/query-client';
import { clearSession } from '../../../lib/session';
import { t } from '../../../locales';
import { authApi } from '../../auth/api';
import { CONSOLE_SECTIONS, OPERATOR_LOGIN_PATH, pageAt, pagesFor } from '../console-pages';
import './operator-layout.css';

// The page table's titles are keys; their messages load with this layout.
// lazy-messages: include ../console-pages.ts

function menuItems(me: OperatorMe): MenuProps['items'] {
  const pages = pagesFor(me.roles);
  return CONSOLE_SECTIONS.flatMap((section) => {
    const inSection = pages.filter((page) => page.section === section.key);
    if (inSection.length === 0) return [];
    return [
      {
        key: section.key,
        label: t(section.labelKey),
        icon: createElement(section.icon),
        children: inSection.map((page) => ({ key: page.path, label: t(page.titleKey) })),
      },
    ];
  });
}

/** The console's frame: a side menu of the pages the operator's roles allow, a header with who is signed in. */
export function OperatorLayout() {
  const me = useLoaderData() as OperatorMe;
  const location = useLocation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const items = useMemo(() => menuItems(me), [me]);
  const page = pageAt(location.pathname);
  const allowed = !page || operatorRoleAllows(me.roles, page.roles);

  useEffect(() => {
    document.title = page ? `${t(page.titleKey)} - ${t('operator.appName')}` : t('operator.appName');
  }, [page]);

  const signOut = async () => {
    await authApi.logout().catch(() => undefined);
    clearSession();
    queryClient.clear();
    window.location.assign(OPERATOR_LOGIN_PATH);
  };

  const menu = (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={page ? [page.path] : []}
      defaultOpenKeys={CONSOLE_SECTIONS.map((section) => section.key)}
      onClick={({ key }) => {
        setDrawerOpen(false);
        navigate(key);
      }}
    />
  );

  return (
    <Layout className="op-layout">
      {!narrow && (
        <Layout.Sider width={208} theme="light" className="op-sider">
          <div className="op-brand">{t('operator.appName')}</div>
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="op-header">
          <Space>
            {narrow && (
              <Button
                icon={<MenuOutlined />}
                aria-label={t('operator.layout.menu')}
                onClick={() => setDrawerOpen(true)}
              />
            )}
            {narrow && <span className="op-brand-inline">{t('operator.appName')}</span>}
          </Space>
          <Space size={4} wrap={false} className="op-user">
            <Typography.Text className="op-user-name">{me.name}</Typography.Text>
            {!narrow && me.roles.map((role) => <Tag key={role}>{OPERATOR_ROLE_LABELS[role]}</Tag>)}
            <Button type="link" onClick={() => void signOut()}>
              {t('operator.layout.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="op-content">
          {items?.length === 0 && <Result status="info" title={t('operator.layout.noPages')} />}
          {allowed ? <Outlet /> : <Result status="403" title="403" subTitle={t('operator.forbidden')} />}
        </Layout.Content>
      </Layout>
      <Drawer
        open={narrow && drawerOpen}
        placement="left"
        width={240}
        title={t('operator.appName')}
        onClose={() => setDrawerOpen(false)}
        styles={{ body: { padding: 0 } }}
      >
        {menu}
      </Drawer>
    </Layout>
  );
}
