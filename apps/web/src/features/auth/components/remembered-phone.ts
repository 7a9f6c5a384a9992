/** 记住手机号: the last phone used to sign in, kept in this browser only when the user asks. */
const REMEMBERED_PHONE_KEY = 'taxlens.rememberedPhone';

export function readRememberedPhone(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_PHONE_KEY);
  } catch {
    return null;
  }
}

export function rememberPhone(phone: string | null): void {
  if (phone) localStorage.setItem(REMEMBERED_PHONE_KEY, phone);
  else localStorage.removeItem(REMEMBERED_PHONE_KEY);
}
