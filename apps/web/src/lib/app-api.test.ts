import { describe, expect, it, vi } from 'vitest';
import type { AppApi } from './app-api';
import { deferredAppApi } from './app-api';

/** A stand-in for antd's real api: records calls, returns what antd's would (close functions, dialog handles). */
function fakeApi() {
  const calls: string[] = [];
  const closed: string[] = [];
  const updated: unknown[] = [];
  const message = (kind: string) => (text: string) => {
    calls.push(`message.${kind}:${text}`);
    // biome-ignore lint/suspicious/noThenProperty: antd's message result is a thenable.
    return Object.assign(() => closed.push(text), { then: (done: (value: boolean) => void) => done(true) });
  };
  const api = {
    message: {
      success: message('success'),
      error: message('error'),
      loading: message('loading'),
      destroy: (key?: string) => calls.push(`message.destroy:${key}`),
    },
    notification: { open: (config: { message: string }) => void calls.push(`notification.open:${config.message}`) },
    modal: {
      confirm: (config: { title: string }) => {
        calls.push(`modal.confirm:${config.title}`);
        return {
          destroy: () => closed.push(config.title),
          update: (next: unknown) => updated.push(next),
          // biome-ignore lint/suspicious/noThenProperty: antd's dialog handle is a thenable.
          then: (done: (value: boolean) => void) => done(true),
        };
      },
    },
  } as unknown as AppApi;
  return { api, calls, closed, updated };
}

describe('deferredAppApi: App.useApp() before antd <App> is loaded', () => {
  it('loads on the first call and runs waiting calls in order once attached', () => {
    const load = vi.fn();
    const deferred = deferredAppApi(load);
    expect(load).not.toHaveBeenCalled();
    deferred.api.message.success('已保存');
    deferred.api.notification.open({ message: '报告已生成' });
    expect(load).toHaveBeenCalled();
    const real = fakeApi();
    expect(real.calls).toEqual([]);
    deferred.attach(real.api);
    expect(real.calls).toEqual(['message.success:已保存', 'notification.open:报告已生成']);
  });

  it('after attaching, calls go straight to the real api and return its result', () => {
    const deferred = deferredAppApi(() => {});
    const real = fakeApi();
    deferred.attach(real.api);
    const close = deferred.api.message.error('失败');
    expect(real.calls).toEqual(['message.error:失败']);
    close();
    expect(real.closed).toEqual(['失败']);
  });

  it('a toast closed or a dialog updated before loading is closed or updated once it exists', () => {
    const deferred = deferredAppApi(() => {});
    const hide = deferred.api.message.loading('正在生成');
    hide();
    const dialog = deferred.api.modal.confirm({ title: '确认删除？' });
    dialog.update({ title: '确认删除这 2 条？' });
    const real = fakeApi();
    deferred.attach(real.api);
    expect(real.closed).toEqual(['正在生成']);
    expect(real.updated).toEqual([{ title: '确认删除这 2 条？' }]);
    dialog.destroy();
    expect(real.closed).toEqual(['正在生成', '确认删除？']);
  });

  it('an awaited dialog settles with the real dialog’s answer', async () => {
    const deferred = deferredAppApi(() => {});
    const answer = deferred.api.modal.confirm({ title: '确认退出登录？' });
    deferred.attach(fakeApi().api);
    await expect(Promise.resolve(answer)).resolves.toBe(true);
  });
});
