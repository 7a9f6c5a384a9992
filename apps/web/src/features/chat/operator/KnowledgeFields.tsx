import { Form, Input } from 'antd';
import { t } from '../../../locales';

/** The fields of a knowledge-base entry: the FAQ page edits all of them, the agent's "save to KB" all but the link. */
export function KnowledgeFields({ withLink = false }: { withLink?: boolean }) {
  return (
    <>
      <Form.Item name="question" label={t('chat.agent.question')} rules={[{ required: true, min: 2 }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="answer" label={t('chat.agent.answer')} rules={[{ required: true, min: 2 }]}>
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 3 }} />
      </Form.Item>
      <Form.Item name="keywords" label={t('chat.agent.keywords')}>
        <Input maxLength={300} />
      </Form.Item>
      {withLink && (
        <Form.Item name="link" label={t('chat.agent.link')}>
          <Input maxLength={300} placeholder="/company/list" />
        </Form.Item>
      )}
    </>
  );
}
