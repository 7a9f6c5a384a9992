import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSV_BOM } from '../../../lib/csv';
import { billingApi } from '../api';
import type { TransferRecord } from '../types';
import { exportTransfersCsv } from './transfer-export';

function record(id: number, overrides: Partial<TransferRecord> = {}): TransferRecord {
  return {
    id,
    kind: 'give',
    kindLabel: '划拨',
    fromUserId: 1,
    fromPhone: '138****0001',
    fromName: '张主账号',
    toUserId: 3,
    toPhone: '138****0003',
    toName: '王员工',
    actorPhone: '138****0001',
    asset: 1,
    assetName: '发票穿透报告',
    amount: 2,
    direction: 'out',
    createTime: '2026-01-05T01:02:03.000Z',
    ...overrides,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('transfer records export', () => {
  it('writes every page under the filters as Excel-readable CSV', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => record(index + 1));
    const giving = vi.spyOn(billingApi, 'givingRecord').mockImplementation(async (query) => ({
      list: rows.slice((query.page - 1) * query.size, query.page * query.size),
      total: rows.length,
      page: query.page,
      size: query.size,
    }));
    const { csv, count } = await exportTransfersCsv({ asset: 1 });
    expect(count).toBe(250);
    expect(giving).toHaveBeenCalledTimes(2);
    expect(giving.mock.calls[0]?.[0]).toEqual({ asset: 1, page: 1, size: 200 });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(`${CSV_BOM}时间,类型,划出账号,划入账号,内容,数量,方向,操作人`);
    expect(lines[1]).toBe(
      '2026-01-05 09:02:03,划拨,张主账号（138****0001）,王员工（138****0003）,发票穿透报告,2 次,转出,138****0001',
    );
  });

  it('reads one account through giveRecord, balances in yuan, take-backs inward', async () => {
    const give = vi.spyOn(billingApi, 'giveRecord').mockResolvedValue({
      list: [
        record(7, {
          kind: 'take_back',
          kindLabel: '收回',
          asset: 0,
          assetName: '余额',
          amount: 12_345,
          direction: 'in',
          fromName: null,
        }),
      ],
      total: 1,
      page: 1,
      size: 200,
    });
    const { csv } = await exportTransfersCsv({ userId: 3 });
    expect(give).toHaveBeenCalledWith({ userId: 3, page: 1, size: 200 });
    expect(csv.split('\r\n')[1]).toBe(
      '2026-01-05 09:02:03,收回,138****0001,王员工（138****0003）,余额,¥123.45,转入,138****0001',
    );
  });
});
