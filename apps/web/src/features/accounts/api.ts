import type {
  ChildUser,
  DeniedEntry,
  Page,
  PartnerInvite,
  PartnerReward,
  PartnerSignup,
  PermissionKey,
  Team,
} from '@taxlens/shared';
import { http } from '../../lib/http';

/** An entry of the permission catalogue (tbMenu/findAll): type 0 page, 1 action. */
export interface PermissionItem {
  permission: PermissionKey;
  label: string;
  type: 0 | 1;
}

export interface AccountSubjectInput {
  name: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
}

export interface AccountSubjectInfo extends Omit<AccountSubjectInput, 'creditCode' | 'contactName' | 'contactPhone'> {
  groupId: number;
  creditCode: string | null;
  contactName: string | null;
  contactPhone: string | null;
  createTime: string;
}

export type ChildStatus = 'active' | 'disabled';

export interface ChildFilters {
  keyword?: string;
  level?: 2 | 3;
  status?: ChildStatus;
  teamId?: number;
}

export interface ChildListQuery extends ChildFilters {
  page: number;
  size: number;
}

export interface AddChildInput {
  phone: string;
  pwd: string;
  level: 2 | 3;
  nickName: string;
  teamIds?: number[];
  notMenus?: DeniedEntry[];
}

export interface UpdateChildInput {
  userId: number;
  nickName?: string;
  level?: 2 | 3;
  status?: ChildStatus;
  pwd?: string;
  teamIds?: number[];
}

export interface TeamMember {
  userId: number;
  phone: string;
  nickName: string | null;
  level: number;
}

export interface AuditEntry {
  id: number;
  action: string;
  actionLabel: string;
  actor: string;
  target: string | null;
  detail: Record<string, unknown>;
  createTime: string;
}

// Forms show the server's field errors themselves.
const FORM_CALL = { silent: true } as const;

export const accountsApi = {
  // Account subject (/company/detail).
  bindAccountSubject: (body: AccountSubjectInput) =>
    http.post<{ groupId: number }>('/userInfo/bindAccountSubject', body, FORM_CALL),
  findBindingFirm: (signal?: AbortSignal) => http.get<AccountSubjectInfo>('/userInfo/findBindingFirm', { signal }),
  updateAccountSubject: (body: AccountSubjectInput) =>
    http.post<null>('/userInfo/updateAccountSubject', body, FORM_CALL),

  // Sub-accounts.
  childList: (query: ChildListQuery, signal?: AbortSignal) =>
    http.get<Page<ChildUser>>('/userInfo/getChildUserList', { params: { ...query }, signal }),
  childDetails: (userId: number, signal?: AbortSignal) =>
    http.get<ChildUser>('/userInfo/findChildUserDetails', { params: { userId }, signal }),
  addChild: (body: AddChildInput) => http.post<number>('/userInfo/addChildAccount', body, FORM_CALL),
  updateChildForm: (body: UpdateChildInput) => http.post<null>('/userInfo/updateChildUser', body, FORM_CALL),
  /** Status changes from the table: the global error toast is the feedback. */
  updateChild: (body: UpdateChildInput) => http.post<null>('/userInfo/updateChildUser', body),
  deleteChild: (userId: number) => http.post<null>('/userInfo/delUserDetails', { userId }),

  // Permissions.
  permissionCatalogue: (signal?: AbortSignal) => http.get<PermissionItem[]>('/tbMenu/findAll', { signal }),
  userMenu: (userId: number, signal?: AbortSignal) =>
    http.get<{ all: PermissionItem[]; notMenus: DeniedEntry[] }>('/userInfo/findUserMenu', {
      params: { userId },
      signal,
    }),
  updatePermissions: (body: { userId: number; notMenus: DeniedEntry[] }) =>
    http.post<null>('/userInfo/updatePermissions', body),

  // Teams.
  teams: (signal?: AbortSignal) => http.get<Team[]>('/userInfo/findUserGroupList', { signal }),
  unassignedUsers: (signal?: AbortSignal) => http.get<TeamMember[]>('/userInfo/findNotGroupChildUserList', { signal }),
  createTeam: (body: { name: string; memberIds: number[] }) =>
    http.post<number>('/userInfo/createGroup', body, FORM_CALL),
  updateTeam: (body: { teamId: number; name: string; memberIds: number[] }) =>
    http.post<null>('/userInfo/updateUserGroup', body, FORM_CALL),
  deleteTeam: (teamId: number) => http.post<null>('/userInfo/delGroup', { teamId }),
  teamMembers: (teamId: number, signal?: AbortSignal) =>
    http.get<TeamMember[]>('/userInfo/findRemoveUser', { params: { teamId }, signal }),
  removeTeamMember: (body: { teamId: number; userId: number }) => http.post<null>('/userInfo/delRemoveUser', body),

  // Activity log (main account).
  auditLog: (query: { page: number; size: number }, signal?: AbortSignal) =>
    http.get<Page<AuditEntry>>('/userInfo/findAuditLog', { params: query, signal }),

  // List hiding.
  modifyIsHidden: (body: { hiddenName: string; isHidden: 0 | 1; sync: boolean }) =>
    http.post<Record<string, number>>('/userInfo/modifyIsHidden', body),
};

/** Partner invitations (spec §7 /api/PartnerInviteRecord/*), the main account's. */
export const partnersApi = {
  list: (page: number, size: number) =>
    http.get<Page<PartnerInvite>>('/PartnerInviteRecord/list', { params: { page, size } }),
  signups: (page: number, size: number) =>
    http.get<Page<PartnerSignup>>('/PartnerInviteRecord/signups', { params: { page, size } }),
  reward: () => http.get<PartnerReward>('/PartnerInviteRecord/reward'),
  create: (note: string) => http.post<PartnerInvite>('/PartnerInviteRecord/create', { note }),
  revoke: (id: number) => http.post<null>('/PartnerInviteRecord/revoke', { id }),
};
