import {
  POOL_REPORT_TYPES,
  type PoolReportType,
  reportKindByReportType,
  watermarkSettingsSchema,
} from '@taxlens/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Divider,
  Form,
  Input,
  Radio,
  Skeleton,
  Space,
  Switch,
  Typography,
  theme,
} from 'antd';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { ImageField, type ImageFieldText } from '../components/ImageField';
import { ReportCustomCard } from '../components/ReportCustomCard';
import { ReportWatermark } from '../components/ReportWatermark';
import { useReportCssVars } from '../components/useReportCssVars';
import { CoverCard } from '../covers/CoverCard';
import { useGroupLogo, useSaveWatermark, useWatermark, useWatermarkImage, useWatermarkSwitch } from '../queries';
import '../components/report.css';
import { PAGE_TITLE_STYLE } from './page-style';
import './report-pages.css';

interface WatermarkForm {
  watermark: string;
  scope: 'all' | 'some';
  objects: PoolReportType[];
}

const TEXT_MAX = 30;

const imageText = (hasText: boolean): ImageFieldText => ({
  label: t('reports.watermark.image'),
  hint: t('reports.watermark.imageHint'),
  upload: t('reports.watermark.imageUpload'),
  replace: t('reports.watermark.imageReplace'),
  delete: t('reports.watermark.imageDelete'),
  deleteConfirm: t('reports.watermark.imageDeleteConfirm'),
  deleteNote: hasText ? undefined : t('reports.watermark.imageDeleteNoText'),
  uploaded: t('reports.watermark.imageUploaded'),
  deleted: t('reports.watermark.imageDeleted'),
  wrongType: t('reports.watermark.imageWrongType'),
  tooLarge: t('reports.watermark.imageTooLarge'),
  none: t('reports.watermark.imageNone'),
});

const logoText = (): ImageFieldText => ({
  label: t('reports.watermark.logo'),
  hint: t('reports.watermark.logoHint'),
  upload: t('reports.watermark.logoUpload'),
  replace: t('reports.watermark.logoReplace'),
  delete: t('reports.watermark.logoDelete'),
  deleteConfirm: t('reports.watermark.logoDeleteConfirm'),
  deleteNote: t('reports.watermark.logoDeleteNote'),
  uploaded: t('reports.watermark.logoUploaded'),
  deleted: t('reports.watermark.logoDeleted'),
  wrongType: t('reports.watermark.logoWrongType'),
  tooLarge: t('reports.watermark.logoTooLarge'),
  none: t('reports.watermark.imageNone'),
});

/** The live preview: a miniature report page with the watermark as it will print. */
function WatermarkSample({ text, imageUrl, on }: { text: string; imageUrl: string | null; on: boolean }) {
  const cssVars = useReportCssVars();
  const { token } = theme.useToken();
  return (
    <Card title={t('reports.watermark.preview')} size="small" data-testid="watermark-preview">
      <div
        className="tl-watermark-sample tl-report"
        style={{ ...cssVars, background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}` }}
      >
        <ReportWatermark text={text} imageUrl={imageUrl} mode="sample" />
        <Typography.Title level={4} style={{ color: token.colorPrimary, marginTop: 0 }}>
          {t('reports.watermark.sampleTitle')}
        </Typography.Title>
        <Typography.Text strong>{t('reports.watermark.sampleCompany')}</Typography.Text>
        {[92, 76, 84, 60, 88, 70, 80, 66, 90, 58].map((width) => (
          <div
            key={width}
            className="tl-watermark-sample-line"
            style={{ width: `${width}%`, background: token.colorFillSecondary }}
          />
        ))}
        <Typography.Text type="secondary" className="tl-small">
          {t('reports.watermark.sampleLine')}
        </Typography.Text>
      </div>
      <Typography.Paragraph type="secondary" className="tl-small" style={{ marginTop: 8, marginBottom: 0 }}>
        {on && (text || imageUrl) ? t('reports.watermark.previewHint') : t('reports.watermark.previewOff')}
      </Typography.Paragraph>
    </Card>
  );
}

/** /watermark 报告配置 (reportConfigPermission 1, level 1): the group's PDF watermark. */
export function WatermarkPage() {
  const { message } = App.useApp();
  const settings = useWatermark();
  const save = useSaveWatermark();
  const toggle = useWatermarkSwitch();
  const watermarkImage = useWatermarkImage();
  const groupLogo = useGroupLogo();
  const [form] = Form.useForm<WatermarkForm>();
  const text = Form.useWatch('watermark', form) ?? '';
  const scope = Form.useWatch('scope', form);
  const on = settings.data?.watermarkSwitch === 1;
  const imageUrl = settings.data?.imageUrl ?? null;

  useEffect(() => {
    if (!settings.data) return;
    const objects = settings.data.watermarkObject;
    form.setFieldsValue({
      watermark: settings.data.watermark ?? '',
      scope: objects === '0' ? 'all' : 'some',
      objects: objects === '0' ? [...POOL_REPORT_TYPES] : objects,
    });
  }, [settings.data, form]);

  /** The form as the addWatermark body, or null after putting the schema's message on the field. */
  const bodyOf = (values: WatermarkForm, watermarkSwitch: 0 | 1) => {
    const parsed = watermarkSettingsSchema.safeParse({
      watermark: values.watermark.trim() || null,
      watermarkSwitch,
      watermarkObject: values.scope === 'all' ? '0' : values.objects,
    });
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    form.setFields([
      { name: issue?.path[0] === 'watermarkObject' ? 'objects' : 'watermark', errors: [issue?.message ?? ''] },
    ]);
    return null;
  };

  const store = (values: WatermarkForm, watermarkSwitch: 0 | 1, done: string) => {
    const body = bodyOf(values, watermarkSwitch);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => void message.success(done),
      onError: (error) => {
        if (!isApiError(error)) return;
        if (error.fields.watermark) form.setFields([{ name: 'watermark', errors: [error.fields.watermark] }]);
        else void message.error(error.msg);
      },
    });
  };

  const submit = (values: WatermarkForm) =>
    store(values, settings.data?.watermarkSwitch ?? 0, t('reports.watermark.saved'));

  const switchTo = (checked: boolean) => {
    const values = form.getFieldsValue();
    if (checked && !values.watermark?.trim() && !imageUrl) {
      form.setFields([{ name: 'watermark', errors: [t('reports.watermark.textRequired')] }]);
      return;
    }
    // Unsaved text or scope is saved together with the switch; otherwise only the switch moves.
    if (form.isFieldsTouched()) {
      store(values, checked ? 1 : 0, t('reports.watermark.switched'));
      return;
    }
    toggle.mutate(checked ? 1 : 0, { onSuccess: () => void message.success(t('reports.watermark.switched')) });
  };

  return (
    <div className="tl-rpage" data-testid="watermark-page">
      <div>
        <Typography.Title level={3} style={PAGE_TITLE_STYLE}>
          {t('reports.watermark.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="tl-rpage-subtitle">
          {t('reports.watermark.subtitle')}
        </Typography.Paragraph>
      </div>
      {settings.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(settings.error) ? settings.error.msg : t('reports.common.loadFailed')}
        />
      ) : (
        <div className="tl-watermark-grid">
          <Card>
            {settings.isPending ? (
              <Skeleton active />
            ) : (
              <>
                <Space className="tl-block" align="center">
                  <Typography.Text strong>{t('reports.watermark.switch')}</Typography.Text>
                  <Switch
                    checked={on}
                    loading={toggle.isPending || save.isPending}
                    onChange={switchTo}
                    data-testid="watermark-switch"
                  />
                  <Typography.Text type="secondary">
                    {on ? t('reports.watermark.switchOn') : t('reports.watermark.switchOff')}
                  </Typography.Text>
                </Space>
                <Form<WatermarkForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
                  <Form.Item
                    name="watermark"
                    label={t('reports.watermark.text')}
                    rules={[{ max: TEXT_MAX, message: t('reports.watermark.textTooLong', { max: TEXT_MAX }) }]}
                  >
                    <Input
                      maxLength={TEXT_MAX}
                      showCount
                      placeholder={t('reports.watermark.textPlaceholder')}
                      data-testid="watermark-text"
                    />
                  </Form.Item>
                  <Form.Item name="scope" label={t('reports.watermark.objects')}>
                    <Radio.Group
                      options={[
                        { value: 'all', label: t('reports.watermark.allReports') },
                        { value: 'some', label: t('reports.watermark.someReports') },
                      ]}
                    />
                  </Form.Item>
                  {scope === 'some' && (
                    <Form.Item
                      name="objects"
                      rules={[{ type: 'array', min: 1, message: t('reports.watermark.objectsRequired') }]}
                    >
                      <Checkbox.Group
                        options={POOL_REPORT_TYPES.map((type) => ({
                          value: type,
                          label: reportKindByReportType(type)?.name ?? type,
                        }))}
                      />
                    </Form.Item>
                  )}
                  <ImageField
                    imageUrl={imageUrl}
                    text={imageText(Boolean(settings.data?.watermark))}
                    change={watermarkImage}
                    testId="watermark-image"
                  />
                  <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="watermark-save">
                    {t('reports.watermark.save')}
                  </Button>
                </Form>
                <Divider />
                <ImageField
                  imageUrl={settings.data?.logoUrl ?? null}
                  text={logoText()}
                  change={groupLogo}
                  testId="group-logo"
                />
              </>
            )}
          </Card>
          <WatermarkSample text={text} imageUrl={imageUrl} on={on} />
        </div>
      )}
      {!settings.isError && <CoverCard />}
      {!settings.isError && <ReportCustomCard />}
    </div>
  );
}
