import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, List, Popconfirm, Space, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { agentApi } from './agent-api';

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

/** Service hours (when humans answer; outside them the assistant says when) and canned replies. */
export function AgentSettings() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const hours = useQuery({ queryKey: ['operator', 'chat', 'hours'], queryFn: agentApi.hours });
  const canned = useQuery({ queryKey: ['operator', 'chat', 'canned'], queryFn: agentApi.canned });
  const [hoursForm] = Form.useForm();
  const [cannedForm] = Form.useForm<{ title: string; body: string }>();
  useEffect(() => {
    if (hours.data)
      hoursForm.setFieldsValue({
        workdays: hours.data.workdays,
        span: [dayjs(hours.data.opensAt, 'HH:mm'), dayjs(hours.data.closesAt, 'HH:mm')],
      });
  }, [hours.data, hoursForm]);
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      void message.success(t('chat.agent.saved'));
    } catch (error) {
      if (isApiError(error)) void message.error(error.msg);
    } finally {
      await client.invalidateQueries({ queryKey: ['operator', 'chat'] });
    }
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={5}>{t('chat.agent.hours')}</Typography.Title>
        <Typography.Paragraph type="secondary">{hours.data?.text}</Typography.Paragraph>
        <Form
          form={hoursForm}
          layout="inline"
          style={{ rowGap: 8 }}
          onFinish={(values: { workdays: number[]; span: [dayjs.Dayjs, dayjs.Dayjs] }) =>
            run(() =>
              agentApi.saveHours({
                workdays: values.workdays,
                opensAt: values.span[0].format('HH:mm'),
                closesAt: values.span[1].format('HH:mm'),
              }),
            )
          }
        >
          <Form.Item name="workdays" label={t('chat.agent.workdays')}>
            <Checkbox.Group options={WEEKDAYS.map((label, index) => ({ label, value: index + 1 }))} />
          </Form.Item>
          <Form.Item name="span" rules={[{ required: true }]}>
            <TimePicker.RangePicker format="HH:mm" minuteStep={15} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('chat.agent.hoursSave')}
          </Button>
        </Form>
      </div>
      <div>
        <Typography.Title level={5}>{t('chat.agent.canned')}</Typography.Title>
        <Form
          form={cannedForm}
          layout="inline"
          style={{ rowGap: 8, marginBottom: 12 }}
          onFinish={(values) => run(() => agentApi.saveCanned(values)).then(() => cannedForm.resetFields())}
        >
          <Form.Item name="title" rules={[{ required: true, message: t('chat.agent.cannedTitle') }]}>
            <Input placeholder={t('chat.agent.cannedTitle')} maxLength={50} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="body" rules={[{ required: true, message: t('chat.agent.cannedBody') }]}>
            <Input placeholder={t('chat.agent.cannedBody')} maxLength={500} style={{ width: 320 }} />
          </Form.Item>
          <Button htmlType="submit">{t('chat.agent.cannedAdd')}</Button>
        </Form>
        <List
          size="small"
          bordered
          dataSource={canned.data ?? []}
          renderItem={(entry) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="delete"
                  title={t('chat.knowledge.deleteConfirm')}
                  onConfirm={() => run(() => agentApi.deleteCanned(entry.id))}
                >
                  <Button type="link" danger size="small">
                    {t('chat.knowledge.delete')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Typography.Text strong>{entry.title}</Typography.Text>：{entry.body}
            </List.Item>
          )}
        />
      </div>
    </Space>
  );
}
