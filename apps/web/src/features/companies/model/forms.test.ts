import type { Company } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { fenToYuanText, formFieldOf, fromCompany, hasChecksumWarning, toCompanyBody } from './company-form';
import { figureProblem, figuresFor, formatFigure, parseFiguresForm, valuesFromSet } from './figures-form';

const company: Company = {
  firmId: 1,
  taxpayerName: '示例科技有限公司',
  taxNo: '91440305MA5TL00030',
  taxNoWarning: null,
  regionCode: '440300',
  regionName: '深圳市',
  industryCode: 'I',
  industryName: null,
  industrySectionName: '信息传输、软件和信息技术服务业',
  taxpayerType: 'general',
  accountingStandard: 'enterprise',
  legalPerson: null,
  contactName: '示例财务',
  contactPhone: '13700000000',
  address: null,
  remark: null,
  invoiceLimitFen: 100_000_000,
  assignee: { userId: 3, name: '王员工' },
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
};

describe('company form', () => {
  it('shows fen as plain 元 and sends 元 back as fen; emptied fields become null', () => {
    expect([fenToYuanText(100_000_000), fenToYuanText(12_345), fenToYuanText(12_340), fenToYuanText(null)]).toEqual([
      '1000000',
      '123.45',
      '123.4',
      '',
    ]);
    const values = {
      ...fromCompany(company),
      contactName: '  ',
      invoiceLimitYuan: '1,000.5',
      taxNo: ' 91440305ma5tl00030 ',
    };
    const body = toCompanyBody(values, { withAssignee: false });
    expect(body).toMatchObject({ invoiceLimitFen: 100_050, contactName: null, taxNo: '91440305MA5TL00030' });
    expect('assigneeId' in body).toBe(false);
    expect(toCompanyBody(values, { withAssignee: true }).assigneeId).toBe(3);
  });

  it('maps server field names onto the form', () => {
    expect(formFieldOf('invoiceLimitFen')).toBe('invoiceLimitYuan');
    expect(formFieldOf('taxNo')).toBe('taxNo');
    expect(formFieldOf('somethingElse')).toBeNull();
  });

  it('warns on a credit code that fails only its check digit', () => {
    expect(hasChecksumWarning('91440305MA5TL00030')).toBe(false);
    expect(hasChecksumWarning('91440305MA5TL00031')).toBe(true);
    expect(hasChecksumWarning('123')).toBe(false);
  });
});

describe('figures form', () => {
  it('lists the lines of a layout in line order', () => {
    const small = figuresFor('balance_sheet', 'small');
    expect(small[0]?.key).toBe('cash');
    expect(small.some((figure) => figure.key === 'goodwill')).toBe(false);
    expect(figuresFor('vat_return').length).toBeGreaterThan(5);
  });

  it('turns 元 text into fen and a rate into basis points with the shared schema', () => {
    const result = parseFiguresForm(
      1,
      'cit_return',
      { period: '2024', figures: { totalProfit: '1,000.5', taxRate: '25%', taxPayable: '' } },
      { needOne: 'x' },
    );
    expect(result).toEqual({
      ok: true,
      body: { firmId: 1, statement: 'cit_return', period: '2024', figures: { totalProfit: 100_050, taxRate: 2500 } },
    });
  });

  it('reports bad amounts and periods on their fields, and an empty form', () => {
    const bad = parseFiguresForm(
      1,
      'balance_sheet',
      { period: '2024-13', figures: { cash: '12.345' } },
      { needOne: 'x' },
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems.map((problem) => problem.name)).toEqual(
        expect.arrayContaining([['period'], ['figures', 'cash']]),
      );
    }
    const empty = parseFiguresForm(
      1,
      'income_statement',
      { period: '2024', figures: { netProfit: ' ' } },
      { needOne: '请至少填写一项数据' },
    );
    expect(empty).toEqual({ ok: false, problems: [{ name: ['figures'], message: '请至少填写一项数据' }] });
  });

  it('checks one figure on its own with the same schema', () => {
    expect(figureProblem('balance_sheet', 'cash', '1,000.25')).toBeNull();
    expect(figureProblem('balance_sheet', 'cash', '')).toBeNull();
    expect(figureProblem('balance_sheet', 'cash', '12.345')).toBe('请输入正确的金额（元），最多两位小数');
    expect(figureProblem('cit_return', 'taxRate', '25%')).toBeNull();
    expect(figureProblem('cit_return', 'taxRate', '120%')).toBe('请输入正确的税率，如 25%');
  });

  it('prefills an existing period for editing and formats stored figures', () => {
    const values = valuesFromSet({
      statement: 'cit_return',
      period: '2024',
      layout: null,
      figures: { totalProfit: 100_050, taxRate: 2500 },
      source: 'manual',
      importId: null,
      updateTime: '2026-01-01T00:00:00.000Z',
    });
    expect(values.figures).toEqual({ totalProfit: '1000.5', taxRate: '25%' });
    expect(formatFigure({ unit: 'fen' }, 100_050)).toBe('1,000.50');
    expect(formatFigure({ unit: 'bp' }, 1250)).toBe('12.5%');
    expect(formatFigure({ unit: 'fen' }, undefined)).toBe('-');
  });
});
