import { CheckCircleFilled, FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, List, Row, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type CourseFile, coursewareApi } from '../api';
import '../courseware.css';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
/** Seconds between progress saves while a video plays. */
const SAVE_EVERY = 5;

/** The player of one file: a video resumes where the user left it; a PDF shows inline. */
function FilePlayer({ file, onProgress }: { file: CourseFile; onProgress: (position: number, done: boolean) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef(file.position);
  useEffect(() => {
    lastSaved.current = file.position;
  }, [file.position]);
  if (file.kind === 'pdf') {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <object data={file.url} type="application/pdf" className="tl-course-pdf" aria-label={file.title}>
          {/* Where the browser cannot show a PDF inline (phones, no viewer): a download link. */}
          <a href={file.url} target="_blank" rel="noreferrer">
            {t('content.courseware.download')}
          </a>
        </object>
        <Space wrap>
          {!file.done && (
            <Button data-testid="course-mark-done" onClick={() => onProgress(file.lengthUnits ?? 0, true)}>
              {t('content.courseware.markDone')}
            </Button>
          )}
        </Space>
      </Space>
    );
  }
  const limit = file.lengthUnits ?? Number.POSITIVE_INFINITY;
  return (
    // biome-ignore lint/a11y/useMediaCaption: the demo lectures have no caption track yet
    <video
      ref={video}
      key={file.id}
      src={file.url}
      controls
      preload="metadata"
      className="tl-course-video"
      data-testid="course-video"
      onLoadedMetadata={(event) => {
        if (file.position > 0 && !file.done) event.currentTarget.currentTime = file.position;
      }}
      onTimeUpdate={(event) => {
        const position = Math.min(Math.floor(event.currentTarget.currentTime), limit);
        if (Math.abs(position - lastSaved.current) >= SAVE_EVERY) {
          lastSaved.current = position;
          onProgress(position, false);
        }
      }}
      onPause={(event) => onProgress(Math.min(Math.floor(event.currentTarget.currentTime), limit), false)}
      onEnded={() => onProgress(Number.isFinite(limit) ? limit : 0, true)}
    />
  );
}

/** /courseware/desc?id=: a course's files, the player and the user's progress per file. */
export function CourseDescPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const client = useQueryClient();
  const course = useQuery({
    queryKey: ['courseware', 'course', id],
    queryFn: ({ signal }) => coursewareApi.course(id, signal),
    enabled: id > 0,
    retry: false,
  });
  const [current, setCurrent] = useState<number | null>(null);
  const files = course.data?.fileList ?? [];
  const file = files.find((item) => item.id === current) ?? files.find((item) => !item.done) ?? files[0];

  const save = async (target: CourseFile, position: number, done: boolean) => {
    await coursewareApi.saveProgress({ fileId: target.id, position, done }).catch(() => undefined);
    if (done) await client.invalidateQueries({ queryKey: ['courseware'] });
  };

  return (
    <PageFrame
      title={course.data?.title ?? t('content.routes.coursewareDesc')}
      subtitle={course.data?.summary}
      back={{ to: '/courseware/list', label: t('content.courseware.back') }}
      testId="course-desc-page"
    >
      {course.error && (
        <Alert
          type="warning"
          showIcon
          message={isApiError(course.error) ? course.error.msg : t('content.courseware.notFound')}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          {file && (
            <Card size="small" title={file.title}>
              <FilePlayer file={file} onProgress={(position, done) => save(file, position, done)} />
              {file.kind === 'video' && file.position > 0 && !file.done && (
                <div className="tl-muted">{t('content.courseware.resumeAt', { time: clock(file.position) })}</div>
              )}
            </Card>
          )}
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small">
            <List<CourseFile>
              dataSource={files}
              renderItem={(item) => (
                <List.Item
                  data-testid="course-file"
                  onClick={() => setCurrent(item.id)}
                  style={{ cursor: 'pointer', fontWeight: item.id === file?.id ? 600 : undefined }}
                >
                  <Space>
                    {item.kind === 'video' ? <PlayCircleOutlined /> : <FilePdfOutlined />}
                    {item.title}
                  </Space>
                  {item.done ? (
                    <Tag color="green" icon={<CheckCircleFilled />}>
                      {t('content.courseware.done')}
                    </Tag>
                  ) : (
                    <Tag>{item.kind === 'video' ? t('content.courseware.video') : t('content.courseware.pdf')}</Tag>
                  )}
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
