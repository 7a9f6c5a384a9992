import type { CSSProperties } from 'react';

/** Page titles sit flush with the toolbar beside them (antd gives headings a top margin). */
export const PAGE_TITLE_STYLE: CSSProperties = { margin: 0 };
