import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.js';
import { MESSAGES } from './text-rules.js';
import { newPasswordSchema, passwordSchema } from './validators.js';

describe('common passwords', () => {
  it('catches the listed ones, runs, repeated units and sequences, whatever the case', () => {
    for (const value of ['123456', 'Password1', 'QWERTY', '111111', 'aaaaaaaa', '121212', 'abcabc', 'abcdef', '987654'])
      expect(isCommonPassword(value), value).toBe(true);
  });

  it('lets ordinary passwords through, the demo one included', () => {
    for (const value of ['Demo123456', 'abc12345', 'Reset12345', 'k7Tq2mWz', 'taxlens2026'])
      expect(isCommonPassword(value), value).toBe(false);
  });

  it('a new password is refused with its own message; the sign-in rule stays the spec rule', () => {
    const refused = newPasswordSchema.safeParse('abcdef');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(MESSAGES.passwordCommon);
    // Length and characters come first, with the spec's messages.
    expect(newPasswordSchema.safeParse('12345').error?.issues[0]?.message).toBe(MESSAGES.passwordLength);
    expect(passwordSchema.safeParse('abcdef').success).toBe(true);
  });
});
