import { PlayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, List, Progress, Row, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { type CourseSummary, coursewareApi } from '../api';

const percent = (course: CourseSummary) => (course.files > 0 ? Math.round((course.done / course.files) * 100) : 0);
const useCourses = () =>
  useQuery({ queryKey: ['courseware', 'list'], queryFn: ({ signal }) => coursewareApi.list(signal) });

function CourseCard({ course }: { course: CourseSummary }) {
  return (
    <Card
      size="small"
      title={course.title}
      extra={<Tag>{course.category}</Tag>}
      data-testid="course-card"
      actions={[
        <Link key="open" to={`/courseware/desc?id=${course.id}`}>
          <PlayCircleOutlined /> {course.done > 0 ? t('content.courseware.continue') : t('content.courseware.open')}
        </Link>,
      ]}
    >
      <p className="tl-muted" style={{ minHeight: 44 }}>
        {course.summary}
      </p>
      <Space size={4}>
        <span>{t('content.courseware.files', { files: course.files })}</span>
        <span>·</span>
        <span>{t('content.courseware.progress', { done: course.done, files: course.files })}</span>
      </Space>
      <Progress percent={percent(course)} size="small" />
    </Card>
  );
}

/** /courseware: the enablement service's home — courses by category as cards. */
export function CoursewarePage() {
  const courses = useCourses();
  const [category, setCategory] = useState<string>('');
  const categories = [...new Set((courses.data ?? []).map((course) => course.category))];
  const shown = (courses.data ?? []).filter((course) => !category || course.category === category);
  return (
    <PageFrame
      title={t('content.routes.courseware')}
      subtitle={t('content.courseware.intro')}
      testId="courseware-page"
      extra={
        <Link to="/courseware/list">
          <Button>{t('content.courseware.all')}</Button>
        </Link>
      }
    >
      {categories.length > 1 && (
        <Segmented
          style={{ marginBottom: 16 }}
          value={category}
          onChange={(value) => setCategory(String(value))}
          options={[{ value: '', label: t('content.courseware.allCategories') }, ...categories]}
        />
      )}
      {shown.length === 0 && !courses.isFetching ? (
        <Empty description={t('content.courseware.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((course) => (
            <Col key={course.id} xs={24} md={12} xl={8}>
              <CourseCard course={course} />
            </Col>
          ))}
        </Row>
      )}
    </PageFrame>
  );
}

/** /courseware/list: every course in one list with the user's progress. */
export function CourseListPage() {
  const courses = useCourses();
  return (
    <PageFrame title={t('content.routes.coursewareList')} testId="course-list-page">
      <List<CourseSummary>
        loading={courses.isFetching}
        dataSource={courses.data ?? []}
        locale={{ emptyText: t('content.courseware.empty') }}
        renderItem={(course) => (
          <List.Item
            data-testid="course-row"
            actions={[
              <Link key="open" to={`/courseware/desc?id=${course.id}`}>
                {course.done > 0 ? t('content.courseware.continue') : t('content.courseware.open')}
              </Link>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  {course.title}
                  <Tag>{course.category}</Tag>
                </Space>
              }
              description={course.summary}
            />
            <div style={{ width: 140 }}>
              <Progress percent={percent(course)} size="small" />
            </div>
          </List.Item>
        )}
      />
    </PageFrame>
  );
}
