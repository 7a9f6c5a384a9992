import { formatDateTime, type ReportDetail } from '@taxlens/shared';
import { App, Button, Input, Radio, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { useAnnotate } from '../queries';

export type Annotation = ReportDetail['annotations'][number];
type AnnotationStatus = Annotation['status'];

const NOTE_MAX = 500;

/** The annotation as text: 已核实 / 有合理解释, the note and who set it when. */
export function AnnotationNote({ annotation }: { annotation: Annotation }) {
  return (
    <div className={`tl-annotation is-${annotation.status}`} data-testid="annotation-note">
      <div>
        <span className="tl-finding-label">{t('reports.annotation.title')}</span>
        <Tag color={annotation.status === 'verified' ? 'green' : 'blue'}>
          {t(`reports.annotation.${annotation.status}`)}
        </Tag>
        {annotation.updatedBy && (
          <span className="tl-muted tl-small">
            {t('reports.annotation.by', { name: annotation.updatedBy, time: formatDateTime(annotation.updateTime) })}
          </span>
        )}
      </div>
      {annotation.note && (
        <div className="tl-annotation-text">
          {t('reports.annotation.noteLabel')}：{annotation.note}
        </div>
      )}
    </div>
  );
}

/** 已核实 / 有合理解释 with a note, saved with POST /api/ReportPool/annotate; travels into the PDF. */
export function AnnotationControl({
  reportId,
  ruleId,
  annotation,
}: {
  reportId: number;
  ruleId: string;
  annotation: Annotation | undefined;
}) {
  const { message } = App.useApp();
  const annotate = useAnnotate();
  const [status, setStatus] = useState<AnnotationStatus | null>(annotation?.status ?? null);
  const [note, setNote] = useState(annotation?.note ?? '');

  useEffect(() => {
    setStatus(annotation?.status ?? null);
    setNote(annotation?.note ?? '');
  }, [annotation?.status, annotation?.note]);

  const dirty = status !== (annotation?.status ?? null) || note.trim() !== (annotation?.note ?? '');

  const save = (next: AnnotationStatus | null) => {
    if (next === null && !annotation) return;
    annotate.mutate(
      { id: reportId, ruleId, status: next, note: next ? note.trim() || null : null },
      {
        onSuccess: () => void message.success(next ? t('reports.annotation.saved') : t('reports.annotation.cleared')),
        onError: (error) => void message.error(isApiError(error) ? error.msg : t('reports.common.loadFailed')),
      },
    );
  };

  return (
    <div className="tl-annotation-control" data-testid="annotation-control">
      <Space wrap align="center">
        <span className="tl-finding-label">{t('reports.annotation.title')}</span>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          size="small"
          value={status}
          onChange={(event) => setStatus(event.target.value as AnnotationStatus)}
          options={[
            { value: 'verified', label: t('reports.annotation.verified') },
            { value: 'explained', label: t('reports.annotation.explained') },
          ]}
        />
        {annotation?.updatedBy && (
          <span className="tl-muted tl-small">
            {t('reports.annotation.by', { name: annotation.updatedBy, time: formatDateTime(annotation.updateTime) })}
          </span>
        )}
      </Space>
      <Input.TextArea
        className="tl-annotation-input"
        value={note}
        maxLength={NOTE_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('reports.annotation.notePlaceholder')}
        onChange={(event) => setNote(event.target.value)}
      />
      <Space>
        <Button
          type="primary"
          size="small"
          disabled={!dirty || status === null}
          loading={annotate.isPending}
          onClick={() => save(status)}
        >
          {t('reports.annotation.save')}
        </Button>
        {annotation && (
          <Button size="small" disabled={annotate.isPending} onClick={() => save(null)}>
            {t('reports.annotation.clear')}
          </Button>
        )}
      </Space>
    </div>
  );
}
