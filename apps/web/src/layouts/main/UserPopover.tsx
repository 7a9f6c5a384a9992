import { DownOutlined } from '@ant-design/icons';
import { maskPhone, type SessionUser } from '@taxlens/shared';
import { theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { LazyPopover } from '../../components/LazyPopup';
import { logout } from '../../features/auth/logout';
import { useAppApi } from '../../lib/app-api';
import { t } from '../../locales';
import './user-popover.css';

// The popover's content loads when the pointer or the focus reaches the trigger (issue 21).
const loadUserCard = () => import('./UserCard');
const UserCard = lazy(() => loadUserCard().then((module) => ({ default: module.UserCard })));

// Loaded on first use: the sign-in code of the dialog is not needed to show the header.
const ChangePhoneDialog = lazy(() =>
  import('../../features/accounts/components/ChangePhoneDialog').then((module) => ({
    default: module.ChangePhoneDialog,
  })),
);
const ChangePasswordDialog = lazy(() =>
  import('../../features/accounts/components/ChangePasswordDialog').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);

/** The user popover of spec §2: masked phone, group, level, balance, top-up and logout. */
export function UserPopover({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate out; its form resets on close.
  const [passwordMounted, setPasswordMounted] = useState(false);
  const { modal } = useAppApi();
  const { token } = theme.useToken();
  // As UserCard's displayNameOf (not imported from there: that would load the card with the header).
  const name = user.nickName?.trim() || maskPhone(user.phone);
  const close = () => setOpen(false);
  const openPassword = () => {
    close();
    setPasswordMounted(true);
    setPasswordOpen(true);
  };
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [phoneMounted, setPhoneMounted] = useState(false);
  const openPhone = () => {
    close();
    setPhoneMounted(true);
    setPhoneOpen(true);
  };

  const confirmLogout = () => {
    close();
    modal.confirm({
      title: t('layout.user.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => logout(),
    });
  };

  const content = (
    // Until the card's code is in (it is usually fetched on hover), an empty box of the card's width.
    <Suspense fallback={<div className="tl-user-card" data-testid="user-popover-loading" />}>
      <UserCard
        user={user}
        close={close}
        openPassword={openPassword}
        openPhone={openPhone}
        confirmLogout={confirmLogout}
      />
    </Suspense>
  );

  return (
    <>
      <LazyPopover
        content={content}
        trigger="click"
        placement="bottomRight"
        arrow={false}
        open={open}
        onOpenChange={setOpen}
      >
        <button
          type="button"
          className="tl-user-trigger"
          data-testid="user-trigger"
          onPointerEnter={() => void loadUserCard()}
          onFocus={() => void loadUserCard()}
        >
          {/* antd Avatar's look (size 28, one letter); Avatar itself brings Avatar.Group's Popover. */}
          <span className="tl-avatar" style={{ background: token.colorPrimary }}>
            <span className="tl-avatar-string">{Array.from(name)[0]}</span>
          </span>
          <span className="tl-user-trigger-name">{name}</span>
          <DownOutlined className="tl-user-trigger-caret" />
        </button>
      </LazyPopover>
      {passwordMounted && (
        <Suspense fallback={null}>
          <ChangePasswordDialog user={user} open={passwordOpen} onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
      {phoneMounted && (
        <Suspense fallback={null}>
          <ChangePhoneDialog currentPhone={user.phone} open={phoneOpen} onClose={() => setPhoneOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
