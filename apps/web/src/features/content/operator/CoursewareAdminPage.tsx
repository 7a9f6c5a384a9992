import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Popconfirm, Space, Switch, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { http } from '../../../lib/http';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { coursewareApi, type OperatorCourse } from '../api';

type CourseForm = Omit<OperatorCourse, 'id' | 'files' | 'updatedAt'>;

/** A video's length in seconds, read by the browser before the upload (the progress bar's end). */
function videoSeconds(file: File): Promise<number | null> {
  if (!file.type.startsWith('video/')) return Promise.resolve(null);
  return new Promise((resolve) => {
    const element = document.createElement('video');
    element.preload = 'metadata';
    element.onloadedmetadata = () => {
      URL.revokeObjectURL(element.src);
      resolve(Number.isFinite(element.duration) ? Math.max(1, Math.round(element.duration)) : null);
    };
    element.onerror = () => resolve(null);
    element.src = URL.createObjectURL(file);
  });
}

/** One course's files: upload (title + file), delete with confirmation. */
function CourseFiles({ course, refresh }: { course: OperatorCourse; refresh: () => Promise<void> }) {
  const { message } = App.useApp();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (!title.trim()) {
      message.error('请填写课件标题');
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('courseId', String(course.id));
      form.append('title', title.trim());
      const seconds = await videoSeconds(file);
      if (seconds) form.append('lengthUnits', String(seconds));
      form.append('file', file);
      await http.post('/operator/courseware/upload', form);
      message.success(t('content.operatorCourseware.uploaded'));
      setTitle('');
      await refresh();
    } catch {
      // The http client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {course.files.map((file) => (
        <Space key={file.id} wrap data-testid="admin-course-file">
          <Tag>{file.kind === 'video' ? t('content.courseware.video') : t('content.courseware.pdf')}</Tag>
          {file.title}
          <span className="tl-muted">{(file.sizeBytes / 1024).toFixed(0)} KB</span>
          <Popconfirm
            title={t('content.operatorCourseware.confirmDeleteFile')}
            onConfirm={async () => {
              await coursewareApi.operatorDeleteFile(file.id);
              message.success(t('content.operatorCourseware.deleted'));
              await refresh();
            }}
          >
            <Button type="link" danger size="small">
              {t('content.operatorCourseware.deleteFile')}
            </Button>
          </Popconfirm>
        </Space>
      ))}
      <Space wrap>
        <Input
          placeholder={t('content.operatorCourseware.fileTitle')}
          value={title}
          maxLength={100}
          onChange={(event) => setTitle(event.target.value)}
          style={{ width: 220 }}
          data-testid="admin-file-title"
        />
        <Upload
          accept=".pdf,.mp4,.webm,application/pdf,video/mp4,video/webm"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="admin-upload">
            {t('content.operatorCourseware.upload')}
          </Button>
        </Upload>
      </Space>
    </Space>
  );
}

/** Operator console (内容): create and edit courses, upload their video and PDF files. */
export function CoursewareAdminPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<CourseForm & { id?: number }>();
  const courses = useQuery({
    queryKey: ['operator', 'courseware'],
    queryFn: ({ signal }) => coursewareApi.operatorList(signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['operator', 'courseware'] });
  const save = async (values: CourseForm & { id?: number }) => {
    try {
      await coursewareApi.operatorSave(values);
      message.success(t('content.operatorCourseware.saved'));
      form.resetFields();
      await refresh();
    } catch {
      // The http client has shown the server's message.
    }
  };
  const required = { required: true, message: t('content.operatorCourseware.required') };
  return (
    <ConsolePageFrame title={t('content.operatorCourseware.title')}>
      <Card size="small" title={t('content.operatorCourseware.newCourse')} style={{ marginBottom: 16 }}>
        <Form form={form} layout="vertical" onFinish={save} initialValues={{ published: false, sort: 0 }}>
          <Form.Item name="id" hidden>
            <InputNumber />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item name="title" label={t('content.operatorCourseware.courseTitle')} rules={[required]}>
              <Input maxLength={100} style={{ width: 260 }} data-testid="admin-course-title" />
            </Form.Item>
            <Form.Item name="category" label={t('content.operatorCourseware.category')} rules={[required]}>
              <Input maxLength={20} style={{ width: 140 }} data-testid="admin-course-category" />
            </Form.Item>
            <Form.Item name="sort" label={t('content.operatorCourseware.sort')}>
              <InputNumber min={0} max={9999} />
            </Form.Item>
            <Form.Item name="published" label={t('content.operatorCourseware.published')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="summary" label={t('content.operatorCourseware.summary')} rules={[required]}>
            <Input.TextArea maxLength={1000} rows={2} data-testid="admin-course-summary" />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="admin-course-save">
            {t('content.operatorCourseware.save')}
          </Button>
        </Form>
      </Card>
      <Table<OperatorCourse>
        rowKey="id"
        size="small"
        pagination={false}
        loading={courses.isFetching}
        dataSource={courses.data ?? []}
        scroll={{ x: 720 }}
        expandable={{
          // Every course shows its files, a course created just now too.
          expandedRowKeys: (courses.data ?? []).map((course) => course.id),
          showExpandColumn: false,
          expandedRowRender: (course) => <CourseFiles course={course} refresh={refresh} />,
        }}
        columns={[
          { key: 'title', title: t('content.operatorCourseware.courseTitle'), dataIndex: 'title' },
          { key: 'category', title: t('content.operatorCourseware.category'), dataIndex: 'category', width: 110 },
          {
            key: 'published',
            title: t('content.operatorCourseware.published'),
            width: 90,
            render: (_, row) =>
              row.published ? (
                <Tag color="green">{t('content.operatorCourseware.published')}</Tag>
              ) : (
                <Tag>{t('content.operatorCourseware.draft')}</Tag>
              ),
          },
          {
            key: 'actions',
            title: '',
            width: 150,
            render: (_, row) => (
              <Space>
                <Button type="link" size="small" onClick={() => form.setFieldsValue(row)}>
                  {t('content.operatorCourseware.edit')}
                </Button>
                <Popconfirm
                  title={t('content.operatorCourseware.confirmDeleteCourse')}
                  onConfirm={async () => {
                    await coursewareApi.operatorDelete(row.id);
                    message.success(t('content.operatorCourseware.deleted'));
                    await refresh();
                  }}
                >
                  <Button type="link" danger size="small">
                    {t('content.operatorCourseware.deleteCourse')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </ConsolePageFrame>
  );
}
