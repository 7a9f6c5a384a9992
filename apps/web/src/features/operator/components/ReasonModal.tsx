import { App, Form, Input, Modal } from 'antd';
import { isApiError } from '../../../lib/http';
import { applyFieldErrors } from '../lib/field-errors';

export interface ReasonField {
  name: string;
  label: string;
  required?: boolean;
  placeholder?: string;
}

/**
 * A confirmation that asks for text (a reason, a bank serial) and sends it; the server's field
 * errors show under the fields, and the modal closes only on success.
 */
export function ReasonModal({
  open,
  title,
  fields,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  fields: ReasonField[];
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, string>>();
  const submit = async () => {
    const values = form.getFieldsValue(true) as Record<string, string>;
    const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, (value ?? '').trim()]));
    try {
      await onSubmit(trimmed);
      onClose();
    } catch (error) {
      if (isApiError(error)) applyFieldErrors(form, error, message);
    }
  };
  return (
    <Modal open={open} title={title} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        {fields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={field.label} required={field.required} initialValue="">
            <Input placeholder={field.placeholder} maxLength={200} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
