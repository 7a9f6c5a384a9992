import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTitleBlink } from './chat-state';

beforeEach(() => {
  vi.useFakeTimers();
  document.title = '税镜';
});
afterEach(() => {
  vi.useRealTimers();
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
});

describe('title blink (spec §4)', () => {
  it('blinks 新消息 each second while the window is blurred and unread messages exist, and stops on focus', () => {
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    const { unmount } = renderHook(() => useTitleBlink(2));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(document.title).toBe('【新消息】税镜');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(document.title).toBe('税镜');
    act(() => {
      vi.advanceTimersByTime(1000);
      window.dispatchEvent(new Event('focus'));
    });
    expect(document.title).toBe('税镜');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(document.title).toBe('税镜');
    unmount();
  });

  it('does not blink without unread messages', () => {
    act(() => {
      window.dispatchEvent(new Event('blur'));
    });
    const { unmount } = renderHook(() => useTitleBlink(0));
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(document.title).toBe('税镜');
    unmount();
  });
});
