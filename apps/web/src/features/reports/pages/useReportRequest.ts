import { createReportSchema } from '@taxlens/shared';
import { App, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import type { MonthRange } from '../lib/period';
import { newRequestKey } from '../lib/request-key';
import { useCreateReport } from '../queries';
import type { RequestKind } from './request-kinds';

export type SubmitProblem =
  | { kind: 'insufficient'; priceFen: number; text: string }
  | { kind: 'missing'; text: string }
  | { kind: 'network'; text: string }
  | null;

/**
 * Places a report request and keeps what the page shows about it: the report made, or why not
 * (余额不足, missing data refused uncharged, a dropped connection to retry with the same key).
 */
export function useReportRequest(kind: RequestKind, form: FormInstance, priceFen: number) {
  const { message } = App.useApp();
  const create = useCreateReport();
  const [problem, setProblem] = useState<SubmitProblem>(null);
  const [reportId, setReportId] = useState<number | null>(null);
  // Kept only while a request may have reached the server unanswered: the retry reuses it.
  const pendingKey = useRef<string | null>(null);

  const submit = async (firmId: number | undefined, range: MonthRange | null) => {
    setProblem(null);
    const parsed = createReportSchema.safeParse({
      firmId,
      reportType: kind,
      periodStart: range?.start,
      periodEnd: range?.end,
    });
    if (!parsed.success || !firmId || !range) {
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      form.setFields([{ name: 'period', errors: [issue?.message ?? t('reports.ticket.periodRequired')] }]);
      return;
    }
    const requestKey = pendingKey.current ?? newRequestKey();
    pendingKey.current = requestKey;
    try {
      const answer = await create.mutateAsync({
        firmId,
        reportType: kind,
        periodStart: range.start,
        periodEnd: range.end,
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
      if (error.status === 402) setProblem({ kind: 'insufficient', priceFen, text: error.msg });
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

  return { submit, problem, clearProblem: () => setProblem(null), reportId, submitting: create.isPending };
}
