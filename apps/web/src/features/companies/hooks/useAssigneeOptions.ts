import { useQuery } from '@tanstack/react-query';
import { maskPhone, type SessionUser } from '@taxlens/shared';
import { t } from '../../../locales';
import { assigneesOptions } from '../queries';

export interface AssigneeOption {
  value: number;
  label: string;
}

/** Main accounts and supervisors assign companies (spec: levels 1–2); staff only see their own. */
export function canAssign(user: SessionUser | undefined): boolean {
  return user !== undefined && (user.level === 1 || user.level === 2);
}

/** The people a company can be handed to: the user itself and the accounts it manages. */
export function useAssigneeOptions(user: SessionUser | undefined): AssigneeOption[] {
  const allowed = canAssign(user);
  const { data } = useQuery(assigneesOptions(allowed));
  if (!user || !allowed) return [];
  const self = { value: user.userId, label: `${user.nickName?.trim() || maskPhone(user.phone)}${t('companies.me')}` };
  const others = (data?.list ?? [])
    .filter((member) => member.userId !== user.userId && member.status === 'active')
    .map((member) => ({
      value: member.userId,
      label: `${member.nickName?.trim() || maskPhone(member.phone)} · ${member.levelName}`,
    }));
  return [self, ...others];
}
