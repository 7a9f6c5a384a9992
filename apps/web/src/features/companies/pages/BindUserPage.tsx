import { LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createShareLinkSchema, type ShareLink } from '@taxlens/shared';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { zodRule } from '../../../lib/form-rules';
import { t } from '../../../locales';
import { shareApi } from '../api';
import { ShareLinkDetails } from '../components/ShareLinkDetails';
import { ShareLinkTable } from '../components/ShareLinkTable';
import { companyNamesOptions, shareKeys, shareStateOptions, useCompanyRealtime } from '../queries';
import '../companies.css';

interface CreateValues {
  firmId?: number;
  expiresInDays: number;
  note?: string;
}

/** The companies to choose from, searched on the server as the user types. */
function useCompanyOptions(keyword: string) {
  const [settled, setSettled] = useState(keyword);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(keyword.trim()), 300);
    return () => clearTimeout(timer);
  }, [keyword]);
  const names = useQuery(companyNamesOptions(settled));
  return {
    loading: names.isFetching,
    options: (names.data ?? []).map((item) => ({ value: item.firmId, label: `${item.taxpayerName}（${item.taxNo}）` })),
  };
}

/** /company/bindUser 客户上传链接 (spec 客户报备): make a link for a client, hand it over, and follow its state. */
export function BindUserPage() {
  const [params] = useSearchParams();
  const presetFirmId = Number(params.get('firmId')) || undefined;
  const [form] = Form.useForm<CreateValues>();
  const [keyword, setKeyword] = useState('');
  const [created, setCreated] = useState<ShareLink | null>(null);
  const companies = useCompanyOptions(keyword);
  const queryClient = useQueryClient();
  useCompanyRealtime();

  const create = useMutation({
    mutationFn: (values: CreateValues) =>
      shareApi.create({
        firmId: values.firmId ?? null,
        expiresInDays: values.expiresInDays,
        note: values.note?.trim() || null,
      }),
    onSuccess: async (link) => {
      setCreated(link);
      await queryClient.invalidateQueries({ queryKey: shareKeys.lists() });
    },
  });

  // The created link's state is refetched with the lists on SHARE_LINK events.
  const latest = useQuery(shareStateOptions(created?.shareId ?? null)).data;

  return (
    <PageFrame title={t('companies.routes.bindUser')} subtitle={t('companies.share.subtitle')} testId="bind-user-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Card title={t('companies.share.createTitle')} className="tl-co-stat">
            <Form<CreateValues>
              form={form}
              layout="vertical"
              initialValues={{ expiresInDays: 7, firmId: presetFirmId }}
              onFinish={(values) => create.mutate(values)}
              data-testid="share-create-form"
            >
              <Form.Item name="firmId" label={t('companies.share.company')} extra={t('companies.share.companyHint')}>
                <Select
                  allowClear
                  showSearch={{ filterOption: false, onSearch: setKeyword }}
                  loading={companies.loading}
                  options={companies.options}
                  placeholder={t('companies.share.companyPlaceholder')}
                  data-testid="share-company"
                />
              </Form.Item>
              <Form.Item
                name="expiresInDays"
                label={t('companies.share.expires')}
                extra={t('companies.share.expiresHint')}
                rules={[zodRule(createShareLinkSchema.shape.expiresInDays)]}
              >
                <InputNumber
                  min={1}
                  max={30}
                  precision={0}
                  suffix={t('companies.share.expiresUnit')}
                  style={{ width: 160 }}
                />
              </Form.Item>
              <Form.Item
                name="note"
                label={t('companies.share.note')}
                rules={[zodRule(createShareLinkSchema.shape.note)]}
              >
                <Input placeholder={t('companies.share.notePlaceholder')} maxLength={100} allowClear />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                icon={<LinkOutlined />}
                loading={create.isPending}
                block
                data-testid="share-create"
              >
                {t('companies.share.create')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Card title={t('companies.share.resultTitle')} className="tl-co-stat">
            {created ? (
              <ShareLinkDetails link={latest ?? created} />
            ) : (
              <div className="tl-co-share-guide">
                <Steps
                  orientation="vertical"
                  current={-1}
                  items={[
                    { title: t('companies.share.guide.one'), content: t('companies.share.guide.oneHint') },
                    { title: t('companies.share.guide.two'), content: t('companies.share.guide.twoHint') },
                    { title: t('companies.share.guide.three'), content: t('companies.share.guide.threeHint') },
                  ]}
                />
                <Typography.Text type="secondary">{t('companies.share.resultEmpty')}</Typography.Text>
              </div>
            )}
          </Card>
        </Col>
      </Row>
      <Card title={t('companies.share.listTitle')} styles={{ body: { padding: 0 } }}>
        <ShareLinkTable />
      </Card>
    </PageFrame>
  );
}
