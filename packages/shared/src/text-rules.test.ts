import { describe, expect, it } from 'vitest';
import { checkText, NEW_PASSWORD_RULE, PASSWORD_RULE, PHONE_RULE, SMS_CODE_RULE, type TextRule } from './text-rules.js';
import { newPasswordSchema, passwordSchema, phoneSchema, smsCodeSchema } from './validators.js';

const SAMPLES: unknown[] = [
  undefined,
  null,
  42,
  '',
  '   ',
  '1380000000',
  '13800000001',
  ' 13800000001 ',
  '23800000001',
  '138000000012',
  'abc',
  'abcde',
  'abc123',
  'abc 123',
  'Demo123456',
  'Demo1234567890',
  '密码123456',
  '123456',
  'qwerty',
  '12345',
  '1234567',
  ' 1234 ',
];

const PAIRS: [
  string,
  TextRule,
  { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
][] = [
  ['phone', PHONE_RULE, phoneSchema],
  ['password', PASSWORD_RULE, passwordSchema],
  ['new password', NEW_PASSWORD_RULE, newPasswordSchema],
  ['sms code', SMS_CODE_RULE, smsCodeSchema],
];

describe('text rules without zod (the sign-in forms) agree with the server schemas built from them', () => {
  for (const [name, rule, schema] of PAIRS) {
    it(`${name}: same verdict and same first message for every sample`, () => {
      for (const sample of SAMPLES) {
        const parsed = schema.safeParse(sample);
        const expected = parsed.success ? null : (parsed.error?.issues[0]?.message ?? '');
        expect({ sample, message: checkText(rule, sample) }).toEqual({ sample, message: expected });
      }
    });
  }

  it('gives the spec messages', () => {
    expect(checkText(PHONE_RULE, '')).toBe('请输入手机号');
    expect(checkText(PHONE_RULE, '12345')).toBe('请输入正确的11位手机号');
    expect(checkText(PASSWORD_RULE, 'abc')).toBe('密码长度6-12位');
    expect(checkText(PASSWORD_RULE, 'abc-123')).toBe('只能输入数字与英文');
    expect(checkText(NEW_PASSWORD_RULE, '123456')).toMatch(/^密码过于简单/);
    expect(checkText(PASSWORD_RULE, '123456')).toBeNull();
    expect(checkText(SMS_CODE_RULE, ' ')).toBe('请输入验证码');
  });
});
