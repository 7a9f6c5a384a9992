import { ApartmentOutlined, EditOutlined } from '@ant-design/icons';
import { formatDateTime, maskPhone, type SessionUser } from '@taxlens/shared';
import { Alert, App, Button, Card, Descriptions, Result, Skeleton, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH } from '../../../app/routes';
import { t } from '../../../locales';
import { refreshSessionUser, useSessionUser } from '../../auth/queries';
import type { AccountSubjectInput } from '../api';
import { SubjectForm } from '../components/SubjectForm';
import { useBindSubjectMutation, useSubjectQuery, useUpdateSubjectMutation } from '../queries';
import '../accounts.css';

const EDIT_TYPE = 'edit';

/** A user without a group binds its account subject, becomes its main account and goes home. */
function BindSubject({ user }: { user: SessionUser }) {
  const bind = useBindSubjectMutation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { token } = theme.useToken();

  const submit = async (values: AccountSubjectInput) => {
    await bind.mutateAsync(values);
    // The session user now has a group; the header and guards read it from here.
    await refreshSessionUser().catch(() => undefined);
    message.success(t('accounts.subject.bindSuccess'));
    navigate(HOME_PATH, { replace: true });
  };

  return (
    <div className="tl-accounts-page is-narrow">
      <Card className="tl-bind-card" data-testid="bind-subject">
        <div className="tl-bind-head">
          <span className="tl-bind-icon" style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}>
            <ApartmentOutlined />
          </span>
          <div>
            <Typography.Title level={4} className="tl-bind-title">
              {t('accounts.subject.bindTitle')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" className="tl-bind-intro">
              {t('accounts.subject.bindIntro')}
            </Typography.Paragraph>
          </div>
        </div>
        <SubjectForm
          initialValues={{ contactName: user.nickName ?? '', contactPhone: user.phone }}
          submitLabel={t('accounts.subject.bindSubmit')}
          pending={bind.isPending}
          onSubmit={submit}
          testId="bind-subject-form"
        />
      </Card>
    </div>
  );
}

/** Main-body info of the group; the main account edits it in ?type=edit. */
function SubjectInfo({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const subject = useSubjectQuery();
  const update = useUpdateSubjectMutation();
  const { message } = App.useApp();
  const canEdit = user.level === 1;
  const editing = canEdit && params.get('type') === EDIT_TYPE;
  const leaveEdit = () => setParams({}, { replace: true });

  const save = async (values: AccountSubjectInput) => {
    await update.mutateAsync(values);
    // The group name shows in the header and the user popover.
    await refreshSessionUser().catch(() => undefined);
    message.success(t('accounts.subject.saved'));
    leaveEdit();
  };

  let body: ReactNode;
  if (subject.isPending) {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  } else if (subject.isError) {
    body = (
      <Result
        status="error"
        title={t('accounts.subject.loadFailed')}
        extra={<Button onClick={() => subject.refetch()}>{t('accounts.users.retry')}</Button>}
      />
    );
  } else if (editing) {
    const info = subject.data;
    body = (
      <SubjectForm
        initialValues={{
          name: info.name,
          creditCode: info.creditCode ?? '',
          contactName: info.contactName ?? '',
          contactPhone: info.contactPhone ?? '',
        }}
        submitLabel={t('accounts.subject.save')}
        pending={update.isPending}
        onSubmit={save}
        onCancel={leaveEdit}
        testId="edit-subject-form"
      />
    );
  } else {
    const info = subject.data;
    body = (
      <>
        <Descriptions
          bordered
          column={1}
          size="middle"
          styles={{ label: { width: 180 } }}
          data-testid="subject-info"
          items={[
            { key: 'name', label: t('accounts.subject.name'), children: info.name },
            { key: 'creditCode', label: t('accounts.subject.creditCode'), children: info.creditCode ?? '-' },
            { key: 'contactName', label: t('accounts.subject.contactName'), children: info.contactName ?? '-' },
            { key: 'contactPhone', label: t('accounts.subject.contactPhone'), children: maskPhone(info.contactPhone) },
            { key: 'createTime', label: t('accounts.subject.createTime'), children: formatDateTime(info.createTime) },
          ]}
        />
        {!canEdit && (
          <Alert className="tl-subject-hint" type="info" showIcon title={t('accounts.subject.readonlyHint')} />
        )}
      </>
    );
  }

  return (
    <div className="tl-accounts-page is-narrow">
      <Card
        title={editing ? t('accounts.subject.editTitle') : t('accounts.subject.infoTitle')}
        extra={
          canEdit &&
          !editing &&
          subject.isSuccess && (
            <Button icon={<EditOutlined />} onClick={() => setParams({ type: EDIT_TYPE })} data-testid="subject-edit">
              {t('accounts.subject.edit')}
            </Button>
          )
        }
      >
        {body}
      </Card>
    </div>
  );
}

/** /company/detail: binding for users without an account subject, the main-body info for the others. */
export function CompanyDetailPage() {
  const user = useSessionUser();
  if (!user) return null;
  return user.isGroup === 0 ? <BindSubject user={user} /> : <SubjectInfo user={user} />;
}
