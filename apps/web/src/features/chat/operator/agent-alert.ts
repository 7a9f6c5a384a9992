import { useEffect } from 'react';
import { t } from '../../../locales';

/**
 * A short two-tone beep through Web Audio (no sound file to ship). Browsers allow audio after the
 * first user gesture on the page, which the agent has made by signing in and clicking.
 */
export function beep(): void {
  const Context =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    const context = new Context();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.connect(gain);
    gain.connect(context.destination);
    gain.gain.value = 0.08;
    oscillator.frequency.setValueAtTime(880, context.currentTime);
    oscillator.frequency.setValueAtTime(660, context.currentTime + 0.15);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.3);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio device: the title alert still shows.
  }
}

/** The console's title shows the unread count and blinks while the tab is in the background. */
export function useAgentTitle(unread: number): void {
  useEffect(() => {
    const original = document.title;
    if (unread <= 0) return;
    let on = false;
    const timer = setInterval(() => {
      on = !on;
      document.title =
        on || document.hasFocus() ? `(${unread}) ${original}` : `${t('layout.chat.newMessage')}${original}`;
    }, 1000);
    document.title = `(${unread}) ${original}`;
    return () => {
      clearInterval(timer);
      document.title = original;
    };
  }, [unread]);
}
