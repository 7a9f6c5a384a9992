import { http } from '../../../lib/http';

export type ChargeMode = 'price' | 'credit';

export interface ChargeSetting {
  priceFen: number;
  chargeMode: ChargeMode;
}

export interface GroupChargeSetting extends ChargeSetting {
  groupId: number;
  groupName: string;
}

/** The operator's invoice-check charge calls (/api/operator/verification/*). */
export const operatorChargeApi = {
  settings: () => http.get<{ default: ChargeSetting; groups: GroupChargeSetting[] }>('/operator/verification/price'),
  save: (body: { groupId: number | null; priceFen: number | null; chargeMode?: ChargeMode }) =>
    http.post<ChargeSetting>('/operator/verification/price', body),
  adjustCredits: (body: { phone: string; delta: number; reason: string }) =>
    http.post<{ checkCredits: number }>('/operator/verification/credits', body),
};
