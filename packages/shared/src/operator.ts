/**
 * Roles of the platform operator's staff (issue 18). A route of the operator console declares the
 * roles it serves; 管理员 (admin) passes every operator route. OPERATOR_PHONES grants admin at start.
 */
export const OPERATOR_ROLES = ['ops', 'finance', 'support', 'content', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  ops: '运营',
  finance: '财务',
  support: '客服',
  content: '内容',
  admin: '管理员',
};

/** Whether an operator holding `held` may use something that serves `wanted` (empty: any operator). */
export function operatorRoleAllows(held: readonly OperatorRole[], wanted: readonly OperatorRole[]): boolean {
  if (held.length === 0) return false;
  if (held.includes('admin') || wanted.length === 0) return true;
  return wanted.some((role) => held.includes(role));
}
