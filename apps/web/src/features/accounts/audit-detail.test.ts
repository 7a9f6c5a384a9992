import { describe, expect, it } from 'vitest';
import { describeAuditDetail } from './audit-detail';

describe('activity-log details in plain Chinese', () => {
  it('names permissions, levels and teams, and masks phones', () => {
    const teams = new Map([[7, '华东一组']]);
    expect(describeAuditDetail({ level: 3, teamIds: [7, 9], notMenus: ['nsfw', 'mainBodyInfo'] }, teams)).toEqual([
      '级别：员工',
      '团队：华东一组、#9',
      '禁用权限：经营风险检测、主体信息',
    ]);
    expect(describeAuditDetail({ phone: '13800000003', level: 3 })).toEqual(['手机号：138****0003', '级别：员工']);
  });

  it('shows permission changes before and after', () => {
    expect(describeAuditDetail({ before: [], after: ['pay'] })).toEqual(['修改前禁用：无', '修改后禁用：充值']);
  });

  it('reads status, password resets and team members', () => {
    expect(describeAuditDetail({ status: 'disabled', password: '已重置' })).toEqual(['状态：已停用', '密码：已重置']);
    expect(describeAuditDetail({ teamId: 3, name: '二组', members: [1, 2, 3] })).toEqual([
      '名称：二组',
      '团队：#3',
      '成员数：3',
    ]);
  });

  it('leaves out unknown and empty keys', () => {
    expect(describeAuditDetail({ secret: 'x', nickName: null })).toEqual([]);
  });
});
