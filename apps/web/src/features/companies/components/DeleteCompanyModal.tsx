import { ExclamationCircleFilled } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@taxlens/shared';
import { Alert, App, Input, Modal, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '../../../locales';
import { companiesApi } from '../api';
import { companyKeys, importKeys, shareKeys } from '../queries';

interface DeleteCompanyModalProps {
  company: Company | null;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Deleting a company removes all of its data, so the user types the company's name to confirm
 * (a strong confirmation, as for deleting a repository) instead of one click on 确定.
 */
export function DeleteCompanyModal({ company, onClose, onDeleted }: DeleteCompanyModalProps) {
  const [typed, setTyped] = useState('');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (company) setTyped('');
  }, [company]);

  const remove = useMutation({
    mutationFn: (firmId: number) => companiesApi.remove(firmId),
    onSuccess: async (_answer, firmId) => {
      message.success(t('companies.remove.done'));
      queryClient.removeQueries({ queryKey: companyKeys.detail(firmId) });
      queryClient.removeQueries({ queryKey: importKeys.firm(firmId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.all }),
        queryClient.invalidateQueries({ queryKey: shareKeys.lists() }),
      ]);
      onDeleted();
    },
  });

  const matches = company !== null && typed.trim() === company.taxpayerName;
  return (
    <Modal
      open={company !== null}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: token.colorError }} /> {t('companies.remove.title')}
        </span>
      }
      okText={t('companies.remove.confirm')}
      okButtonProps={{ danger: true, disabled: !matches }}
      confirmLoading={remove.isPending}
      onOk={() => company && remove.mutate(company.firmId)}
      onCancel={onClose}
      destroyOnHidden
    >
      {company && (
        <div className="tl-co-danger-box">
          <Alert type="error" showIcon title={t('companies.remove.warning')} />
          <Typography.Text>{t('companies.remove.confirmLabel', { name: company.taxpayerName })}</Typography.Text>
          <Input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t('companies.remove.confirmPlaceholder')}
            onPressEnter={() => matches && remove.mutate(company.firmId)}
            aria-label={t('companies.remove.confirmPlaceholder')}
            autoFocus
          />
        </div>
      )}
    </Modal>
  );
}
