import { LIMITS } from '@taxlens/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { captureFeedback, makeUser } from '../../test-support/fixtures';
import { billingKeys } from '../billing/queries';
import { reportKeys } from '../reports/queries';
import { authKeys } from './queries';
import { signedIn } from './session-user';

const details = { ...makeUser(), invoicePrice: 29900, firmList: [], watermark: null };

beforeEach(() => {
  captureFeedback();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('after sign-in', () => {
  it('loads the user details 0.2 s later, into the one key billing and reports both read', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, msg: '', data: details }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    signedIn(makeUser());
    await vi.advanceTimersByTimeAsync(LIMITS.detailsLoadDelayMs - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toContain('/userInfo/findUserDetails');
    await vi.waitFor(() => expect(queryClient.getQueryData(authKeys.userDetails())).toEqual(details));
    expect(billingKeys.userDetails()).toEqual(authKeys.userDetails());
    expect(reportKeys.userDetails()).toEqual(authKeys.userDetails());
  });
});
