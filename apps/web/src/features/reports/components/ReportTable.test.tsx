import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReportItem } from '@taxlens/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportTable } from './ReportTable';

const report: ReportItem = {
  id: 7,
  reportType: 'TAX',
  reportName: '经营（税务）风险检测报告',
  firmId: 3,
  taxpayerName: '示例星图科技有限公司',
  taxNo: '91440300MA54948438',
  periodStart: '2023-01',
  periodEnd: '2025-12',
  status: 'done',
  failureReason: null,
  overallLevel: 'medium',
  highCount: 0,
  mediumCount: 2,
  lowCount: 1,
  score: null,
  categoryCounts: { sscwhsfxListNum: 1, szhsfxListNum: 0, jyfxListNum: 2 },
  paidWith: '次数 1 次',
  refunded: false,
  creator: '张主账号',
  read: true,
  createTime: '2026-11-22T01:00:00.000Z',
  finishTime: '2026-11-22T01:00:05.000Z',
};

function renderTable(masked: boolean) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>
          <ReportTable
            rows={[report]}
            loading={false}
            total={1}
            page={1}
            size={10}
            onPage={() => {}}
            showKind={false}
            emptyText="暂无报告"
            masked={masked}
          />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByText(/示例/).closest('tr') as HTMLElement;
}

afterEach(cleanup);

describe('ReportTable', () => {
  it('shows the company and tax number, and the risks per category of a TAX report', () => {
    const row = renderTable(false);
    expect(within(row).getByText('示例星图科技有限公司')).toBeTruthy();
    expect(within(row).getByText('91440300MA54948438')).toBeTruthy();
    expect(within(row).getByTestId('row-categories').textContent).toBe('申报 1 · 税种 0 · 经营 2');
  });

  it('masks the company and tax number while list hiding is on', () => {
    const row = renderTable(true);
    expect(within(row).getByText('示例******公司')).toBeTruthy();
    expect(within(row).getByText('9144**********8438')).toBeTruthy();
    expect(within(row).queryByText('示例星图科技有限公司')).toBeNull();
  });
});
