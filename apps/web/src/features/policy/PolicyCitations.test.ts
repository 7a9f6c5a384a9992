import { describe, expect, it } from 'vitest';
import { citedDocNos } from './PolicyCitations';

describe('citedDocNos', () => {
  it('finds the official numbers a rule basis cites, once each', () => {
    const basis =
      '《国家税务总局关于印发〈纳税评估管理办法（试行）〉的通知》（国税发〔2005〕43号）；财税〔2016〕36号附件1第四十五条；财政部 税务总局公告2023年第19号；国家税务总局公告2019年第38号；国家税务总局令第54号；财税〔2016〕36号';
    expect(citedDocNos(basis)).toEqual([
      '国税发〔2005〕43号',
      '财税〔2016〕36号',
      '财政部 税务总局公告2023年第19号',
      '国家税务总局公告2019年第38号',
      '国家税务总局令第54号',
    ]);
    expect(citedDocNos('《中华人民共和国发票管理办法》第二十一条')).toEqual([]);
  });
});
