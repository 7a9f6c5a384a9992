import type { ShopItemKind, ShopRequestKind, ShopRequestStatus, ShopScene } from '@taxlens/shared';
import { http } from '../../lib/http';

/** One catalogue item as the product centre and the mall show it (DataServerDelivery). */
export interface ShopItem {
  id: number;
  kind: ShopItemKind;
  title: string;
  subheading: string;
  label: string;
  description: string;
  deliverables: string;
  /** Integer fen; null: inquiry only. */
  priceFen: number | null;
  partnerName: string | null;
  coverUrl: string | null;
  recommended: boolean;
  grant: { asset: number; count: number; label: string } | null;
}

export interface ShopPage {
  labels: string[];
  list: ShopItem[];
  total: number;
  page: number;
  size: number;
}

/** A buyer's purchase or inquiry and how the operator has followed it up. */
export interface ShopRequest {
  id: number;
  deliveryId: number;
  kind: ShopRequestKind;
  itemKind: ShopItemKind;
  title: string;
  partnerName: string | null;
  contactName: string;
  contactPhone: string;
  remark: string | null;
  status: ShopRequestStatus;
  orderNo: string | null;
  priceFen: number | null;
  /** The operator's reason when the purchase was refunded. */
  refundReason: string | null;
  createdAt: string;
}

export interface ContactInput {
  contactName?: string;
  contactPhone?: string;
  remark?: string;
}

export interface ShelfParams {
  label?: string;
  keyword?: string;
  page: number;
  size: number;
}

const BASE = '/DataServerDelivery';

export const shopApi = {
  recommend: (scene: ShopScene, signal?: AbortSignal) =>
    http.get<{ list: ShopItem[] }>(`${BASE}/recommend`, { params: { scene }, signal }),
  shelf: (scene: ShopScene, params: ShelfParams, signal?: AbortSignal) =>
    http.get<ShopPage>(`${BASE}/findByLabel`, { params: { scene, ...params }, signal }),
  /** The page shows a refusal itself (404: taken off the shelf). */
  detail: (scene: ShopScene, id: number, signal?: AbortSignal) =>
    http.get<ShopItem>(`${BASE}/details`, { params: { scene, id }, signal, silent: true }),
  requests: (scene: ShopScene, signal?: AbortSignal) =>
    http.get<ShopRequest[]>(`${BASE}/submitList`, { params: { scene }, signal }),
  /** The dialog shows the refusal itself (field errors, 余额不足 with a top-up link). */
  buy: (scene: ShopScene, deliveryId: number, requestKey: string, contact: ContactInput) =>
    http.post<{ id: number; orderNo: string; priceFen: number }>(
      `${BASE}/buy`,
      { scene, deliveryId, requestKey, ...contact },
      { silent: true },
    ),
  inquire: (scene: ShopScene, deliveryId: number, contact: ContactInput) =>
    http.post<{ id: number }>(`${BASE}/submitInfo`, { scene, deliveryId, ...contact }, { silent: true }),
};

/** The operator's view of a catalogue item, taken-off ones too. */
export interface CatalogueItem {
  id: number;
  title: string;
  subheading: string;
  label: string;
  description: string;
  deliverables: string;
  riskKinds: string[];
  sortOrder: number;
  active: boolean;
  requests: number;
  kind: ShopItemKind;
  priceFen: number | null;
  partnerName: string | null;
  coverImageKey: string | null;
  coverUrl: string | null;
  recommended: boolean;
  grantAsset: number | null;
  grantCount: number | null;
}

export type CatalogueInput = Omit<CatalogueItem, 'id' | 'requests' | 'coverUrl'> & { id?: number };

export interface OperatorRequest extends ShopRequest {
  groupName: string;
  companyName: string | null;
}

const OPERATOR = '/operator/dataServices';

export const catalogueOperatorApi = {
  list: (signal?: AbortSignal) => http.get<CatalogueItem[]>(`${OPERATOR}/list`, { signal }),
  save: (input: CatalogueInput) => http.post<{ id: number }>(`${OPERATOR}/save`, input),
  shelf: (id: number, active: boolean) => http.post<null>(`${OPERATOR}/shelf`, { id, active }),
  requests: (params: { page: number; size: number; status?: string; kind?: string }, signal?: AbortSignal) =>
    http.get<{ list: OperatorRequest[]; total: number }>(`${OPERATOR}/requests`, { params, signal }),
  updateRequest: (id: number, status: ShopRequestStatus) =>
    http.post<null>(`${OPERATOR}/updateRequest`, { id, status }),
  refund: (id: number, reason: string) =>
    http.post<{ id: number; priceFen: number }>(`${OPERATOR}/refund`, { id, reason }),
};
