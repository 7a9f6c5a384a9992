import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useLayoutState } from '../../../app/layout-state';
import { createStore, useStore } from '../../../lib/store';
import { useSessionUser } from '../../auth/queries';
import { PAY_PATH, shouldCheckPayDialog, shouldShowPayDialog } from '../lib/pay-dialog';
import { userDetailsQuery } from '../queries';

// The dialog's view (antd Card, Alert, Skeleton and the billing messages) loads when it opens (issue 21).
const PayDialogCard = lazy(() => import('./PayDialogCard').then((module) => ({ default: module.PayDialogCard })));

/** The login (by its loginTimeStamp) whose check is done, so a reload does not show the dialog again. */
const CHECKED_KEY = 'taxlens.billing.payDialogCheckedFor';
/** The login whose check for the server's notCheckPayDialogFlag is done. */
const FLAG_CHECKED_KEY = 'taxlens.billing.payDialogFlagCheckedFor';

/** notCheckPayDialogFlag (spec §3/§4): set by other parts of the app to ask for the check again. */
const payDialogFlag = createStore(false);

export function requestPayDialogCheck(): void {
  payDialogFlag.set(true);
}

function checkedFor(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function markChecked(key: string, loginTimeStamp: number): void {
  try {
    sessionStorage.setItem(key, String(loginTimeStamp));
  } catch {
    // Without storage the dialog may show once more after a reload; harmless.
  }
}

/**
 * The pay dialog of spec §4, mounted once in the main layout. It is a non-blocking card (the
 * page stays usable behind it), closes when the user moves to another page, and links to /pay.
 */
export function PayDialog() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const { chatOpen } = useLayoutState();
  const flagSet = useStore(payDialogFlag);
  const [mountedAt] = useState(() => Date.now());
  const [openOn, setOpenOn] = useState<{ path: string; at: number } | null>(null);

  const loginTimeStamp = user?.loginTimeStamp ?? 0;
  // The details the app already holds (loaded after sign-in, refreshed after a report request).
  const cached = useQuery({ ...userDetailsQuery(true), enabled: false });
  const serverFlag = cached.data?.notCheckPayDialogFlag === 1;
  const serverFlagChecked = checkedFor(FLAG_CHECKED_KEY) === String(loginTimeStamp);
  const shownForThisLogin = checkedFor(CHECKED_KEY) === String(loginTimeStamp);
  const checks = useMemo(
    () => ({
      loginTimeStamp,
      now: mountedAt,
      flagSet,
      serverFlag,
      serverFlagCheckedForThisLogin: serverFlagChecked,
      shownForThisLogin,
    }),
    [loginTimeStamp, mountedAt, flagSet, serverFlag, serverFlagChecked, shownForThisLogin],
  );
  // A user without an account subject cannot buy yet: binding it comes first.
  const check = !!user && user.isGroup === 1 && pathname !== PAY_PATH && shouldCheckPayDialog(checks);
  const details = useQuery({ ...userDetailsQuery(true), enabled: check && openOn === null });

  useEffect(() => {
    if (!check || openOn !== null || !details.data) return;
    const show = shouldShowPayDialog({
      ...checks,
      balance: details.data.balance,
      credits: details.data.numberList,
      shownForThisLogin: false,
    });
    markChecked(CHECKED_KEY, loginTimeStamp);
    if (checks.serverFlag) markChecked(FLAG_CHECKED_KEY, loginTimeStamp);
    payDialogFlag.set(false);
    if (show) setOpenOn({ path: pathname, at: Date.now() });
  }, [check, openOn, details.data, checks, loginTimeStamp, pathname]);

  // Leaving the page where it appeared closes it.
  useEffect(() => {
    if (openOn && pathname !== openOn.path) setOpenOn(null);
  }, [pathname, openOn]);

  if (!user || !openOn || chatOpen) return null;
  return (
    <Suspense fallback={null}>
      <PayDialogCard user={user} openedAt={openOn.at} onClose={() => setOpenOn(null)} />
    </Suspense>
  );
}
