import type { DailyFigure, OperatorOrder, OperatorPackage, Page, PendingItems } from '@taxlens/shared';
import { http } from '../../../lib/http';

const FORM = { silent: true } as const;

/** Operator console, money: pending confirmations and invoices, orders and refunds, catalogue, daily figures. */
export const moneyApi = {
  pending: () => http.get<PendingItems>('/operator/billing/pending'),
  confirmTransfer: (body: { orderId: number; bankSerial?: string }) =>
    http.post<{ orderId: number }>('/operator/billing/confirmTransfer', body, FORM),
  issueInvoice: (invoiceId: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<null>('/operator/billing/issueInvoice', form, { ...FORM, params: { invoiceId } });
  },
  rejectInvoice: (body: { invoiceId: number; reason: string }) =>
    http.post<null>('/operator/billing/rejectInvoice', body, FORM),
  orders: (params: { keyword?: string; state?: string; page: number; size: number }) =>
    http.get<Page<OperatorOrder>>('/operator/money/orders', { params }),
  refund: (body: { orderId: number; reason: string; bankSerial?: string }) =>
    http.post<{ orderId: number }>('/operator/money/refund', body, FORM),
  catalogue: () =>
    http.get<{ packages: OperatorPackage[]; prices: { creditType: number; priceFen: number }[] }>(
      '/operator/money/catalogue',
    ),
  setDefaultPrice: (body: { creditType: number; priceFen: number }) =>
    http.post<null>('/operator/money/setDefaultPrice', body, FORM),
  savePackage: (body: Omit<OperatorPackage, 'id'> & { id?: number }) =>
    http.post<number>('/operator/billing/savePackage', body, FORM),
  daily: (params: { from: string; to: string }) => http.get<DailyFigure[]>('/operator/money/daily', { params }),
};
