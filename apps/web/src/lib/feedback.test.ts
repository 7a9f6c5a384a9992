import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FeedbackSink, feedback, setFeedbackFallback, setFeedbackSink } from './feedback';

function fakeSink(): FeedbackSink & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    error: (text) => calls.push(`error:${text}`),
    warning: (text) => calls.push(`warning:${text}`),
    alert: (title, content) => calls.push(`alert:${title}/${content}`),
  };
}

afterEach(() => {
  setFeedbackSink(null);
  setFeedbackFallback(null);
});

describe('feedback for code outside React', () => {
  it('goes to the mounted <App> when a layout registered one, without loading the fallback', () => {
    const mounted = fakeSink();
    const load = vi.fn(async () => fakeSink());
    setFeedbackFallback(load);
    setFeedbackSink(mounted);
    feedback.error('网络异常', 3);
    feedback.alert('提示', '无权限');
    expect(mounted.calls).toEqual(['error:网络异常', 'alert:提示/无权限']);
    expect(load).not.toHaveBeenCalled();
  });

  it('on a screen without <App> (sign-in) loads the fallback on the first toast and shows it there', async () => {
    const holder = fakeSink();
    const load = vi.fn(async () => holder);
    setFeedbackFallback(load);
    feedback.warning('登录信息已失效', 3);
    await vi.waitFor(() => expect(holder.calls).toEqual(['warning:登录信息已失效']));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('after the layout unmounts, toasts go to the fallback again', async () => {
    const mounted = fakeSink();
    const holder = fakeSink();
    setFeedbackFallback(async () => holder);
    setFeedbackSink(mounted);
    setFeedbackSink(null);
    feedback.error('请求失败', 3);
    await vi.waitFor(() => expect(holder.calls).toEqual(['error:请求失败']));
    expect(mounted.calls).toEqual([]);
  });
});
