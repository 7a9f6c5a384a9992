import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh LazyPopup per test: it remembers the loaded chunk for the whole page.
let LazyPopover: typeof import('./LazyPopup').LazyPopover;
let LazyTooltip: typeof import('./LazyPopup').LazyTooltip;
beforeEach(async () => {
  vi.resetModules();
  ({ LazyPopover, LazyTooltip } = await import('./LazyPopup'));
});

afterEach(cleanup);

// The first pointer loads antd's Popover and Tooltip; transforming them takes a moment in the test runner.
const LOADED = { timeout: 8000 };

function Bell() {
  const [open, setOpen] = useState(false);
  return (
    <LazyPopover trigger="click" open={open} onOpenChange={setOpen} content={<div>通知列表</div>}>
      <button type="button">通知</button>
    </LazyPopover>
  );
}

describe('LazyPopover and LazyTooltip: antd popups loaded when the trigger is first reached', {
  timeout: 20_000,
}, () => {
  it('a click before the popup code is loaded opens the popover once it is', async () => {
    render(<Bell />);
    expect(document.body.textContent).not.toContain('通知列表');
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    await waitFor(() => expect(document.body.textContent).toContain('通知列表'), LOADED);
    // The trigger is drawn inside the Popover now and still there, once.
    expect(screen.getAllByRole('button', { name: '通知' })).toHaveLength(1);
  });

  it('a pointer resting on the trigger sees the tooltip once it is loaded', async () => {
    render(
      <LazyTooltip title="即将上线">
        <span aria-disabled="true">工商查询</span>
      </LazyTooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(screen.getByText('工商查询'));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('即将上线'), LOADED);
  });

  it('keeps the focus on a trigger focused before loading', async () => {
    render(<Bell />);
    const before = screen.getByRole('button', { name: '通知' });
    before.focus();
    fireEvent.focus(before);
    await waitFor(() => expect(screen.getByRole('button', { name: '通知' })).not.toBe(before), LOADED);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '通知' })));
  });
});
