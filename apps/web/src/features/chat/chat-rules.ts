import { CHAT_FILE_EXTENSIONS, CHAT_IMAGE_EXTENSIONS, CHAT_MESSAGES, LIMITS } from '@taxlens/shared';

/** Spec §4/§9 chat timings and sizes, kept together so the dialog and its tests read the same numbers. */
export const CHAT_TIMING = {
  unreadPollOpenMs: 5_000,
  unreadPollClosedMs: 60_000,
  assistantTimeoutMs: LIMITS.requestTimeoutMs,
  blankTooltipMs: 1_000,
  timestampGapMs: 5 * 60_000,
  scrollThresholdPx: 30,
  pageSize: LIMITS.chatPageSize,
  titleBlinkMs: 1_000,
} as const;

/** Spec §4: a timestamp shows above a message unless the one before it is under 5 minutes older. */
export function showTimestamp(previous: string | null | undefined, current: string): boolean {
  if (!previous) return true;
  return new Date(current).getTime() - new Date(previous).getTime() >= CHAT_TIMING.timestampGapMs;
}

const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

/**
 * Spec §5 upload rules checked before sending (the server checks the bytes again): kind 1 image,
 * kind 2 file; a file with no recognisable type at all is 'unknown exception'.
 */
export function uploadProblem(kind: 1 | 2, file: { name: string; size: number }): string | null {
  const extension = extensionOf(file.name);
  if (!extension) return CHAT_MESSAGES.unknownType;
  if (kind === 1) {
    if (!(CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return CHAT_MESSAGES.imageType;
    if (file.size > LIMITS.chatImageMaxBytes) return CHAT_MESSAGES.imageSize;
    return null;
  }
  if (!(CHAT_FILE_EXTENSIONS as readonly string[]).includes(extension)) return CHAT_MESSAGES.fileType;
  if (file.size > LIMITS.chatFileMaxBytes) return CHAT_MESSAGES.fileSize;
  return null;
}

/** Spec §8: an upload that fails shows 'error: ' and the reason. */
export const uploadFailure = (reason: string) => `error: ${reason}`;

/** Spec §4: the dialog opens on the AI tab unless unread messages exist or noAI is asked for. */
export function initialTab(unread: number, noAI: boolean): 'ai' | 'human' {
  return unread > 0 || noAI ? 'human' : 'ai';
}

/** Spec §4: near the top (within 30 px) loads the previous page, while more remain. */
export function shouldLoadOlder(scrollTop: number, loaded: number, total: number, busy: boolean): boolean {
  return !busy && loaded < total && scrollTop <= CHAT_TIMING.scrollThresholdPx;
}

export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** A small emoji set for the picker (plain Unicode, no image assets). */
export const EMOJI = [
  ...'😀😁😂🙂😊😍🤔😅😭😡👍👎👏🙏💪🎉❤️✅❌⚠️📄📊💰🕒'.matchAll(/\p{Extended_Pictographic}\uFE0F?/gu),
].map((match) => match[0]);
