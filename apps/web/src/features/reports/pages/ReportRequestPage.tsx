import { FileTextOutlined } from '@ant-design/icons';
import { type DataOverview, reportKindByReportType } from '@taxlens/shared';
import { Alert, Button, Card, DatePicker, Empty, Form, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { t } from '../../../locales';
import { CostCard, InsufficientFunds } from '../components/CostCard';
import { CurrentReportCard } from '../components/CurrentReportCard';
import { DataOverviewCard } from '../components/DataOverviewCard';
import { RecentReports } from '../components/RecentReports';
import { RuleScope } from '../components/RuleScope';
import { YearDataCard } from '../components/YearDataCard';
import { blocked, costPreview } from '../lib/cost';
import { statementYears } from '../lib/data-years';
import {
  defaultPeriod,
  defaultYearRange,
  isYearlyReport,
  MAX_REPORT_YEARS,
  type MonthRange,
  type PeriodUnit,
  periodUnitOf,
  type YearRange,
  yearMonths,
} from '../lib/period';
import { useDataOverview, useFirmNames, useUserDetails } from '../queries';
import { PAGE_TITLE_STYLE } from './page-style';
import { examplePath, historyPathOf, type RequestKind } from './request-kinds';
import { useReportRequest } from './useReportRequest';
import './report-pages.css';

interface RequestForm {
  firmId?: number;
  period?: [Dayjs, Dayjs];
}

const MONTH_FORMAT = 'YYYY-MM';

function yearsOf(period: [Dayjs, Dayjs] | undefined): YearRange | null {
  return period ? { start: period[0].year(), end: period[1].year() } : null;
}

/** The chosen period as the API takes it: months, or whole years as January to December. */
function monthsOf(unit: PeriodUnit, period: [Dayjs, Dayjs] | undefined): MonthRange | null {
  if (!period) return null;
  if (unit === 'year') return yearMonths({ start: period[0].year(), end: period[1].year() });
  return { start: period[0].format(MONTH_FORMAT), end: period[1].format(MONTH_FORMAT) };
}

/** Invoices: the last 12 months with invoices. Statements: the last 3 years with any. */
function defaultPicker(unit: PeriodUnit, overview: DataOverview): [Dayjs, Dayjs] | undefined {
  if (unit === 'year') {
    const years = defaultYearRange(statementYears(overview));
    return years ? [dayjs(`${years.start}-01-01`), dayjs(`${years.end}-01-01`)] : undefined;
  }
  const months = defaultPeriod(overview.invoices.firstMonth, overview.invoices.lastMonth);
  return months ? [dayjs(`${months.start}-01`), dayjs(`${months.end}-01`)] : undefined;
}

/** No future period; a year range spans at most the server's 36 months. */
function disabledFor(unit: PeriodUnit) {
  return (date: Dayjs, info?: { from?: Dayjs }) => {
    if (date.isAfter(dayjs(), unit)) return true;
    return unit === 'year' && info?.from ? Math.abs(date.year() - info.from.year()) >= MAX_REPORT_YEARS : false;
  };
}

/**
 * The request page of one report kind (/ticket, /risk/report, /comprehensive/report): choose the
 * company and the period (months for invoices, whole years for the statement-based kinds), see
 * the cost and the data there is, and request the report.
 */
export function ReportRequestPage({ kind }: { kind: RequestKind }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<RequestForm>();
  const unit = periodUnitOf(kind);
  const name = reportKindByReportType(kind)?.name ?? kind;
  const historyPath = historyPathOf(kind);
  const example = examplePath(kind);
  const firms = useFirmNames();
  const details = useUserDetails();
  const firmId = Form.useWatch('firmId', form);
  const period = Form.useWatch('period', form);
  const overview = useDataOverview(firmId);
  const defaultedFor = useRef<number | null>(null);
  const cost = useMemo(() => (details.data ? costPreview(details.data, kind) : null), [details.data, kind]);
  const contact = {
    canPay: details.data?.rechargeAstrict === 0,
    superiorPhone: details.data?.superiorPhone ?? null,
  };
  const request = useReportRequest(kind, form, cost?.priceFen ?? 0);
  const { problem } = request;

  // The company from ?firmId=, else the first one.
  useEffect(() => {
    if (!firms.data?.length || form.getFieldValue('firmId')) return;
    const wanted = Number(params.get('firmId'));
    const firm = firms.data.find((item) => item.firmId === wanted) ?? firms.data[0];
    if (firm) form.setFieldValue('firmId', firm.firmId);
  }, [firms.data, form, params]);

  // Each company starts on its latest data.
  useEffect(() => {
    if (!firmId || !overview.data || defaultedFor.current === firmId) return;
    defaultedFor.current = firmId;
    form.setFieldValue('period', defaultPicker(unit, overview.data));
  }, [firmId, overview.data, form, unit]);

  const noFirms = firms.isSuccess && firms.data.length === 0;
  const periodLabel = unit === 'year' ? t('reports.years.period') : t('reports.ticket.period');
  const periodHint =
    unit === 'year' ? (
      <>
        <div>{t('reports.years.periodHint')}</div>
        <div>{t('reports.years.compareHint')}</div>
      </>
    ) : (
      t('reports.ticket.periodHint')
    );

  return (
    <div className="tl-rpage" data-testid="ticket-page" data-report-type={kind}>
      <div className="tl-rpage-head">
        <div>
          <Typography.Title level={3} style={PAGE_TITLE_STYLE}>
            {t(`reports.kinds.${kind}.title`)}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="tl-rpage-subtitle">
            {t(`reports.kinds.${kind}.subtitle`)}
          </Typography.Paragraph>
        </div>
        {example && (
          <Button icon={<FileTextOutlined />} onClick={() => navigate(example)} data-testid="example-report">
            {t('reports.ticket.example')}
          </Button>
        )}
      </div>
      <div className="tl-ticket-grid" data-testid={`report-request-${kind}`}>
        <Card>
          {noFirms ? (
            <Empty
              description={details.data?.level === 3 ? t('staff.noAssigned') : t('reports.ticket.noCompany')}
              data-testid="no-company"
            />
          ) : (
            <Form<RequestForm>
              form={form}
              layout="vertical"
              onFinish={(values) => void request.submit(values.firmId, monthsOf(unit, values.period))}
              onValuesChange={request.clearProblem}
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
                label={periodLabel}
                extra={periodHint}
                rules={[{ required: true, message: t('reports.ticket.periodRequired') }]}
              >
                <DatePicker.RangePicker
                  picker={unit}
                  allowClear={false}
                  disabledDate={disabledFor(unit)}
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
              {problem?.kind === 'insufficient' && (
                <InsufficientFunds name={name} priceFen={problem.priceFen} contact={contact} text={problem.text} />
              )}
              {problem?.kind === 'network' && (
                <Alert type="error" showIcon title={problem.text} description={t('reports.ticket.retryHint')} />
              )}
              <Form.Item className="tl-form-submit">
                {/* Not a submit button: Enter in the period fields must never place a paid request. */}
                <Button
                  type="primary"
                  htmlType="button"
                  onClick={() => form.submit()}
                  size="large"
                  loading={request.submitting}
                  disabled={blocked(cost)}
                  data-testid="ticket-submit"
                >
                  {problem?.kind === 'network' ? t('reports.ticket.retry') : t('reports.ticket.submit')}
                </Button>
              </Form.Item>
            </Form>
          )}
          {request.reportId !== null && <CurrentReportCard reportId={request.reportId} historyPath={historyPath} />}
          <RuleScope reportType={kind} />
        </Card>
        <div className="tl-ticket-side">
          <CostCard name={name} cost={cost} loading={details.isPending} contact={contact} />
          {isYearlyReport(kind) ? (
            <YearDataCard
              overview={overview.data}
              loading={firmId !== undefined && overview.isPending}
              range={yearsOf(period)}
              firmId={firmId}
              reportType={kind}
            />
          ) : (
            <DataOverviewCard
              overview={overview.data}
              loading={firmId !== undefined && overview.isPending}
              period={monthsOf(unit, period)}
            />
          )}
          <RecentReports reportType={kind} historyPath={historyPath} />
        </div>
      </div>
    </div>
  );
}

/** /ticket 发票穿透 (invoiceThrough). */
export function InvoiceTicketPage() {
  return <ReportRequestPage kind="INVOICE" />;
}

/** /risk/report 经营（税务）风险检测 (nsfw). */
export function TaxReportPage() {
  return <ReportRequestPage kind="TAX" />;
}

/** /comprehensive/report 综合税务风险 (swfxtj). */
export function ComprehensiveReportPage() {
  return <ReportRequestPage kind="COMPREHENSIVE" />;
}
