import { describe, expect, it } from 'vitest';
import { loginModeHref, loginModeOf } from './login-mode';

describe('login card modes in the address', () => {
  it('reads the mode, defaulting to password sign-in', () => {
    expect(loginModeOf(new URLSearchParams(''))).toBe('password');
    expect(loginModeOf(new URLSearchParams('mode=register'))).toBe('register');
    expect(loginModeOf(new URLSearchParams('mode=reset'))).toBe('reset');
    expect(loginModeOf(new URLSearchParams('mode=code'))).toBe('code');
    expect(loginModeOf(new URLSearchParams('mode=<script>'))).toBe('password');
  });

  it('builds links that keep the redirect target', () => {
    const params = new URLSearchParams('redirect=%2Fcompany%2Fuser&mode=code');
    expect(loginModeHref('register', params)).toBe('/login?redirect=%2Fcompany%2Fuser&mode=register');
    expect(loginModeHref('password', params)).toBe('/login?redirect=%2Fcompany%2Fuser');
    expect(loginModeHref('password', new URLSearchParams())).toBe('/login');
  });
});
