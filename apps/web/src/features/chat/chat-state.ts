import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../app/query-client';
import { useRealtimeEvent } from '../../lib/realtime';
import { createStore, useStore } from '../../lib/store';
import { t } from '../../locales';
import { chatApi } from './api';
import { CHAT_TIMING } from './chat-rules';

export const chatKeys = {
  all: ['chat'] as const,
  unread: ['chat', 'unread'] as const,
  members: ['chat', 'members'] as const,
  hours: ['chat', 'hours'] as const,
  assistant: ['chat', 'assistant'] as const,
};

/** noAI: a caller (e.g. "contact customer service") asks for the human tab directly (spec §4). */
export const chatRequest = createStore<{ noAI: boolean }>({ noAI: false });
export function requestHumanChat(): void {
  chatRequest.set({ noAI: true });
}

/** Spec §4: unread polled every 5 s while the dialog is open, every 60 s otherwise; the socket refreshes at once. */
export function useChatUnread(open: boolean): number | undefined {
  const query = useQuery({
    queryKey: chatKeys.unread,
    queryFn: chatApi.unread,
    refetchInterval: open ? CHAT_TIMING.unreadPollOpenMs : CHAT_TIMING.unreadPollClosedMs,
    // Spec §8: a failed unread poll shows nothing and simply retries at the next tick.
    retry: false,
  });
  useRealtimeEvent('CHAT', () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.all });
  });
  // Undefined until the first answer: the dialog waits for it to choose its first tab.
  return query.data?.chatUnread;
}

/** Spec §4: the page title blinks 'new message' while the window is blurred and unread messages exist. */
export function useTitleBlink(unread: number): void {
  const focused = useStore(windowFocus);
  useEffect(() => {
    if (unread <= 0 || focused) return;
    const original = document.title;
    let on = false;
    const timer = setInterval(() => {
      on = !on;
      document.title = on ? `${t('layout.chat.newMessage')}${original}` : original;
    }, CHAT_TIMING.titleBlinkMs);
    return () => {
      clearInterval(timer);
      document.title = original;
    };
  }, [unread, focused]);
}

const windowFocus = createStore<boolean>(typeof document === 'undefined' ? true : document.hasFocus());
if (typeof window !== 'undefined') {
  window.addEventListener('focus', () => windowFocus.set(true));
  window.addEventListener('blur', () => windowFocus.set(false));
}
