import type { ImportInfo } from '@taxlens/shared';
import { App, Upload, type UploadProps } from 'antd';
import { useEffect, useReducer, useRef } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import type { ImportKind, UploadCallbacks } from '../api';
import { ACCEPTED_TYPES, fileProblemText } from '../catalogs';
import { checkFile, INITIAL_UPLOAD, isBusy, uploadReducer } from '../model/upload-machine';

interface UploadOptions {
  kind: ImportKind;
  /** The upload call: the firm's own import, or the client's share-link upload. */
  send: (file: File, callbacks: UploadCallbacks) => Promise<ImportInfo>;
  /** The message of a failure the server did not explain. */
  failedText: string;
  onUploaded?: (info: ImportInfo) => void;
  onFailed?: (error: unknown) => void;
}

/**
 * One file through the upload state machine: checked in the browser before a byte is sent, sent
 * with progress, and cancelled when the page is left. `dropzone` is what the Upload.Dragger needs.
 */
export function useUpload({ kind, send, failedText, onUploaded, onFailed }: UploadOptions) {
  const { message } = App.useApp();
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD);
  const abortRef = useRef<AbortController | null>(null);

  // Leaving the page cancels an upload still sending.
  useEffect(() => () => abortRef.current?.abort(), []);

  const start = async (file: File) => {
    const problem = fileProblemText(checkFile(file, ACCEPTED_TYPES[kind]), kind);
    if (problem) {
      message.error(problem);
      return;
    }
    if (isBusy(state)) {
      message.warning(t('companies.import.busy'));
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    dispatch({ type: 'start', fileName: file.name, size: file.size });
    try {
      const info = await send(file, {
        signal: controller.signal,
        onProgress: (loaded, total) => {
          dispatch({ type: 'upload-progress', loaded, total });
          if (total > 0 && loaded >= total) dispatch({ type: 'sent' });
        },
      });
      dispatch({ type: 'uploaded', info });
      onUploaded?.(info);
    } catch (error) {
      if (isApiError(error) && error.kind === 'aborted') return;
      dispatch({ type: 'fail', message: isApiError(error) ? error.msg : failedText });
      onFailed?.(error);
    } finally {
      abortRef.current = null;
    }
  };

  const dropzone: UploadProps = {
    accept: ACCEPTED_TYPES[kind].join(','),
    multiple: false,
    showUploadList: false,
    beforeUpload: (file) => {
      void start(file);
      return Upload.LIST_IGNORE;
    },
  };

  return { state, dispatch, dropzone };
}
