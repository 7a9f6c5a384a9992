/**
 * The passwords people pick first, within the spec's rule (6-12 digits and English letters): the
 * leaked-password top lists of Chinese and international sites agree on these. Compared case-
 * insensitively; runs of one character and straight sequences are caught by rule, not listed.
 */
const COMMON = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '654321',
  '87654321',
  '123123',
  '123321',
  '112233',
  '121212',
  '123654',
  '147258',
  '147258369',
  '159357',
  '159753',
  '456789',
  '789456',
  '987654',
  '5201314',
  '520520',
  '521521',
  '1314520',
  '7758521',
  '7758258',
  '110110',
  '168168',
  '123qwe',
  'qwe123',
  'abc123',
  'abc123456',
  'a123456',
  '123456a',
  'aa123456',
  'a12345678',
  'qq123456',
  'woaini',
  'woaini1314',
  'iloveyou',
  'password',
  'password1',
  'passw0rd',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'qwe123456',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  'zxcvbnm',
  '1qaz2wsx',
  '1q2w3e4r',
  '1q2w3e',
  'qazwsx',
  'admin',
  'admin123',
  'admin888',
  'root123',
  'test123',
  'welcome',
  'letmein',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'computer',
  'michael',
  'shadow',
  'master',
  'abcd1234',
  'aaa111',
  'a1b2c3',
  'q1w2e3',
  'zaq12wsx',
  'asd123',
  'asd123456',
  'wang123',
  'li123456',
  'zhang123',
  'taxlens',
]);

/** A run of one character (111111, aaaaaa) or a short unit repeated (121212, abcabc). */
function isRepetition(value: string): boolean {
  for (let unit = 1; unit <= 3; unit++) {
    if (
      value.length % unit === 0 &&
      value.length / unit >= 2 &&
      value.slice(0, unit).repeat(value.length / unit) === value
    )
      return true;
  }
  return false;
}

/** Consecutive digits or letters, up or down (012345, 987654, abcdef, fedcba). */
function isSequence(value: string): boolean {
  const step = value.charCodeAt(1) - value.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 1; i < value.length; i++) if (value.charCodeAt(i) - value.charCodeAt(i - 1) !== step) return false;
  return /^(\d+|[a-z]+)$/.test(value);
}

export function isCommonPassword(password: string): boolean {
  const value = password.toLowerCase();
  return COMMON.has(value) || isRepetition(value) || isSequence(value);
}
