import { DeleteOutlined, DownloadOutlined, SwapOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportInfo } from '@taxlens/shared';
import { App, Button, Popconfirm, Space, Upload } from 'antd';
import { t } from '../../../locales';
import { importsApi } from '../api';
import { ACCEPTED_TYPES, fileProblemText } from '../catalogs';
import { checkFile } from '../model/upload-machine';
import { companyKeys, FINISHED_IMPORT, importKeys } from '../queries';

/**
 * The actions of one import: its error report, delete (confirmed; the server keeps invoices
 * another import also holds) and replace by a new file (confirmed; the old import is deleted only
 * once the new one has succeeded).
 */
export function ImportRowActions({ row, canManage }: { row: ImportInfo; canManage: boolean }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: importKeys.firm(row.firmId) });
    void queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
  };
  const finished = FINISHED_IMPORT.has(row.status);

  const remove = useMutation({
    mutationFn: () => importsApi.remove(row.importId),
    onSuccess: (removed) => {
      message.success(t('companies.history.deleted', removed));
      refresh();
    },
  });

  const replaceWith = (file: File) => {
    const problem = fileProblemText(checkFile(file, ACCEPTED_TYPES[row.kind]), row.kind);
    if (problem) {
      message.error(problem);
      return;
    }
    modal.confirm({
      title: t('companies.history.replaceTitle', { file: file.name }),
      content: t('companies.history.replaceBody', { old: row.fileName }),
      okText: t('companies.history.replace'),
      onOk: async () => {
        await importsApi.upload(row.firmId, row.kind, file, { onProgress: () => undefined }, row.importId);
        message.success(t('companies.history.replaceStarted'));
        refresh();
      },
    });
  };

  return (
    <Space size={0} wrap>
      {row.hasProblemReport && (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => void importsApi.problemReport(row.importId).catch(() => undefined)}
        >
          {t('companies.history.report')}
        </Button>
      )}
      {canManage && finished && row.status === 'done' && (
        <Upload
          accept={ACCEPTED_TYPES[row.kind].join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            replaceWith(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button type="link" size="small" icon={<SwapOutlined />} data-testid={`replace-import-${row.importId}`}>
            {t('companies.history.replace')}
          </Button>
        </Upload>
      )}
      {canManage && finished && (
        <Popconfirm
          title={t('companies.history.deleteTitle')}
          description={<div className="tl-co-confirm">{t('companies.history.deleteBody', { file: row.fileName })}</div>}
          okText={t('companies.history.delete')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={() => remove.mutateAsync()}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            data-testid={`delete-import-${row.importId}`}
          >
            {t('companies.history.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
