import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { INDUSTRY_SECTIONS, type IndustryRankingRow } from '@taxlens/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureFeedback } from '../../../test-support/fixtures';
import { IndustryPage } from './IndustryPage';

// The frame reads the session and the route table; the charts need a canvas: both are beside the point here.
vi.mock('../components/DataViewFrame', () => ({
  DataViewFrame: ({ children, extra }: { children: ReactNode; extra?: ReactNode }) => (
    <div>
      {extra}
      {children}
    </div>
  ),
}));
vi.mock('../charts/DataChart', () => ({
  DataChart: ({ title, empty, option }: { title: string; empty?: boolean; option: unknown }) => (
    <div data-testid="chart">{`${title}:${option === null ? 'loading' : empty ? 'empty' : 'drawn'}`}</div>
  ),
}));

const base = '/api/DataAnalysisMonitoring';
const options = INDUSTRY_SECTIONS.map((section) => ({ ...section, followed: false, clientCount: 0 }));
const row = (over: Partial<IndustryRankingRow>): IndustryRankingRow => ({
  rank: 1,
  code: 'C',
  name: '制造业',
  followed: false,
  clientCount: 3,
  reportedCount: 2,
  highCount: 1,
  mediumCount: 1,
  lowCount: 0,
  highShare: 50,
  mediumShare: 50,
  lowShare: 0,
  noneShare: 0,
  avgFindings: 2.5,
  topRiskItems: [{ title: '进项发票集中于少数供应商', clients: 2 }],
  benchmark: null,
  ...over,
});
const trend = { industryCode: null, minGroups: 5, points: [] };

function serve(answers: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL) => {
      const path = new URL(String(url)).pathname;
      if (!(path in answers)) return new Response('bad gateway', { status: 502 });
      return new Response(JSON.stringify({ code: 0, msg: 'ok', data: answers[path] }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <IndustryPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  captureFeedback();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IndustryPage', () => {
  it('puts the platform figure beside the group’s, and 样本不足 where there is none', async () => {
    const benchmark = { groups: 6, highShare: 12.5, mediumShare: 30, lowShare: 20, noneShare: 37.5, avgFindings: 1.75 };
    serve({
      [`${base}/findIndustryAll`]: options,
      [`${base}/findIndustryTrend`]: trend,
      [`${base}/findIndustryRiskRanking`]: {
        months: 12,
        from: '2025-12-01',
        reportType: null,
        minGroups: 5,
        rows: [row({}), row({ rank: 2, code: 'F', name: '批发和零售业', highShare: 0, topRiskItems: [], benchmark })],
      },
    });
    renderPage();
    const manufacturing = await screen.findByTestId('high-C');
    expect(manufacturing.textContent).toBe('50.0%平台 样本不足');
    expect(screen.getByTestId('high-F').textContent).toBe('0.0%平台 12.5%');
    expect(screen.getByText('进项发票集中于少数供应商（2）')).toBeTruthy();
    expect(screen.getAllByTestId('chart').map((chart) => chart.textContent)).toContain('行业风险排行（客户数）:drawn');
  });

  it('says so when no client has a report in the period', async () => {
    serve({
      [`${base}/findIndustryAll`]: options,
      [`${base}/findIndustryTrend`]: trend,
      [`${base}/findIndustryRiskRanking`]: {
        months: 12,
        from: '2025-12-01',
        reportType: null,
        minGroups: 5,
        rows: [row({ reportedCount: 0, highCount: 0, mediumCount: 0, highShare: 0, mediumShare: 0, topRiskItems: [] })],
      },
    });
    renderPage();
    const empty = await screen.findByTestId('industry-empty');
    expect(within(empty).getByText(/近 12 个月暂无客户报告/)).toBeTruthy();
    expect(screen.getAllByTestId('chart').map((chart) => chart.textContent)).toContain('行业风险排行（客户数）:empty');
  });

  it('offers a retry when the ranking fails to load', async () => {
    serve({ [`${base}/findIndustryAll`]: options, [`${base}/findIndustryTrend`]: trend });
    renderPage();
    expect(await screen.findByTestId('load-retry')).toBeTruthy();
    expect(screen.queryByTestId('industry-table')).toBeNull();
  });
});
