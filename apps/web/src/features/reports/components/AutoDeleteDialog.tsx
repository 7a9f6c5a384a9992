import { AUTO_DELETE_DAYS } from '@taxlens/shared';
import { App, Form, Modal, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { queryClient } from '../../../app/query-client';
import { t } from '../../../locales';
import { authKeys, useSessionUser } from '../../auth/queries';
import { type AutoDeleteForm, autoDeleteInitial, autoDeleteRequest, withDefaultTime } from '../lib/auto-delete';
import { useUpdateAutoDelete } from '../queries';

const DAY_LABELS: Record<(typeof AUTO_DELETE_DAYS)[number], string> = {
  7: t('reports.autoDelete.days7'),
  15: t('reports.autoDelete.days15'),
  180: t('reports.autoDelete.days180'),
  365: t('reports.autoDelete.days365'),
};

/**
 * The auto-delete dialog of spec §2/§5 (level 1): on/off, then 7天/15天/半年/一年; turning it on
 * with no time picks 15 days; the time is sent only when the switch is 0 (on).
 */
export function AutoDeleteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSessionUser();
  const { message } = App.useApp();
  const [form] = Form.useForm<AutoDeleteForm>();
  const update = useUpdateAutoDelete();
  const switchValue = Form.useWatch('reportOverdueDeleteSwitch', form);

  useEffect(() => {
    if (open && user) form.setFieldsValue(autoDeleteInitial(user));
  }, [open, user, form]);

  const finish = async (values: AutoDeleteForm) => {
    await update.mutateAsync(autoDeleteRequest(values));
    void message.success(t('reports.autoDelete.saved'));
    // The switch and the time live on the session user.
    await queryClient.invalidateQueries({ queryKey: authKeys.me() });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('reports.autoDelete.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      destroyOnHidden
      data-testid="auto-delete-dialog"
    >
      <Form<AutoDeleteForm>
        form={form}
        layout="vertical"
        onValuesChange={(_changed, values) => {
          const next = withDefaultTime(values);
          if (next.reportOverdueTime !== values.reportOverdueTime)
            form.setFieldValue('reportOverdueTime', next.reportOverdueTime);
        }}
        onFinish={(values) => void finish(values).catch(() => undefined)}
      >
        <Form.Item
          name="reportOverdueDeleteSwitch"
          label={t('reports.autoDelete.switchLabel')}
          rules={[{ required: true, message: t('reports.autoDelete.switchRequired') }]}
        >
          <Radio.Group
            options={[
              { value: 0, label: t('reports.autoDelete.on') },
              { value: 1, label: t('reports.autoDelete.off') },
            ]}
          />
        </Form.Item>
        {switchValue === 0 && (
          <Form.Item
            name="reportOverdueTime"
            label={t('reports.autoDelete.timeLabel')}
            rules={[{ required: true, message: t('reports.autoDelete.timeRequired') }]}
          >
            <Radio.Group
              optionType="button"
              options={AUTO_DELETE_DAYS.map((days) => ({ value: days, label: DAY_LABELS[days] }))}
            />
          </Form.Item>
        )}
        <Typography.Paragraph type="secondary" className="tl-small">
          {t('reports.autoDelete.hint')}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
