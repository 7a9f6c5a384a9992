import type { Notice } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { noticeView } from './notice-view';

const base = { id: 1, createTime: '2026-11-25T08:00:00.000Z', read: false };

describe('noticeView', () => {
  it('a generated report opens its preview; a failed one the all-reports list', () => {
    const done: Notice = {
      ...base,
      msgType: 'INVOICE',
      msg: {
        id: 42,
        taxNo: '91440300MA5XXXXX1Y',
        taxpayerName: '示例科技有限公司',
        reportName: '发票穿透报告',
        status: 'done',
      },
    };
    expect(noticeView(done)).toEqual({
      text: '「示例科技有限公司」的发票穿透报告已生成',
      tone: 'success',
      path: '/risk/preview?type=INVOICE&id=42',
    });
    const failed = { ...done, msg: { ...done.msg, status: 'failed' } };
    expect(noticeView(failed)).toMatchObject({ tone: 'error', path: '/all-history' });
    expect(noticeView(failed).text).toContain('费用已退回');
  });

  it('a client’s fill-in or upload opens the company page', () => {
    const upload: Notice = {
      ...base,
      msgType: 'CLIENT_UPLOAD',
      msg: { id: 7, taxNo: null, taxpayerName: '客户甲有限公司', firmId: 7, status: 'uploaded', fileName: '发票.xlsx' },
    };
    expect(noticeView(upload)).toEqual({
      text: '客户已通过客户上传链接为「客户甲有限公司」上传了 发票.xlsx',
      tone: 'info',
      path: '/company/firm?firmId=7',
    });
    expect(noticeView({ ...upload, msg: { ...upload.msg, status: 'bound' } }).text).toBe(
      '客户已通过客户上传链接填写「客户甲有限公司」的企业信息',
    );
  });

  it('an unknown type still reads, without a link', () => {
    expect(
      noticeView({ ...base, msgType: 'SOMETHING', msg: { id: null, taxNo: null, taxpayerName: '某公司' } }),
    ).toEqual({
      text: '「某公司」有新消息',
      tone: 'info',
      path: null,
    });
  });
});
