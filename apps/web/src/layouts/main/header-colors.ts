import { HEADER_THEMES } from '@taxlens/shared';

/**
 * The header colour a theme key stands for; null keeps the route theme's own. Apart from the
 * picker (which is in the user card's chunk) so the layout does not import the picker's tooltips.
 */
export function headerColorOf(theme: string): string | null {
  return (HEADER_THEMES as Record<string, { color: string | null }>)[theme]?.color ?? null;
}
