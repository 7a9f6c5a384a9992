import { createTeamSchema, levelLabel, type Team } from '@taxlens/shared';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { zodRule } from '../../../lib/form-rules';
import { t } from '../../../locales';
import { useServerError } from '../../auth/hooks/useServerError';
import type { TeamMember } from '../api';
import { useSaveTeamMutation, useUnassignedQuery } from '../queries';

interface TeamValues {
  name: string;
  memberIds: number[];
}

function memberLabel(member: TeamMember): string {
  return `${member.nickName ?? member.phone}（${levelLabel(member.level)}）`;
}

/**
 * 新建团队 / 编辑团队: name and members. The member picker offers the team's own members and the
 * sub-accounts not yet in any team (findNotGroupChildUserList). Mounted while open.
 */
export function TeamFormModal({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const [form] = Form.useForm<TeamValues>();
  const save = useSaveTeamMutation();
  const unassigned = useUnassignedQuery(true);
  const { message } = App.useApp();
  const serverError = useServerError(form, ['name', 'memberIds']);
  const candidates = [...(team?.members ?? []), ...(unassigned.data ?? [])];
  const options = candidates
    .filter((member, index) => candidates.findIndex((other) => other.userId === member.userId) === index)
    .map((member) => ({ value: member.userId, label: memberLabel(member) }));

  const submit = (values: TeamValues) =>
    serverError.guard(async () => {
      await save.mutateAsync({ teamId: team?.teamId, name: values.name.trim(), memberIds: values.memberIds ?? [] });
      message.success(team ? t('accounts.teams.updated') : t('accounts.teams.created'));
      onClose();
    });

  return (
    <Modal
      open
      title={team ? t('accounts.teams.form.editTitle') : t('accounts.teams.form.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      mask={{ closable: false }}
    >
      <Form<TeamValues>
        form={form}
        layout="vertical"
        initialValues={{ name: team?.name ?? '', memberIds: team?.members.map((member) => member.userId) ?? [] }}
        onFinish={submit}
        onValuesChange={serverError.clear}
        data-testid="team-form"
      >
        <Form.Item
          name="name"
          label={t('accounts.teams.form.name')}
          rules={[zodRule(createTeamSchema.shape.name)]}
          required
        >
          <Input placeholder={t('accounts.teams.form.namePlaceholder')} maxLength={30} showCount />
        </Form.Item>
        <Form.Item name="memberIds" label={t('accounts.teams.form.members')}>
          <Select
            mode="multiple"
            allowClear
            loading={unassigned.isPending}
            placeholder={t('accounts.teams.form.membersPlaceholder')}
            options={options}
            optionFilterProp="label"
            data-testid="team-members-select"
          />
        </Form.Item>
        {serverError.error && <Alert type="error" showIcon title={serverError.error} className="tl-form-error" />}
      </Form>
    </Modal>
  );
}
