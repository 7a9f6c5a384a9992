import type { App } from 'antd';

/**
 * Toasts and dialogs for code outside React (HTTP client, guards). The layouts register the
 * instances of antd's <App> (app/FeedbackApp.tsx) so they follow the theme; tests register fakes.
 */
export interface FeedbackSink {
  error(text: string, seconds: number): void;
  warning(text: string, seconds: number): void;
  alert(title: string, content: string): void;
}

let sink: FeedbackSink | null = null;
let fallback: (() => Promise<FeedbackSink>) | null = null;

export function setFeedbackSink(next: FeedbackSink | null): void {
  sink = next;
}

/**
 * Where toasts and dialogs go while no <App> is mounted (the sign-in screen has none): loaded and
 * created on the first one, so that screen does not ship antd's message and modal code.
 */
export function setFeedbackFallback(load: (() => Promise<FeedbackSink>) | null): void {
  fallback = load;
}

function deliver(show: (target: FeedbackSink) => void): void {
  if (sink) show(sink);
  else if (fallback) void fallback().then(show);
}

type AppApi = ReturnType<typeof App.useApp>;

export function fromAntd({ message, modal }: Pick<AppApi, 'message' | 'modal'>): FeedbackSink {
  return {
    // The key folds identical toasts (several failing requests) into one.
    error: (text, seconds) => void message.error({ content: text, duration: seconds, key: text }),
    warning: (text, seconds) => void message.warning({ content: text, duration: seconds, key: text }),
    alert: (title, content) => void modal.warning({ title, content }),
  };
}

export const feedback: FeedbackSink = {
  error: (text, seconds) => deliver((target) => target.error(text, seconds)),
  warning: (text, seconds) => deliver((target) => target.warning(text, seconds)),
  alert: (title, content) => deliver((target) => target.alert(title, content)),
};
