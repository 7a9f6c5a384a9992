import { useMutation } from '@tanstack/react-query';
import type { ProspectStatusKey } from '@taxlens/shared';
import { App, Input, Modal } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { type ProspectItem, tokerApi } from '../toker-api';

/**
 * Status and note editing of an assigned prospect, shared by the table (/my/card/list) and the
 * cards (/my/card): `update` saves a status or note, `editNote(row)` opens the note dialog that
 * `noteDialog` renders.
 */
export function useProspectEditor(onChanged: () => void) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<ProspectItem | null>(null);
  const [note, setNote] = useState('');
  const update = useMutation({
    mutationFn: (body: { id: number; status?: ProspectStatusKey; note?: string }) => tokerApi.update(body),
    onSuccess: () => {
      message.success(t('toker.card.saved'));
      setEditing(null);
      onChanged();
    },
  });
  const editNote = (row: ProspectItem) => {
    setNote(row.note);
    setEditing(row);
  };
  const noteDialog = (
    <Modal
      open={editing !== null}
      title={`${t('toker.card.noteTitle')} · ${editing?.name ?? ''}`}
      onCancel={() => setEditing(null)}
      onOk={() => editing && update.mutate({ id: editing.id, note })}
      confirmLoading={update.isPending}
    >
      <Input.TextArea
        rows={4}
        maxLength={500}
        showCount
        value={note}
        onChange={(event) => setNote(event.target.value)}
        data-testid="toker-note"
      />
    </Modal>
  );
  return { update, editNote, noteDialog };
}
