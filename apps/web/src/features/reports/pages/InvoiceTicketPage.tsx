import { createReportSchema } from '@taxlens/shared';
import { Alert, App, Button, Card, DatePicker, Empty, Form, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { CostCard, InsufficientFunds } from '../components/CostCard';
import { CurrentReportCard } from '../components/CurrentReportCard';
import { DataOverviewCard } from '../components/DataOverviewCard';
import { RecentReports } from '../components/RecentReports';
import { RuleScope } from '../components/RuleScope';
import { costPreview } from '../lib/cost';
import { defaultPeriod, type MonthRange } from '../lib/period';
import { newRequestKey } from '../lib/request-key';
import { useCreateReport, useDataOverview, useFirmNames, useUserDetails } from '../queries';
import { PAGE_TITLE_STYLE } from './page-style';
import './report-pages.css';

interface TicketForm {
  firmId?: number;
  period?: [Dayjs, Dayjs];
}

type SubmitProblem =
  | { kind: 'insufficient'; priceFen: number }
  | { kind: 'missing'; text: string }
  | { kind: 'network'; text: string }
  | null;

const MONTH_FORMAT = 'YYYY-MM';

function toRange(period: [Dayjs, Dayjs] | undefined): MonthRange | null {
  return period ? { start: period[0].format(MONTH_FORMAT), end: period[1].format(MONTH_FORMAT) } : null;
}

/** /ticket 发票穿透: choose the company and period, see the cost, request the invoice report. */
export function InvoiceTicketPage() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [form] = Form.useForm<TicketForm>();
  const firms = useFirmNames();
  const details = useUserDetails();
  const create = useCreateReport();
  const firmId = Form.useWatch('firmId', form);
  const period = Form.useWatch('period', form);
  const overview = useDataOverview(firmId);
  const [problem, setProblem] = useState<SubmitProblem>(null);
  const [reportId, setReportId] = useState<number | null>(null);
  // Kept only while a request may have reached the server unanswered: the retry reuses it.
  const pendingKey = useRef<string | null>(null);
  const defaultedFor = useRef<number | null>(null);

  const cost = useMemo(() => (details.data ? costPreview(details.data, 'INVOICE') : null), [details.data]);
  const range = toRange(period);

  // The company from ?firmId=, else the first one.
  useEffect(() => {
    if (!firms.data?.length || form.getFieldValue('firmId')) return;
    const wanted = Number(params.get('firmId'));
    const firm = firms.data.find((item) => item.firmId === wanted) ?? firms.data[0];
    if (firm) form.setFieldValue('firmId', firm.firmId);
  }, [firms.data, form, params]);

  // Each company starts on its last 12 months that have data.
  useEffect(() => {
    if (!firmId || !overview.data || defaultedFor.current === firmId) return;
    defaultedFor.current = firmId;
    const range = defaultPeriod(overview.data.invoices.firstMonth, overview.data.invoices.lastMonth);
    form.setFieldValue('period', range ? [dayjs(`${range.start}-01`), dayjs(`${range.end}-01`)] : undefined);
  }, [firmId, overview.data, form]);

  const submit = async (values: TicketForm) => {
    setProblem(null);
    const chosen = toRange(values.period);
    const parsed = createReportSchema.safeParse({
      firmId: values.firmId,
      reportType: 'INVOICE',
      periodStart: chosen?.start,
      periodEnd: chosen?.end,
    });
    if (!parsed.success || !values.firmId || !chosen) {
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      form.setFields([{ name: 'period', errors: [issue?.message ?? t('reports.ticket.periodRequired')] }]);
      return;
    }
    const requestKey = pendingKey.current ?? newRequestKey();
    pendingKey.current = requestKey;
    try {
      const answer = await create.mutateAsync({
        firmId: values.firmId,
        reportType: 'INVOICE',
        periodStart: chosen.start,
        periodEnd: chosen.end,
        requestKey,
      });
      pendingKey.current = null;
      setReportId(answer.reportId);
      void message.success(t('reports.ticket.submitted'));
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.kind === 'network' || error.kind === 'timeout') {
        setProblem({ kind: 'network', text: error.msg });
        return;
      }
      pendingKey.current = null;
      if (error.status === 402) setProblem({ kind: 'insufficient', priceFen: cost?.priceFen ?? 0 });
      else if (error.status === 400 && Object.keys(error.fields).length > 0) {
        form.setFields(
          Object.entries(error.fields).map(([field, text]) => ({
            name: field === 'firmId' ? 'firmId' : 'period',
            errors: [text],
          })),
        );
      } else if (error.status === 400) setProblem({ kind: 'missing', text: error.msg });
      else if (error.kind !== 'aborted') void message.error(error.msg);
    }
  };

  const noFirms = firms.isSuccess && firms.data.length === 0;

  return (
    <div className="tl-rpage" data-testid="ticket-page">
      <div className="tl-rpage-head">
        <div>
          <Typography.Title level={3} style={PAGE_TITLE_STYLE}>
            {t('reports.ticket.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="tl-rpage-subtitle">
            {t('reports.ticket.subtitle')}
          </Typography.Paragraph>
        </div>
      </div>
      <div className="tl-ticket-grid">
        <Card>
          {noFirms ? (
            <Empty description={t('reports.ticket.noCompany')} />
          ) : (
            <Form<TicketForm>
              form={form}
              layout="vertical"
              onFinish={(values) => void submit(values)}
              onValuesChange={() => setProblem(null)}
              requiredMark={false}
            >
              <Form.Item
                name="firmId"
                label={t('reports.ticket.company')}
                rules={[{ required: true, message: t('reports.ticket.companyRequired') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={firms.isPending}
                  placeholder={t('reports.ticket.companyPlaceholder')}
                  data-testid="ticket-company"
                  options={(firms.data ?? []).map((firm) => ({
                    value: firm.firmId,
                    label: firm.taxpayerName,
                    taxNo: firm.taxNo,
                  }))}
                  optionRender={(option) => (
                    <div>
                      <div>{option.data.label}</div>
                      <Typography.Text type="secondary" className="tl-small">
                        {option.data.taxNo}
                      </Typography.Text>
                    </div>
                  )}
                />
              </Form.Item>
              <Form.Item
                name="period"
                label={t('reports.ticket.period')}
                extra={t('reports.ticket.periodHint')}
                rules={[{ required: true, message: t('reports.ticket.periodRequired') }]}
              >
                <DatePicker.RangePicker
                  picker="month"
                  allowClear={false}
                  disabledDate={(date) => date.isAfter(dayjs(), 'month')}
                  data-testid="ticket-period"
                />
              </Form.Item>
              {problem?.kind === 'missing' && (
                <Alert
                  className="tl-form-alert"
                  type="warning"
                  showIcon
                  data-testid="missing-data"
                  title={t('reports.ticket.missingTitle')}
                  description={`${problem.text}。${t('reports.ticket.missingHint')}`}
                />
              )}
              {problem?.kind === 'insufficient' && <InsufficientFunds priceFen={problem.priceFen} />}
              {problem?.kind === 'network' && (
                <Alert type="error" showIcon title={problem.text} description={t('reports.ticket.retryHint')} />
              )}
              <Form.Item className="tl-form-submit">
                {/* Not a submit button: Enter in the month fields must never place a paid request. */}
                <Button
                  type="primary"
                  htmlType="button"
                  onClick={() => form.submit()}
                  size="large"
                  loading={create.isPending}
                  disabled={cost?.payWith === 'insufficient'}
                  data-testid="ticket-submit"
                >
                  {problem?.kind === 'network' ? t('reports.ticket.retry') : t('reports.ticket.submit')}
                </Button>
              </Form.Item>
            </Form>
          )}
          {reportId !== null && <CurrentReportCard reportId={reportId} />}
          <RuleScope reportType="INVOICE" />
        </Card>
        <div className="tl-ticket-side">
          <CostCard cost={cost} loading={details.isPending} />
          <DataOverviewCard
            overview={overview.data}
            loading={firmId !== undefined && overview.isPending}
            period={range}
          />
          <RecentReports />
        </div>
      </div>
    </div>
  );
}
