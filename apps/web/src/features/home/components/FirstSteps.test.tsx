import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FirstSteps } from './FirstSteps';

describe('FirstSteps', () => {
  it('numbers the open steps, ticks the finished ones, fills the current one and colours each rail by the next step', () => {
    const { container } = render(
      <FirstSteps
        current={1}
        items={[
          { title: '绑定客户企业', description: 'a', status: 'finish' },
          { title: '导入数据', description: 'b', status: 'process' },
          { title: '生成报告', description: 'c', status: 'wait' },
        ]}
      />,
    );
    const items = [...container.querySelectorAll('li')];
    expect(items.map((item) => item.className)).toEqual([
      'tl-steps-item is-finish',
      'tl-steps-item is-process is-active',
      'tl-steps-item is-wait',
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(items[0]?.querySelector('.anticon-check')).not.toBeNull();
    expect(items.map((item) => item.querySelector('.tl-steps-icon')?.textContent)).toEqual(['', '2', '3']);
    expect([...container.querySelectorAll('.tl-steps-rail')].map((rail) => rail.className)).toEqual([
      'tl-steps-rail is-process',
      'tl-steps-rail is-wait',
    ]);
  });
});
