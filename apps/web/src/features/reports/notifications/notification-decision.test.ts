import type { PermissionSubject } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import {
  canOpenTarget,
  decideNotification,
  reportPreviewPath,
  shouldSendDataPrice,
  shouldSendMindMap,
  touchesReports,
} from './notification-decision';

const invoiceDone = {
  msgType: 'INVOICE',
  reportType: 'INVOICE',
  reportId: 1001,
  report: { name: '发票穿透报告' },
  taxpayerName: '示例科技有限公司',
  msg: '示例科技有限公司的发票穿透报告已生成',
  status: 'done' as const,
  highRiskListInvoiceNum: 1,
  mediumRiskListInvoiceNum: 3,
  lowRiskListInvoiceNum: 0,
};

const staff = (denied: string[] = []): PermissionSubject => ({
  level: 3,
  notMenus: denied.map((permission) => ({ type: 0, permission })),
});

describe('decideNotification', () => {
  it('state 1: a finished report pops up for 5 s with its kind’s risk counts and opens the preview', () => {
    const view = decideNotification(invoiceDone);
    expect(view).toMatchObject({
      variant: 'report',
      tone: 'success',
      durationSeconds: 5,
      title: '发票穿透报告已生成',
      description: '示例科技有限公司的发票穿透报告已生成',
      target: { path: '/risk/preview?type=INVOICE&id=1001', permission: 'invoiceThrough' },
    });
    expect(view?.stats).toEqual([
      { label: '高风险', value: 1, tone: 'high' },
      { label: '中风险', value: 3, tone: 'medium' },
      { label: '低风险', value: 0, tone: 'low' },
    ]);
  });

  it('each report kind reads its own count fields and opens its preview', () => {
    const tax = decideNotification({
      msgType: 'TAX',
      reportId: 5,
      sscwhsfxListNum: 2,
      szhsfxListNum: 1,
      jyfxListNum: 4,
    });
    // The tax report counts risks per category (the engine's three), not per level.
    expect(tax?.stats.map((stat) => [stat.label, stat.value])).toEqual([
      ['申报与财务核算风险', 2],
      ['税种合规风险', 1],
      ['经营风险', 4],
    ]);
    expect(tax?.durationSeconds).toBe(5);
    expect(tax?.target).toEqual({ path: '/risk/preview?type=TAX&id=5', permission: 'nsfw' });
    const comprehensive = decideNotification({
      msgType: 'COMPREHENSIVE',
      reportId: 6,
      highRiskAllNum: 7,
      mediumRiskAllNum: 8,
      lowRiskAllNum: 9,
      score: 62,
    });
    expect(comprehensive?.stats.map((stat) => [stat.label, stat.value])).toEqual([
      ['综合得分', 62],
      ['高风险', 7],
      ['中风险', 8],
      ['低风险', 9],
    ]);
    expect(comprehensive?.target).toEqual({ path: '/risk/preview?type=COMPREHENSIVE&id=6', permission: 'swfxtj' });
    // Without a score the pop-up leaves it out instead of showing 0.
    expect(decideNotification({ msgType: 'COMPREHENSIVE', reportId: 6 })?.stats).toHaveLength(3);
    // The company reports open their preview too (features/companydata/company-report.view).
    const panoramic = decideNotification({ msgType: 'PANORAMIC', reportId: 7, jyycListNum: 1, sfycListNum: 2 });
    expect(panoramic?.stats.map((stat) => stat.label)).toEqual(['经营异常', '司法异常']);
    expect(panoramic?.target).toEqual({ path: '/risk/preview?type=PANORAMIC&id=7', permission: 'qjbg' });
  });

  it('a failed report says so, shows no counts and leads to the history', () => {
    const view = decideNotification({
      ...invoiceDone,
      status: 'failed',
      msg: '示例科技有限公司的发票穿透报告生成失败，费用已退回',
    });
    expect(view).toMatchObject({ tone: 'error', title: '发票穿透报告生成失败', stats: [], durationSeconds: 5 });
    expect(view?.target?.path).toBe('/all-history');
  });

  it('other types stay until closed (states 2–4) and point at their pages', () => {
    const accumulate = decideNotification({ msgType: 'ACCUMULATE', reportNum: 12 });
    expect(accumulate).toMatchObject({ variant: 'accumulate', durationSeconds: 0, target: { routeName: 'allReport' } });
    const monitoring = decideNotification({
      msgType: 'DATAPRICE',
      monitoringNumAll: 10,
      monitoringNumCovering: 3,
      dataServerDeliveries: [
        { id: 3, title: 'A', subheading: 'a' },
        { title: 'B', subheading: 'b' },
        { title: 'C', subheading: 'c' },
      ],
    });
    expect(monitoring).toMatchObject({
      variant: 'monitoring',
      durationSeconds: 0,
      target: { routeName: 'DataViewMonitor', permission: 'monitoringAnalyze' },
    });
    expect(monitoring?.items.map((item) => item.title)).toEqual(['A', 'B']);
    // A catalogue item opens in the product centre (route ProductCenterDetail, spec §2).
    expect(monitoring?.items[0]?.target).toEqual({ routeName: 'ProductCenterDetail', search: 'id=3' });
    expect(monitoring?.items[1]?.target).toBeUndefined();
    const mind = decideNotification({ msgType: 'MID', mindNum: 4 });
    expect(mind).toMatchObject({
      variant: 'mindMap',
      durationSeconds: 0,
      description: '还有 4 份报告未生成思维导图',
      target: { routeName: 'MindMapList', permission: 'mindMap' },
    });
  });

  it('heartbeat replies and unknown types open nothing', () => {
    expect(decideNotification({ msgType: 'HEARTBEAT' })).toBeNull();
    expect(decideNotification({ msgType: 'SOMETHING' })).toBeNull();
    expect(decideNotification({})).toBeNull();
  });

  it('missing or odd counts read as 0 rather than NaN', () => {
    const view = decideNotification({ msgType: 'INVOICE', reportId: 3, highRiskListInvoiceNum: Number.NaN });
    expect(view?.stats.map((stat) => stat.value)).toEqual([0, 0, 0]);
    expect(decideNotification({ msgType: 'INVOICE' })?.target).toBeNull();
  });
});

describe('the view button (spec §6)', () => {
  it('level 1 opens everything', () => {
    expect(canOpenTarget({ level: 1, notMenus: [{ permission: 'mindMap' }] }, { permission: 'mindMap' })).toBe(true);
  });

  it('others need the target’s permission', () => {
    expect(canOpenTarget(staff(), { routeName: 'MindMapList', permission: 'mindMap' })).toBe(true);
    expect(canOpenTarget(staff(['mindMap']), { routeName: 'MindMapList', permission: 'mindMap' })).toBe(false);
    expect(canOpenTarget(staff(['monitoringAnalyze']), { permission: 'monitoringAnalyze' })).toBe(false);
    expect(canOpenTarget(staff(['monitoringAnalyze']), { routeName: 'allReport' })).toBe(true);
  });
});

describe('socket side effects', () => {
  it('report and summary events refresh the report lists; the others do not', () => {
    expect(touchesReports({ msgType: 'INVOICE' })).toBe(true);
    expect(touchesReports({ msgType: 'ACCUMULATE' })).toBe(true);
    expect(touchesReports({ msgType: 'DATAPRICE' })).toBe(false);
    expect(touchesReports({ msgType: 'MID' })).toBe(false);
  });

  it('DATAPRICE only with dataPriceAuth 1 and level 1 or monitoringAnalyze; MID with level 1 or mindMap', () => {
    const rights = (dataPriceAuth: number) => ({ dataPriceAuth });
    expect(shouldSendDataPrice({ level: 1, notMenus: [], serviceRights: rights(1) })).toBe(true);
    expect(shouldSendDataPrice({ level: 1, notMenus: [], serviceRights: rights(0) })).toBe(false);
    expect(shouldSendDataPrice({ level: 1, notMenus: [], serviceRights: rights(2) })).toBe(false);
    expect(shouldSendDataPrice({ ...staff(), serviceRights: rights(1) })).toBe(true);
    expect(shouldSendDataPrice({ ...staff(['monitoringAnalyze']), serviceRights: rights(1) })).toBe(false);
    expect(shouldSendMindMap({ level: 1, notMenus: [] })).toBe(true);
    expect(shouldSendMindMap(staff())).toBe(true);
    expect(shouldSendMindMap(staff(['mindMap']))).toBe(false);
  });

  it('builds the RiskPreview address with type and id', () => {
    expect(reportPreviewPath('INVOICE', 12)).toBe('/risk/preview?type=INVOICE&id=12');
  });
});
