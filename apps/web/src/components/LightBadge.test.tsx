import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LightCount, LightStatus } from './LightBadge';

afterEach(cleanup);

function countOf(testId: string): HTMLElement | null {
  return screen.getByTestId(testId).querySelector('sup');
}

describe('LightCount: antd Badge counts', () => {
  it('shows no count at 0, and the number with its full value as title', () => {
    const { rerender } = render(
      <LightCount count={0} data-testid="bell">
        <span>通知</span>
      </LightCount>,
    );
    expect(countOf('bell')).toBeNull();
    expect(screen.getByText('通知')).toBeTruthy();
    rerender(
      <LightCount count={7} size="small" data-testid="bell">
        <span>通知</span>
      </LightCount>,
    );
    const count = countOf('bell');
    expect(count?.textContent).toBe('7');
    expect(count?.getAttribute('title')).toBe('7');
    expect(count?.className).toBe('tl-badge-count tl-badge-count-sm');
  });

  it('caps the shown number at overflowCount+ and keeps the real one in the title', () => {
    render(
      <LightCount count={120} overflowCount={99} data-testid="reports">
        <span>全部报告</span>
      </LightCount>,
    );
    const count = countOf('reports');
    expect(count?.textContent).toBe('99+');
    expect(count?.getAttribute('title')).toBe('120');
    expect(count?.classList.contains('tl-badge-multiple')).toBe(true);
  });

  it('moves the count by the offset as antd does (left by -x, down by y)', () => {
    render(
      <LightCount count={3} offset={[-6, 6]} className="tl-header-entry" data-testid="entry">
        <span>全部报告</span>
      </LightCount>,
    );
    expect(screen.getByTestId('entry').className).toBe('tl-badge tl-header-entry');
    const style = countOf('entry')?.style;
    expect([style?.marginTop, style?.right]).toEqual(['6px', '6px']);
  });
});

describe('LightStatus: antd Badge status dots', () => {
  it('draws the dot of the status beside its text', () => {
    render(<LightStatus status="processing" text="分析中" />);
    const text = screen.getByText('分析中');
    expect(text.className).toBe('tl-badge-status-text');
    expect(text.previousElementSibling?.className).toBe('tl-badge-status-dot tl-badge-status-processing');
  });
});
