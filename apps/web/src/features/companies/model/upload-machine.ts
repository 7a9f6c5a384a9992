import { type ImportInfo, LIMITS } from '@taxlens/shared';

/**
 * The import flow as a small state machine: a file is checked in the browser, uploaded with
 * progress, parsed by the worker (progress from the server), then finished with its result —
 * or it fails. Actions that do not fit the current state (a late progress event, another
 * import's status) are ignored, so events can arrive in any order.
 */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; loaded: number; total: number }
  | {
      phase: 'parsing';
      fileName: string;
      importId: number | null;
      status: 'queued' | 'parsing';
      progress: number;
    }
  | { phase: 'finished'; fileName: string; result: ImportInfo }
  | { phase: 'error'; fileName: string; message: string };

export type UploadAction =
  | { type: 'start'; fileName: string; size: number }
  | { type: 'upload-progress'; loaded: number; total: number }
  /** The upload's answer: the import as the server recorded it (queued, or already finished). */
  | { type: 'uploaded'; info: ImportInfo }
  /** All bytes sent; the server answers only when parsing is done (the public share upload). */
  | { type: 'sent' }
  /** A fresh reading of the import (importStatus, after a socket event or a poll). */
  | { type: 'status'; info: ImportInfo }
  | { type: 'fail'; message: string }
  | { type: 'reset' };

export const INITIAL_UPLOAD: UploadState = { phase: 'idle' };

const FINISHED = new Set<ImportInfo['status']>(['done', 'rejected', 'failed']);

export function isBusy(state: UploadState): state is Extract<UploadState, { phase: 'uploading' | 'parsing' }> {
  return state.phase === 'uploading' || state.phase === 'parsing';
}

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'start':
      if (isBusy(state)) return state;
      return { phase: 'uploading', fileName: action.fileName, loaded: 0, total: action.size };
    case 'upload-progress':
      if (state.phase !== 'uploading') return state;
      return {
        ...state,
        loaded: Math.max(state.loaded, action.loaded),
        total: action.total > 0 ? action.total : state.total,
      };
    case 'sent':
      if (state.phase !== 'uploading') return state;
      return { phase: 'parsing', fileName: state.fileName, importId: null, status: 'queued', progress: 0 };
    case 'uploaded':
      if (state.phase === 'uploading') return fromInfo(state.fileName, action.info, 0);
      if (state.phase === 'parsing' && state.importId === null) return fromInfo(state.fileName, action.info, 0);
      return state;
    case 'status':
      if (state.phase !== 'parsing' || state.importId !== action.info.importId) return state;
      return fromInfo(state.fileName, action.info, state.progress);
    case 'fail':
      if (!isBusy(state)) return state;
      return { phase: 'error', fileName: state.fileName, message: action.message };
    case 'reset':
      return isBusy(state) ? state : INITIAL_UPLOAD;
  }
}

function fromInfo(fileName: string, info: ImportInfo, previousProgress: number): UploadState {
  if (FINISHED.has(info.status)) return { phase: 'finished', fileName, result: info };
  return {
    phase: 'parsing',
    fileName,
    importId: info.importId,
    status: info.status === 'parsing' ? 'parsing' : 'queued',
    // Progress never goes back (a slow poll may answer after a newer event).
    progress: Math.max(previousProgress, Math.min(99, info.progress)),
  };
}

export type UploadStep = 0 | 1 | 2;

export interface UploadView {
  step: UploadStep;
  /** 0–100, or null while the server parses without reporting progress. */
  percent: number | null;
  stepStatus: 'process' | 'finish' | 'error';
}

/** What the progress area shows: the step (上传文件 → 解析数据 → 完成) and its percentage. */
export function describeUpload(state: UploadState): UploadView {
  switch (state.phase) {
    case 'idle':
      return { step: 0, percent: null, stepStatus: 'process' };
    case 'uploading':
      return {
        step: 0,
        percent: state.total > 0 ? Math.min(100, Math.floor((state.loaded / state.total) * 100)) : 0,
        stepStatus: 'process',
      };
    case 'parsing':
      return { step: 1, percent: state.importId === null ? null : state.progress, stepStatus: 'process' };
    case 'finished':
      return state.result.status === 'done'
        ? { step: 2, percent: 100, stepStatus: 'finish' }
        : { step: 1, percent: state.result.progress, stepStatus: 'error' };
    case 'error':
      return { step: 0, percent: null, stepStatus: 'error' };
  }
}

export type FileProblem = 'too-large' | 'wrong-type' | 'empty' | null;

/** Checks a chosen file before a byte is sent: 50 MB at most and an extension the kind accepts. */
export function checkFile(file: { name: string; size: number }, accept: readonly string[]): FileProblem {
  if (file.size > LIMITS.uploadMaxBytes) return 'too-large';
  const dot = file.name.lastIndexOf('.');
  const ext = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!accept.includes(ext)) return 'wrong-type';
  if (file.size === 0) return 'empty';
  return null;
}

/** 1536 → "1.5 KB"; for the upload progress text. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
