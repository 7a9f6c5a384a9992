import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeniedEntry } from '@taxlens/shared';
import {
  type AccountSubjectInput,
  type AddChildInput,
  accountsApi,
  type ChildListQuery,
  type UpdateChildInput,
} from './api';

/** Query keys of the account system (HOUSE-STYLE 13/14). */
export const accountsKeys = {
  all: ['accounts'] as const,
  subject: () => [...accountsKeys.all, 'subject'] as const,
  children: () => [...accountsKeys.all, 'children'] as const,
  childList: (query: ChildListQuery) => [...accountsKeys.children(), 'list', query] as const,
  catalogue: () => [...accountsKeys.all, 'catalogue'] as const,
  child: (userId: number) => [...accountsKeys.children(), 'detail', userId] as const,
  userMenu: (userId: number) => [...accountsKeys.children(), 'menu', userId] as const,
  teams: () => [...accountsKeys.all, 'teams'] as const,
  teamList: () => [...accountsKeys.teams(), 'list'] as const,
  unassigned: () => [...accountsKeys.teams(), 'unassigned'] as const,
  teamMembers: (teamId: number) => [...accountsKeys.teams(), 'members', teamId] as const,
  audit: (page: number, size: number) => [...accountsKeys.all, 'audit', page, size] as const,
};

export function useSubjectQuery(enabled = true) {
  return useQuery({
    queryKey: accountsKeys.subject(),
    queryFn: ({ signal }) => accountsApi.findBindingFirm(signal),
    enabled,
  });
}

export function useChildListQuery(query: ChildListQuery) {
  return useQuery({
    queryKey: accountsKeys.childList(query),
    queryFn: ({ signal }) => accountsApi.childList(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChildDetailsQuery(userId: number | null) {
  return useQuery({
    queryKey: accountsKeys.child(userId ?? 0),
    queryFn: ({ signal }) => accountsApi.childDetails(userId ?? 0, signal),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** The permission catalogue never changes while the app runs. */
export function catalogueQueryOptions() {
  return queryOptions({
    queryKey: accountsKeys.catalogue(),
    queryFn: ({ signal }) => accountsApi.permissionCatalogue(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCatalogueQuery() {
  return useQuery(catalogueQueryOptions());
}

export function useUserMenuQuery(userId: number | null) {
  return useQuery({
    queryKey: accountsKeys.userMenu(userId ?? 0),
    queryFn: ({ signal }) => accountsApi.userMenu(userId ?? 0, signal),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useTeamsQuery(enabled = true) {
  return useQuery({ queryKey: accountsKeys.teamList(), queryFn: ({ signal }) => accountsApi.teams(signal), enabled });
}

export function useUnassignedQuery(enabled: boolean) {
  return useQuery({
    queryKey: accountsKeys.unassigned(),
    queryFn: ({ signal }) => accountsApi.unassignedUsers(signal),
    enabled,
    staleTime: 0,
  });
}

export function useTeamMembersQuery(teamId: number | null) {
  return useQuery({
    queryKey: accountsKeys.teamMembers(teamId ?? 0),
    queryFn: ({ signal }) => accountsApi.teamMembers(teamId ?? 0, signal),
    enabled: teamId !== null,
    staleTime: 0,
  });
}

export function useAuditQuery(page: number, size: number) {
  return useQuery({
    queryKey: accountsKeys.audit(page, size),
    queryFn: ({ signal }) => accountsApi.auditLog({ page, size }, signal),
    placeholderData: keepPreviousData,
  });
}

/** After any change to users or teams: lists, team members and the activity log are stale (not the catalogue). */
function useInvalidateAccounts() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (query) => query.queryKey[0] === accountsKeys.all[0] && query.queryKey[1] !== 'catalogue',
    });
}

export function useBindSubjectMutation() {
  return useMutation({ mutationFn: (body: AccountSubjectInput) => accountsApi.bindAccountSubject(body) });
}

export function useUpdateSubjectMutation() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: AccountSubjectInput) => accountsApi.updateAccountSubject(body),
    onSuccess: invalidate,
  });
}

export function useAddChildMutation() {
  const invalidate = useInvalidateAccounts();
  return useMutation({ mutationFn: (body: AddChildInput) => accountsApi.addChild(body), onSuccess: invalidate });
}

/** Edits from the form (field errors shown on the form). */
export function useUpdateChildFormMutation() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: UpdateChildInput) => accountsApi.updateChildForm(body),
    onSuccess: invalidate,
  });
}

/** Status changes from the table (errors shown as the global toast). */
export function useUpdateChildMutation() {
  const invalidate = useInvalidateAccounts();
  return useMutation({ mutationFn: (body: UpdateChildInput) => accountsApi.updateChild(body), onSuccess: invalidate });
}

export function useDeleteChildMutation() {
  const invalidate = useInvalidateAccounts();
  return useMutation({ mutationFn: (userId: number) => accountsApi.deleteChild(userId), onSuccess: invalidate });
}

export function useUpdatePermissionsMutation() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: { userId: number; notMenus: DeniedEntry[] }) => accountsApi.updatePermissions(body),
    onSuccess: invalidate,
  });
}

export function useSaveTeamMutation() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: { teamId?: number; name: string; memberIds: number[] }) =>
      body.teamId === undefined
        ? accountsApi.createTeam({ name: body.name, memberIds: body.memberIds })
        : accountsApi.updateTeam({ teamId: body.teamId, name: body.name, memberIds: body.memberIds }),
    onSuccess: invalidate,
  });
}

export function useDeleteTeamMutation() {
  const invalidate = useInvalidateAccounts();
  return useMutation({ mutationFn: (teamId: number) => accountsApi.deleteTeam(teamId), onSuccess: invalidate });
}

export function useRemoveTeamMemberMutation() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: { teamId: number; userId: number }) => accountsApi.removeTeamMember(body),
    onSuccess: invalidate,
  });
}
