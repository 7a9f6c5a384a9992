import { companySchema, pageSchema, sessionUserSchema } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from './envelope.js';
import { fastSerializerCompiler } from './fast-serializer.js';

/** What the default (zod) serializer writes: the encoded value, unknown keys stripped. */
const viaZod = (schema: z.ZodType, data: unknown) => JSON.parse(JSON.stringify(z.encode(schema, data as never)));
const viaFast = (schema: z.ZodType, data: unknown) => JSON.parse(fastSerializerCompiler({ schema })(data));

const user = {
  userId: 7,
  userToken: 'token.tag',
  phone: '13800000001',
  nickName: null,
  level: 1,
  levelString: '主账号',
  loginTimeStamp: 1_795_656_736_497,
  isGroup: 1,
  groupName: '示例财税咨询有限公司',
  groupLogo: null,
  groupId: 3,
  balance: 100_000,
  notMenus: [{ type: 0, permission: 'nsfw', extra: 'dropped' }],
  tbMenus: ['nsfw', 'qjbg'],
  serviceRights: { dataPriceAuth: 1, invoicePriceAuth: 0, mindPriceAuth: 1 },
  reportConfigPermission: 1,
  taxLawPolicyDatabasePermission: 0,
  enablementServicePermission: 1,
  getOutOfLineInvoiceSwitch: '0',
  tokerUser: 0,
  flowTime: null,
  reportOverdueDeleteSwitch: 0,
  reportOverdueTime: null,
  listHidden: {
    allHidden: 0,
    riskHidden: 1,
    shyHidden: 0,
    businessHidden: 0,
    invoiceHidden: 0,
    flowHidden: 0,
    flowNumHidden: 1,
    taxHidden: 0,
  },
  isOperator: false,
  headerTheme: 'blue',
  /** Not in the schema: must not be written (the row carries more than the answer). */
  password_hash: 'secret',
};

const company = (firmId: number, assigned: boolean) => ({
  firmId,
  taxpayerName: `压测企业${firmId}有限公司`,
  taxNo: '91310115000000001X',
  taxNoWarning: firmId % 2 ? '校验位不符' : null,
  regionCode: null,
  regionName: '上海市',
  industryCode: 'F51',
  industryName: '批发业',
  industrySectionName: '批发和零售业',
  taxpayerType: firmId % 2 ? 'general' : null,
  accountingStandard: 'small_enterprise',
  legalPerson: '王五',
  contactName: null,
  contactPhone: '13800000002',
  address: '上海市浦东新区"引号"路\n1号',
  remark: null,
  invoiceLimitFen: firmId % 2 ? 10_000_000 : null,
  assignee: assigned ? { userId: 2, name: '李主管', phone: 'dropped' } : null,
  createTime: '2026-11-26 01:00:00',
  updateTime: '2026-11-26 01:00:00',
  group_id: 9,
});

describe('fast serializer of the hottest reads', () => {
  it('writes findUserLoginInfo exactly as the zod serializer does, without the keys the schema lacks', () => {
    const schema = envelope(sessionUserSchema);
    const answer = { code: 0, msg: 'success', data: user };
    expect(viaFast(schema, answer)).toEqual(viaZod(schema, answer));
    expect(JSON.stringify(viaFast(schema, answer))).not.toContain('secret');
    const withLogo = { ...answer, data: { ...user, groupLogo: '/api/logo/1/a.png', nickName: '张三', balance: null } };
    expect(viaFast(schema, withLogo)).toEqual(viaZod(schema, withLogo));
  });

  it('writes a findFirmList page (nulls, nested assignee, quotes and new lines) as the zod serializer does', () => {
    const schema = envelope(pageSchema(companySchema));
    const answer = {
      code: 0,
      msg: 'success',
      data: { list: Array.from({ length: 20 }, (_, i) => company(i + 1, i % 3 === 0)), total: 20, page: 1, size: 20 },
    };
    expect(viaFast(schema, answer)).toEqual(viaZod(schema, answer));
    expect(JSON.stringify(viaFast(schema, answer))).not.toContain('group_id');
  });
});
