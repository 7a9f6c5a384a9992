import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@taxlens/shared';
import { App, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { http } from '../../../lib/http';
import { t } from '../../../locales';
import { companiesApi } from '../api';
import { filterByLabel } from '../catalogs';
import { useAssigneeOptions } from '../hooks/useAssigneeOptions';
import { companyKeys } from '../queries';

/** Either the companies are chosen here for a given person (from the user row) or the reverse (company list). */
export type AssignManyTarget = { kind: 'to-user'; userId: number; name: string } | { kind: 'firms'; firmIds: number[] };

const PICK_SIZE = 200;

/** 分配企业: several companies to one person at once (assignFirms, all or nothing). */
export function AssignManyModal({
  target,
  user,
  onClose,
}: {
  target: AssignManyTarget;
  user: SessionUser;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const people = useAssigneeOptions(user);
  const [firmIds, setFirmIds] = useState<number[]>(target.kind === 'firms' ? target.firmIds : []);
  const [assigneeId, setAssigneeId] = useState<number | null>(target.kind === 'to-user' ? target.userId : null);
  const firms = useQuery({
    queryKey: [...companyKeys.all, 'assign-pick'],
    queryFn: ({ signal }) => companiesApi.list({ page: 1, size: PICK_SIZE }, signal),
    enabled: target.kind === 'to-user',
  });
  const save = useMutation({
    mutationFn: () => http.post<number>('/CsbFirmCertification/assignFirms', { firmIds, assigneeId }),
    onSuccess: async (count) => {
      message.success(t('staff.assign.done', { count }));
      await client.invalidateQueries({ queryKey: companyKeys.all });
      onClose();
    },
  });
  const ready = firmIds.length > 0 && (assigneeId !== null || user.level === 1);
  return (
    <Modal
      open
      title={target.kind === 'to-user' ? t('staff.assign.titleFor', { name: target.name }) : t('staff.assign.title')}
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <div className="tl-co-danger-box" data-testid="assign-many">
        {target.kind === 'to-user' ? (
          <>
            <Typography.Text type="secondary">{t('staff.assign.pickFirms')}</Typography.Text>
            <Select<number[]>
              mode="multiple"
              value={firmIds}
              onChange={setFirmIds}
              loading={firms.isPending}
              options={(firms.data?.list ?? []).map((firm) => ({
                value: firm.firmId,
                label: firm.assignee?.userId === target.userId ? `${firm.taxpayerName}（已分配）` : firm.taxpayerName,
              }))}
              showSearch={{ filterOption: filterByLabel }}
              placeholder={t('staff.assign.pickFirms')}
              style={{ width: '100%' }}
              data-testid="assign-many-firms"
            />
          </>
        ) : (
          <>
            <Typography.Text type="secondary">
              {t('staff.assign.pickPerson', { count: firmIds.length })}
            </Typography.Text>
            <Select<number>
              value={assigneeId ?? undefined}
              onChange={(value) => setAssigneeId(value ?? null)}
              options={people}
              showSearch={{ filterOption: filterByLabel }}
              allowClear
              placeholder={t('companies.assign.clear')}
              style={{ width: '100%' }}
              data-testid="assign-many-person"
            />
          </>
        )}
      </div>
    </Modal>
  );
}
