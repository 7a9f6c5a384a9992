import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, SessionUser } from '@taxlens/shared';
import { App, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '../../../locales';
import { companiesApi } from '../api';
import { filterByLabel } from '../catalogs';
import { useAssigneeOptions } from '../hooks/useAssigneeOptions';
import { companyKeys } from '../queries';

interface AssignModalProps {
  company: Company | null;
  user: SessionUser;
  onClose: () => void;
}

/** Hands a company to a member of staff (main account and supervisors). */
export function AssignModal({ company, user, onClose }: AssignModalProps) {
  const options = useAssigneeOptions(user);
  const [assigneeId, setAssigneeId] = useState<number | null>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    setAssigneeId(company?.assignee?.userId ?? null);
  }, [company]);

  const assign = useMutation({
    mutationFn: ({ firmId, userId }: { firmId: number; userId: number | null }) => companiesApi.assign(firmId, userId),
    onSuccess: async () => {
      message.success(t('companies.assign.done'));
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      onClose();
    },
  });

  return (
    <Modal
      open={company !== null}
      title={t('companies.assign.title')}
      onOk={() => company && assign.mutate({ firmId: company.firmId, userId: assigneeId })}
      confirmLoading={assign.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {company && (
        <div className="tl-co-danger-box">
          <Typography.Text type="secondary">
            {t('companies.assign.description', { name: company.taxpayerName })}
          </Typography.Text>
          <Select<number>
            value={assigneeId ?? undefined}
            onChange={(value) => setAssigneeId(value ?? null)}
            options={options}
            placeholder={t('companies.assign.clear')}
            showSearch={{ filterOption: filterByLabel }}
            allowClear
            aria-label={t('companies.assign.label')}
            style={{ width: '100%' }}
          />
        </div>
      )}
    </Modal>
  );
}
