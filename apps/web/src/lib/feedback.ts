import type { App } from 'antd';

/**
 * Toasts and dialogs for code outside React (HTTP client, guards). The root shell registers the
 * instances of antd's <App> so they follow the theme; tests register fakes.
 */
export interface FeedbackSink {
  error(text: string, seconds: number): void;
  warning(text: string, seconds: number): void;
  alert(title: string, content: string): void;
}

let sink: FeedbackSink | null = null;

export function setFeedbackSink(next: FeedbackSink | null): void {
  sink = next;
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
  error: (text, seconds) => sink?.error(text, seconds),
  warning: (text, seconds) => sink?.warning(text, seconds),
  alert: (title, content) => sink?.alert(title, content),
};
