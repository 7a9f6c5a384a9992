// The context module alone: importing antd's App would bring its message, notification and dialog code.
import AppContext, { type useAppProps } from 'antd/es/app/context';
import { useContext } from 'react';

export type AppApi = useAppProps;

/**
 * What App.useApp() returns (antd's hook is this same context read) without importing antd's App:
 * for components on the first screen of /home, whose chunks would otherwise carry App's code.
 */
export function useAppApi(): AppApi {
  return useContext(AppContext);
}

export { AppContext };

/**
 * What a call made before the real api exists returns: callable like a message's close function,
 * with a dialog's destroy/update, and thenable like both (it settles with what the real call returns).
 */
export interface PendingCall {
  (): void;
  destroy(): void;
  update(config: unknown): void;
  then<T = unknown, E = never>(
    onFulfilled?: ((value: unknown) => T | PromiseLike<T>) | null,
    onRejected?: ((reason: unknown) => E | PromiseLike<E>) | null,
  ): Promise<T | E>;
}

const METHODS = {
  message: ['open', 'success', 'error', 'info', 'warning', 'loading', 'destroy'],
  notification: ['open', 'success', 'error', 'info', 'warning', 'destroy'],
  modal: ['info', 'success', 'error', 'warning', 'confirm'],
} as const;

type Part = keyof typeof METHODS;
type AnyCall = (...args: unknown[]) => unknown;
interface RealResult {
  (): void;
  destroy?: () => void;
  update?: (config: unknown) => void;
}

export interface DeferredAppApi {
  /** Stands in for App.useApp()'s value: calls go to the real one, or wait for it. */
  api: AppApi;
  /** The real <App>'s api, once it has rendered: waiting calls run now, in order. */
  attach(real: AppApi): void;
}

/**
 * An App.useApp() value that forwards to antd's real one, which `load` brings in when the first
 * call arrives before it (issue 21: antd's message/notification/modal code is ~18 KiB gzip that the
 * first screen does not need until someone shows a toast or a dialog).
 */
export function deferredAppApi(load: () => void): DeferredAppApi {
  let real: AppApi | null = null;
  const waiting: ((api: AppApi) => void)[] = [];

  const later = (run: (api: AppApi) => unknown): PendingCall => {
    let result: RealResult | null = null;
    let closed = false;
    const updates: unknown[] = [];
    const close = (target: RealResult) => (typeof target.destroy === 'function' ? target.destroy() : target());
    const settled = new Promise<unknown>((resolve) => {
      waiting.push((api) => {
        const value = run(api);
        if (typeof value === 'function' || (value && typeof value === 'object')) {
          result = value as RealResult;
          for (const config of updates) result.update?.(config);
          if (closed) close(result);
        }
        // A thenable result (message, dialog) is adopted: this settles when the real one does.
        resolve(value);
      });
    });
    load();
    const pending = () => {
      if (result) close(result);
      else closed = true;
    };
    return Object.assign(pending, {
      destroy: pending,
      update: (config: unknown) => (result ? result.update?.(config) : void updates.push(config)),
      // biome-ignore lint/suspicious/noThenProperty: message and dialog results are thenables that callers await.
      then: <T, E>(
        onFulfilled?: ((value: unknown) => T | PromiseLike<T>) | null,
        onRejected?: ((reason: unknown) => E | PromiseLike<E>) | null,
      ) => settled.then(onFulfilled, onRejected),
    });
  };

  const api = {} as Record<Part, Record<string, AnyCall>>;
  for (const part of Object.keys(METHODS) as Part[]) {
    api[part] = {};
    for (const method of METHODS[part]) {
      api[part][method] = (...args: unknown[]) => {
        const call = (target: AppApi) => (target[part] as unknown as Record<string, AnyCall>)[method]?.(...args);
        return real ? call(real) : later(call);
      };
    }
  }

  return {
    api: api as unknown as AppApi,
    attach(next) {
      real = next;
      for (const run of waiting.splice(0)) run(next);
    },
  };
}
