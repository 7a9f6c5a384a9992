import { addChildSchema, LEVEL_LABELS, LIMITS, phoneSchema, type SessionUser, type Team } from '@taxlens/shared';
import { Alert, Form, Input, Modal, Radio, Result, Select, Skeleton } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { zodRule } from '../../../lib/form-rules';
import { t } from '../../../locales';
import { PasswordField } from '../../auth/components/PasswordField';
import { useServerError } from '../../auth/hooks/useServerError';
import { defaultAllowed, deniedFromAllowed, lackingKeys } from '../permission-mapping';
import {
  useAddChildMutation,
  useCatalogueQuery,
  useChildDetailsQuery,
  useTeamsQuery,
  useUpdateChildFormMutation,
} from '../queries';
import { PermissionChecklist } from './PermissionChecklist';

const nickNameRule = zodRule(addChildSchema.shape.nickName);

interface ChildFormValues {
  phone: string;
  pwd: string;
  level: 2 | 3;
  nickName: string;
  teamIds: number[];
  allowed: string[];
}

const FIELDS = ['phone', 'pwd', 'level', 'nickName', 'teamIds'];

export type ChildFormTarget = { kind: 'add' } | { kind: 'edit'; userId: number };

interface ChildFormModalProps {
  editor: SessionUser;
  target: ChildFormTarget;
  onClose: () => void;
  /** After a successful save (true when an account was added). */
  onDone: (added: boolean) => void;
}

function teamOptions(teams: readonly Team[] | undefined) {
  return (teams ?? []).map((team) => ({ value: team.teamId, label: team.name }));
}

/**
 * 新增子账号 / 编辑子账号. The main account creates supervisors or staff; a supervisor only staff,
 * in its own teams, with at most its own permissions. Mounted while open, so each opening starts
 * from a clean form.
 */
export function ChildFormModal({ editor, target, onClose, onDone }: ChildFormModalProps) {
  const [form] = Form.useForm<ChildFormValues>();
  const serverError = useServerError(form, FIELDS);
  const isMain = editor.level === 1;
  const adding = target.kind === 'add';
  const catalogue = useCatalogueQuery();
  const teams = useTeamsQuery();
  const details = useChildDetailsQuery(target.kind === 'edit' ? target.userId : null);
  const add = useAddChildMutation();
  const update = useUpdateChildFormMutation();
  const lacking = useMemo(() => lackingKeys(editor), [editor]);

  const submit = (values: ChildFormValues) =>
    serverError.guard(async () => {
      if (target.kind === 'add') {
        const chosenTeams = values.teamIds ?? [];
        await add.mutateAsync({
          phone: values.phone.trim(),
          pwd: values.pwd,
          level: isMain ? values.level : 3,
          nickName: values.nickName.trim(),
          // A supervisor manages only the staff of its teams: with none chosen, the server puts the
          // new staff member in all of them (an explicit empty list would leave it unmanaged).
          teamIds: isMain || chosenTeams.length > 0 ? chosenTeams : undefined,
          notMenus: deniedFromAllowed(catalogue.data ?? [], values.allowed ?? []),
        });
      } else {
        await update.mutateAsync({
          userId: target.userId,
          nickName: values.nickName.trim(),
          ...(isMain ? { level: values.level, teamIds: values.teamIds ?? [] } : {}),
        });
      }
      onDone(adding);
      onClose();
    });

  const ready = catalogue.isSuccess && (adding || details.isSuccess);
  const failed = catalogue.isError || details.isError;
  let body: ReactNode;
  if (failed) {
    body = <Result status="error" title={t('accounts.users.loadFailed')} />;
  } else if (!ready) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    const child = details.data;
    const initialValues: Partial<ChildFormValues> = child
      ? {
          phone: child.phone,
          level: child.level === 2 ? 2 : 3,
          nickName: child.nickName ?? '',
          teamIds: child.teams.map((team) => team.teamId),
        }
      : {
          phone: '',
          pwd: '',
          level: 3,
          nickName: '',
          teamIds: isMain ? [] : (teams.data ?? []).map((team) => team.teamId),
          allowed: defaultAllowed(catalogue.data, lacking),
        };
    body = (
      <Form<ChildFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={(changed: Partial<ChildFormValues>) => {
          serverError.clear();
          // A new sub-account's level picks its preset; the editor adjusts from there.
          if (adding && changed.level)
            form.setFieldValue('allowed', defaultAllowed(catalogue.data ?? [], lacking, changed.level));
        }}
        data-testid="child-form"
      >
        <div className="tl-form-row">
          <Form.Item
            name="phone"
            label={t('accounts.users.form.phone')}
            rules={adding ? [zodRule(phoneSchema)] : []}
            validateTrigger="onBlur"
            required={adding}
          >
            <Input
              disabled={!adding}
              placeholder={t('accounts.users.form.phonePlaceholder')}
              maxLength={LIMITS.phoneLength}
              inputMode="numeric"
              autoComplete="off"
            />
          </Form.Item>
          <Form.Item name="nickName" label={t('accounts.users.form.nickName')} rules={[nickNameRule]} required>
            <Input placeholder={t('accounts.users.form.nickNamePlaceholder')} maxLength={30} autoComplete="off" />
          </Form.Item>
        </div>
        {adding && (
          <PasswordField label={t('accounts.users.form.pwd')} placeholder={t('accounts.users.form.pwdPlaceholder')} />
        )}
        <Form.Item
          name="level"
          label={t('accounts.users.form.level')}
          extra={isMain ? undefined : t('accounts.users.form.levelStaffOnly')}
          required
        >
          <Radio.Group
            disabled={!isMain}
            options={[
              { value: 2, label: LEVEL_LABELS[2] },
              { value: 3, label: LEVEL_LABELS[3] },
            ]}
          />
        </Form.Item>
        {(adding || isMain) && (
          <Form.Item name="teamIds" label={t('accounts.users.form.teams')}>
            <Select
              mode="multiple"
              allowClear
              loading={teams.isPending}
              placeholder={t('accounts.users.form.teamsPlaceholder')}
              notFoundContent={t('accounts.users.form.noTeams')}
              options={teamOptions(teams.data)}
              optionFilterProp="label"
            />
          </Form.Item>
        )}
        {adding && (
          <Form.Item
            name="allowed"
            label={t('accounts.users.form.permissions')}
            extra={t('accounts.users.form.permissionsHint')}
          >
            <PermissionChecklist catalogue={catalogue.data} lacking={lacking} />
          </Form.Item>
        )}
        {serverError.error && <Alert type="error" showIcon title={serverError.error} className="tl-form-error" />}
      </Form>
    );
  }

  return (
    <Modal
      open
      title={adding ? t('accounts.users.form.addTitle') : t('accounts.users.form.editTitle')}
      width={adding ? 720 : 560}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={add.isPending || update.isPending}
      mask={{ closable: false }}
    >
      {body}
    </Modal>
  );
}
