import { FileOutlined, PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { LIMITS } from '@taxlens/shared';
import { App, Button, Input, Popover, Tooltip, Upload } from 'antd';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { CHAT_TIMING, EMOJI, uploadFailure, uploadProblem } from '../chat-rules';

export interface ComposerProps {
  /** Sends text; resolves when sent (the caller appends at once and removes on failure). */
  onText: (text: string) => void;
  /** Uploads a checked file; answers its url and extend, or throws. */
  upload: (kind: 1 | 2, file: File) => Promise<{ url: string; countentExtend: { fileName: string; fileSize: number } }>;
  onFile: (kind: 1 | 2, url: string, extend: { fileName: string; fileSize: number }) => void;
  disabled?: boolean;
  /** Extra buttons of the toolbar (the agent's canned replies). */
  extra?: React.ReactNode;
  /** Lets the owner put text in (a canned reply). */
  textRef?: React.MutableRefObject<((text: string) => void) | null>;
}

/** Spec §2 human-tab input: emoji picker, image and file upload, a 500-character text area, send. */
export function Composer({ onText, upload, onFile, disabled, extra, textRef }: ComposerProps) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [blankTip, setBlankTip] = useState(false);
  const [uploading, setUploading] = useState(false);
  const tipTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  if (textRef) textRef.current = (value) => setText(value.slice(0, LIMITS.chatTextMax));

  const send = () => {
    // Spec §5: blank or whitespace-only is not sent; the tooltip shows for 1 s.
    if (text.trim().length === 0) {
      setBlankTip(true);
      if (tipTimer.current) clearTimeout(tipTimer.current);
      tipTimer.current = setTimeout(() => setBlankTip(false), CHAT_TIMING.blankTooltipMs);
      return;
    }
    onText(text);
    setText('');
  };

  const pick = (kind: 1 | 2) => (file: File) => {
    const problem = uploadProblem(kind, file);
    if (problem) {
      void message.error(problem);
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    upload(kind, file)
      .then((answer) => onFile(kind, answer.url, answer.countentExtend))
      .catch((error) => void message.error(uploadFailure(isApiError(error) ? error.msg : (error as Error).message)))
      .finally(() => setUploading(false));
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="tl-chat-composer">
      <div className="tl-chat-tools">
        <Popover
          trigger="click"
          content={
            <div className="tl-chat-emoji" data-testid="chat-emoji-panel">
              {EMOJI.map((emoji) => (
                <button
                  type="button"
                  key={emoji}
                  onClick={() => setText((value) => (value + emoji).slice(0, LIMITS.chatTextMax))}
                >
                  {emoji}
                </button>
              ))}
            </div>
          }
        >
          <Button
            type="text"
            icon={<SmileOutlined />}
            aria-label={t('chat.emoji')}
            title={t('chat.emoji')}
            disabled={disabled}
            data-testid="chat-emoji"
          />
        </Popover>
        <Upload accept=".png,.jpg,.jpeg" showUploadList={false} beforeUpload={pick(1)} disabled={disabled || uploading}>
          <Button
            type="text"
            icon={<PictureOutlined />}
            aria-label={t('chat.image')}
            title={t('chat.image')}
            data-testid="chat-image-upload"
          />
        </Upload>
        <Upload
          accept=".pdf,.xls,.xlsx,.doc,.docx"
          showUploadList={false}
          beforeUpload={pick(2)}
          disabled={disabled || uploading}
        >
          <Button
            type="text"
            icon={<FileOutlined />}
            aria-label={t('chat.file')}
            title={t('chat.file')}
            data-testid="chat-file-upload"
          />
        </Upload>
        {extra}
      </div>
      <Input.TextArea
        value={text}
        maxLength={LIMITS.chatTextMax}
        showCount
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={t('chat.inputPlaceholder')}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={(event) => {
          if (event.shiftKey) return;
          event.preventDefault();
          send();
        }}
        disabled={disabled}
        data-testid="chat-input"
      />
      <div className="tl-chat-send">
        <Tooltip title={t('chat.blank')} open={blankTip}>
          <Button type="primary" onClick={send} disabled={disabled} data-testid="chat-send">
            {t('chat.send')}
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}
