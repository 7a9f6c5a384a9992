import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type FinancialStatementKind,
  formatPeriod,
  PERIOD_FORMAT_HINT,
  periodSchema,
  STATEMENT_LAYOUTS,
  type StatementLayout,
} from '@taxlens/shared';
import { Alert, App, Button, Col, Drawer, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLayoutState } from '../../../app/layout-state';
import { zodRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type FigureSet, importsApi } from '../api';
import { TAXPAYER_TYPE_OPTIONS } from '../catalogs';
import {
  type FiguresFormValues,
  figureProblem,
  figuresFieldName,
  figuresFor,
  isStatement,
  parseFiguresForm,
  valuesFromSet,
} from '../model/figures-form';
import { importKeys } from '../queries';

interface FiguresDrawerProps {
  open: boolean;
  firmId: number;
  statement: FinancialStatementKind;
  /** The period to change; none enters a new one. */
  editing: FigureSet | null;
  onClose: () => void;
}

const LAYOUT_OPTIONS = (Object.keys(STATEMENT_LAYOUTS) as StatementLayout[]).map((value) => ({
  value,
  label: STATEMENT_LAYOUTS[value],
}));

/** 手工录入: one statement or return for one period, in 元; the shared form schema converts to fen. */
export function FiguresDrawer({ open, firmId, statement, editing, onClose }: FiguresDrawerProps) {
  const [form] = Form.useForm<FiguresFormValues>();
  const { message } = App.useApp();
  const { isMobile } = useLayoutState();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const layout = Form.useWatch('layout', form) ?? 'general';
  const statementName = t(`companies.figures.statements.${statement}`);
  const figures = figuresFor(statement, layout);

  useEffect(() => {
    if (!open) return;
    setFormError(null);
    form.resetFields();
    form.setFieldsValue(editing ? valuesFromSet(editing) : { period: '', layout: 'general', figures: {} });
  }, [open, editing, form]);

  const save = useMutation({
    mutationFn: importsApi.saveFigures,
    onSuccess: async () => {
      message.success(t('companies.figures.saved'));
      await queryClient.invalidateQueries({ queryKey: importKeys.firm(firmId) });
      onClose();
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const fields = Object.entries(error.fields).flatMap(([path, text]) => {
        const name = figuresFieldName(path.split('.'));
        return name ? [{ name, errors: [text] }] : [];
      });
      if (fields.length === 0) setFormError(error.msg);
      else form.setFields(fields);
    },
  });

  const submit = (values: FiguresFormValues) => {
    setFormError(null);
    // Only the lines of the chosen layout are sent; a line of the other layout stays out.
    const visible = new Set(figures.map((figure) => figure.key));
    const shown = Object.fromEntries(Object.entries(values.figures ?? {}).filter(([key]) => visible.has(key)));
    const parsed = parseFiguresForm(
      firmId,
      statement,
      { ...values, figures: shown },
      { needOne: t('companies.figures.needOne') },
    );
    if (!parsed.ok) {
      const general = parsed.problems.find((problem) => problem.name.length === 1 && problem.name[0] === 'figures');
      if (general) setFormError(general.message);
      form.setFields(
        parsed.problems.flatMap((problem) => {
          const name = problem === general ? null : figuresFieldName(problem.name);
          return name ? [{ name, errors: [problem.message] }] : [];
        }),
      );
      return;
    }
    save.mutate(parsed.body);
  };

  const title = editing
    ? t('companies.figures.drawerEdit', { period: formatPeriod(editing.period), statement: statementName })
    : t('companies.figures.drawerCreate', { statement: statementName });

  return (
    <Drawer
      open={open}
      title={title}
      size={isMobile ? '100%' : 760}
      onClose={onClose}
      destroyOnHidden
      forceRender
      data-testid="figures-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('companies.figures.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="figures-save">
            {t('companies.figures.save')}
          </Button>
        </Space>
      }
    >
      <Form<FiguresFormValues> form={form} layout="vertical" onFinish={submit} className="tl-co-figure-grid">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="period"
              label={t('companies.figures.period')}
              required
              rules={[zodRule(periodSchema)]}
              extra={t('companies.figures.periodHint')}
            >
              <Input
                placeholder={t('companies.figures.periodPlaceholder')}
                disabled={editing !== null}
                title={PERIOD_FORMAT_HINT}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {isStatement(statement) ? (
              <Form.Item name="layout" label={t('companies.figures.layout')}>
                <Radio.Group options={LAYOUT_OPTIONS} optionType="button" />
              </Form.Item>
            ) : statement === 'vat_return' ? (
              <Form.Item name="taxpayerType" label={t('companies.figures.taxpayerType')}>
                <Select options={TAXPAYER_TYPE_OPTIONS} allowClear />
              </Form.Item>
            ) : null}
          </Col>
        </Row>
        <Typography.Paragraph type="secondary">{t('companies.figures.figuresHint')}</Typography.Paragraph>
        {formError && <Alert type="error" showIcon title={formError} className="tl-co-form-alert" />}
        <Row gutter={16}>
          {figures.map((figure) => {
            const line = isStatement(statement) ? figure.lines[layout] : null;
            return (
              <Col xs={24} md={12} key={figure.key}>
                <Form.Item
                  name={['figures', figure.key]}
                  validateTrigger="onBlur"
                  rules={[
                    {
                      validator: async (_rule, value: string | undefined) => {
                        const problem = figureProblem(statement, figure.key, value);
                        if (problem) throw new Error(problem);
                      },
                    },
                  ]}
                  label={
                    <span className="tl-co-figure-label">
                      {line !== null && (
                        <Typography.Text type="secondary" className="tl-co-figure-line">
                          {line}
                        </Typography.Text>
                      )}
                      {figure.label}
                    </span>
                  }
                >
                  <Input
                    inputMode="decimal"
                    placeholder={
                      figure.unit === 'bp'
                        ? t('companies.figures.ratePlaceholder')
                        : t('companies.figures.amountPlaceholder')
                    }
                    suffix={figure.unit === 'bp' ? undefined : t('companies.yuan')}
                    allowClear
                  />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
    </Drawer>
  );
}
