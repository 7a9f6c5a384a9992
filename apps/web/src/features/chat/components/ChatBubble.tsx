import { FileOutlined, RobotOutlined } from '@ant-design/icons';
import { type ChatRecord, maskPhone, SEND_IDENTITY_LABELS } from '@taxlens/shared';
import { Button, Image, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchBlob, saveBlob } from '../../../lib/download';
import { t } from '../../../locales';
import { fileSizeText } from '../chat-rules';

/** Files are fetched with the token header (an <img src> cannot send it) and shown from an object URL. */
function useFileUrl(path: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    let revoked = false;
    let objectUrl: string | null = null;
    fetchBlob(path.replace(/^\/api/, ''))
      .then(({ blob }) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}

export interface ChatBubbleProps {
  record: ChatRecord;
  /** Rewrites a stored file url for the reader (the agent console reads files through its own route). */
  fileUrl?: (url: string) => string;
  /** Who is "me": the customer's own lines, or the agents' on the console. */
  pending?: boolean;
}

function who(record: ChatRecord): string {
  if (record.author === 'bot') return t('chat.assistantName');
  if (record.author === 'agent') return t('chat.official');
  return `${SEND_IDENTITY_LABELS[record.sendIdentity] ?? ''} ${maskPhone(record.userPhone)}`;
}

export function ChatBubble({ record, fileUrl = (url) => url, pending }: ChatBubbleProps) {
  const mine = record.isOneself === 1;
  const path = record.msgType === 0 ? null : fileUrl(record.msgContent);
  const imageUrl = useFileUrl(record.msgType === 1 ? path : null);
  const download = async () => {
    if (!path) return;
    const { blob } = await fetchBlob(path.replace(/^\/api/, ''));
    saveBlob(blob, record.countentExtend?.fileName ?? 'file');
  };
  return (
    <div
      className={`tl-chat-line${mine ? ' tl-chat-line-mine' : ''}`}
      data-testid="chat-line"
      data-pending={pending ? '1' : undefined}
    >
      <Typography.Text type="secondary" className="tl-chat-who">
        {record.author === 'bot' && <RobotOutlined />} {who(record)}
      </Typography.Text>
      <div className="tl-chat-bubble">
        {record.msgType === 0 && <span className="tl-chat-text">{record.msgContent}</span>}
        {record.msgType === 1 &&
          (imageUrl ? (
            <Image src={imageUrl} alt={record.countentExtend?.fileName ?? ''} width={160} data-testid="chat-image" />
          ) : (
            <span>{record.countentExtend?.fileName}</span>
          ))}
        {record.msgType === 2 && (
          <Button type="link" size="small" icon={<FileOutlined />} onClick={download} data-testid="chat-file">
            {record.countentExtend?.fileName} ({fileSizeText(record.countentExtend?.fileSize ?? 0)})
          </Button>
        )}
        {record.sources && record.sources.length > 0 && (
          <div className="tl-chat-sources" data-testid="chat-sources">
            <Typography.Text type="secondary">{t('chat.sources')}：</Typography.Text>
            {record.sources.map((source) => (
              <div key={`${source.kind}-${source.title}`}>
                <Tag>{t(`chat.sourceKinds.${source.kind}`)}</Tag>
                {source.link ? <Link to={source.link}>{source.title}</Link> : source.title}
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
