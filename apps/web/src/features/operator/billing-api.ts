import type { OperatorBankStatement, Page, PartnerReward } from '@taxlens/shared';
import { http } from '../../lib/http';

/** The console's billing pages: bank-statement agreements to review, the partner invitation reward. */
export const operatorBillingApi = {
  bankStatements: (query: { state?: string; page: number; size: number }) =>
    http.get<Page<OperatorBankStatement>>('/operator/bankStatement/list', { params: query }),
  review: (body: { id: number; approve: boolean; note?: string }) =>
    http.post<null>('/operator/bankStatement/review', body, { silent: true }),
  reward: () => http.get<PartnerReward>('/operator/partnerInvite/reward'),
  setReward: (body: PartnerReward) => http.post<null>('/operator/partnerInvite/reward', body, { silent: true }),
};
