import type { ImportInfo } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import {
  checkFile,
  describeUpload,
  formatBytes,
  INITIAL_UPLOAD,
  type UploadAction,
  type UploadState,
  uploadReducer,
} from './upload-machine';

function info(overrides: Partial<ImportInfo> = {}): ImportInfo {
  return {
    importId: 11,
    firmId: 1,
    kind: 'invoice',
    fileName: '发票.xlsx',
    fileSize: 2048,
    status: 'queued',
    progress: 0,
    invoices: 0,
    lines: 0,
    rejected: 0,
    periods: [],
    message: null,
    problemCount: 0,
    hasProblemReport: false,
    source: 'staff',
    creator: '张主账号',
    summary: {},
    createTime: '2026-01-05T01:00:00.000Z',
    finishTime: null,
    ...overrides,
  };
}

const run = (actions: UploadAction[], from: UploadState = INITIAL_UPLOAD) => actions.reduce(uploadReducer, from);

describe('upload state machine', () => {
  it('walks upload → parsing → finished with progress that never goes back', () => {
    let state = run([{ type: 'start', fileName: '发票.xlsx', size: 1000 }]);
    expect(describeUpload(state)).toEqual({ step: 0, percent: 0, stepStatus: 'process' });
    state = run(
      [
        { type: 'upload-progress', loaded: 400, total: 1000 },
        { type: 'upload-progress', loaded: 300, total: 1000 },
      ],
      state,
    );
    expect(describeUpload(state).percent).toBe(40);
    state = run([{ type: 'sent' }], state);
    expect(describeUpload(state)).toEqual({ step: 1, percent: null, stepStatus: 'process' });
    state = run([{ type: 'uploaded', info: info({ status: 'queued' }) }], state);
    expect(state).toMatchObject({ phase: 'parsing', importId: 11, status: 'queued', progress: 0 });
    state = run(
      [
        { type: 'status', info: info({ status: 'parsing', progress: 60 }) },
        // A slow poll answering after a newer reading.
        { type: 'status', info: info({ status: 'parsing', progress: 30 }) },
      ],
      state,
    );
    expect(describeUpload(state)).toEqual({ step: 1, percent: 60, stepStatus: 'process' });
    state = run([{ type: 'status', info: info({ status: 'done', progress: 100, invoices: 120 }) }], state);
    expect(state.phase).toBe('finished');
    expect(describeUpload(state)).toEqual({ step: 2, percent: 100, stepStatus: 'finish' });
  });

  it('ignores another import, and events before the upload answered', () => {
    const uploading = run([{ type: 'start', fileName: 'a.xlsx', size: 10 }]);
    expect(run([{ type: 'status', info: info({ status: 'done' }) }], uploading)).toBe(uploading);
    const parsing = run([{ type: 'uploaded', info: info() }], uploading);
    expect(run([{ type: 'status', info: info({ importId: 99, status: 'done' }) }], parsing)).toBe(parsing);
  });

  it('an upload answered already finished (wait=true, or a tiny file) goes straight to the result', () => {
    const state = run([
      { type: 'start', fileName: 'a.xlsx', size: 10 },
      { type: 'uploaded', info: info({ status: 'rejected', progress: 40, rejected: 3, hasProblemReport: true }) },
    ]);
    expect(state).toMatchObject({ phase: 'finished', result: { status: 'rejected' } });
    expect(describeUpload(state)).toEqual({ step: 1, percent: 40, stepStatus: 'error' });
  });

  it('a failure ends the flow with its message; a busy flow cannot restart or reset', () => {
    const uploading = run([{ type: 'start', fileName: 'a.xlsx', size: 10 }]);
    expect(run([{ type: 'start', fileName: 'b.xlsx', size: 10 }], uploading)).toBe(uploading);
    expect(run([{ type: 'reset' }], uploading)).toBe(uploading);
    const failed = run([{ type: 'fail', message: '文件大小不可超过50MB' }], uploading);
    expect(failed).toEqual({ phase: 'error', fileName: 'a.xlsx', message: '文件大小不可超过50MB' });
    expect(describeUpload(failed).stepStatus).toBe('error');
    expect(run([{ type: 'reset' }], failed)).toBe(INITIAL_UPLOAD);
    // A late progress event after the failure changes nothing.
    expect(run([{ type: 'upload-progress', loaded: 5, total: 10 }], failed)).toBe(failed);
  });

  it('checks size and type before sending', () => {
    const accept = ['.xlsx', '.csv'];
    expect(checkFile({ name: 'a.xlsx', size: 50 * 1024 * 1024 + 1 }, accept)).toBe('too-large');
    expect(checkFile({ name: 'a.xlsx', size: 50 * 1024 * 1024 }, accept)).toBeNull();
    expect(checkFile({ name: 'A.CSV', size: 10 }, accept)).toBeNull();
    expect(checkFile({ name: 'a.xls', size: 10 }, accept)).toBe('wrong-type');
    expect(checkFile({ name: 'noext', size: 10 }, accept)).toBe('wrong-type');
    expect(checkFile({ name: 'a.xlsx', size: 0 }, accept)).toBe('empty');
  });

  it('formats byte counts', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50.0 MB');
    expect(formatBytes(300 * 1024 * 1024)).toBe('300 MB');
  });
});
