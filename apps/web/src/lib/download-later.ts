import type { downloadFile } from './download';

/**
 * downloadFile, loaded with the first export: for the API modules of features the main layout
 * uses on every signed-in first screen (its pay dialog, report notifications), which download
 * nothing there (issue 21).
 */
export const downloadFileLater: typeof downloadFile = (...args) =>
  import('./download').then((module) => module.downloadFile(...args));
