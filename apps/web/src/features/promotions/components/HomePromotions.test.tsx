import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureFeedback, makeUser } from '../../../test-support/fixtures';
import { HomePromotions } from './HomePromotions';

const NOW = Date.parse('2026-03-01T10:00:00+08:00');
const popup = { id: 7, title: '年度汇算清缴提醒', image: '/api/Ads/image/a.png', linkUrl: '/pay', lastClosedAt: null };
const discount = {
  id: 3,
  title: '基础套餐限时8折',
  image: null,
  eventendDiscount: 0.8,
  // Ends in three days: the countdown is capped at 30 minutes.
  eventendDate: new Date(NOW + 3 * 86_400_000).toISOString(),
  packageId: 1,
  packageName: '基础套餐',
  priceFen: 100_000,
  discountPriceFen: 80_000,
};

type Answers = Record<string, unknown>;
function serve(answers: Answers) {
  const fetchMock = vi.fn(async (url: string | URL) => {
    const path = new URL(String(url)).pathname;
    if (!(path in answers)) return new Response('bad gateway', { status: 502 });
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data: answers[path] }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const called = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === path);

function renderHome(user = makeUser()) {
  render(
    <MemoryRouter initialEntries={['/home']}>
      <App>
        <Routes>
          <Route path="/home" element={<HomePromotions user={user} />} />
          <Route path="/pay" element={<div data-testid="pay-page">pay</div>} />
        </Routes>
      </App>
    </MemoryRouter>,
  );
}

let feedback: ReturnType<typeof captureFeedback>;
beforeEach(() => {
  // Only the clock and intervals are fake: the countdown ticks on them; antd's own timeouts stay real.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
  feedback = captureFeedback();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('home promotion dialogs', () => {
  it('ignores failed banner requests silently: no dialog, no error toast', async () => {
    const fetchMock = serve({});
    renderHome();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await act(async () => {});
    expect(screen.queryByTestId('promo-image-dialog')).toBeNull();
    expect(screen.queryByTestId('promo-discount-dialog')).toBeNull();
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('shows the image, remembers its closing, then the discount capped at 30 minutes that closes itself', async () => {
    const fetchMock = serve({
      '/api/userInfo/findCarouselPopLaunchList': [popup],
      '/api/SendMsgByReport/findBuyConfig': { isBecomeDue: 0, isRead: 0, list: [discount] },
      '/api/userInfo/butCarouselPopLaunch': null,
    });
    renderHome();
    await screen.findByTestId('promo-image-dialog');
    expect(called(fetchMock, '/api/SendMsgByReport/findBuyConfig')[0]?.[0].toString()).toContain('type=7');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    });
    await waitFor(() => expect(called(fetchMock, '/api/userInfo/butCarouselPopLaunch')).toHaveLength(1));
    const dialog = await screen.findByTestId('promo-discount-dialog');
    expect(screen.getByTestId('promo-discount-rate').textContent).toBe('8折');
    expect(dialog.textContent).toContain('活动价 ¥800.00');
    expect(screen.getByTestId('promo-countdown').textContent).toContain('00时30分00秒');
    await act(async () => {
      vi.advanceTimersByTime(29 * 60_000 + 58_000);
    });
    expect(screen.getByTestId('promo-countdown').textContent).toContain('00时00分02秒');
    await act(async () => {
      vi.advanceTimersByTime(1_250);
    });
    // Under one second left: the dialog closes by itself, and no retention dialog follows.
    await waitFor(() => expect(screen.queryByTestId('promo-discount-dialog')).toBeNull());
    expect(screen.queryByTestId('promo-retention-dialog')).toBeNull();
  });

  it('skips an image closed within 24 h; closing the discount asks to retain, 放弃优惠 records it', async () => {
    const fetchMock = serve({
      '/api/userInfo/findCarouselPopLaunchList': [{ ...popup, lastClosedAt: new Date(NOW - 3_600_000).toISOString() }],
      '/api/SendMsgByReport/findBuyConfig': { isBecomeDue: 0, isRead: 0, list: [discount] },
      '/api/Ads/discountRead': null,
    });
    renderHome();
    await screen.findByTestId('promo-discount-dialog');
    expect(screen.queryByTestId('promo-image-dialog')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    });
    await screen.findByTestId('promo-retention-dialog');
    await act(async () => {
      fireEvent.click(screen.getByTestId('promo-give-up'));
    });
    await waitFor(() => expect(called(fetchMock, '/api/Ads/discountRead')).toHaveLength(1));
    const [, init] = called(fetchMock, '/api/Ads/discountRead')[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ id: 3 });
  });

  it('了解详情 opens the pay page on the discounted package', async () => {
    serve({
      '/api/userInfo/findCarouselPopLaunchList': [],
      '/api/SendMsgByReport/findBuyConfig': { isBecomeDue: 0, isRead: 0, list: [discount] },
    });
    renderHome();
    await screen.findByTestId('promo-discount-dialog');
    await act(async () => {
      fireEvent.click(screen.getByTestId('promo-learn-more'));
    });
    await screen.findByTestId('pay-page');
  });

  it('makes no discount request for staff and shows nothing when the group bought the data service', async () => {
    const staffFetch = serve({ '/api/userInfo/findCarouselPopLaunchList': [] });
    renderHome(makeUser({ level: 3 }));
    await waitFor(() => expect(staffFetch).toHaveBeenCalledTimes(1));
    expect(called(staffFetch, '/api/SendMsgByReport/findBuyConfig')).toHaveLength(0);
    cleanup();
    serve({
      '/api/userInfo/findCarouselPopLaunchList': [],
      '/api/SendMsgByReport/findBuyConfig': { isBecomeDue: 0, isRead: 0, list: [discount] },
    });
    renderHome(makeUser({ serviceRights: { dataPriceAuth: 1, invoicePriceAuth: 0, mindPriceAuth: 0 } }));
    await act(async () => {});
    await act(async () => {});
    expect(screen.queryByTestId('promo-discount-dialog')).toBeNull();
  });
});
