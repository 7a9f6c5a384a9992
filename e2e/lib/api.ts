import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { BASE_URL } from './browser.js';

/** The product's `{code, msg, data}` answer. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface CallOptions {
  token?: string;
  /** A JSON body (sent as POST) or a form (multipart POST). */
  body?: unknown;
}

/** Calls `/api<path>` and answers the envelope with the HTTP status, whatever the code. */
export async function apiCall<T>(path: string, options: CallOptions = {}): Promise<Envelope<T> & { status: number }> {
  const { token, body } = options;
  const headers = new Headers(token ? { token } : {});
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method: payload === undefined ? 'GET' : 'POST',
    headers,
    body: payload,
  });
  return { ...((await response.json()) as Envelope<T>), status: response.status };
}

/** Calls `/api<path>`, asserts code 0 and answers its data: for setting up and reading state. */
export async function apiData<T>(path: string, options: CallOptions = {}): Promise<T> {
  const answer = await apiCall<T>(path, options);
  assert.equal(answer.code, 0, `${path}: ${answer.msg}`);
  return answer.data;
}

/** The session token the web client keeps for the page's signed-in user. */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('taxlens.session') ?? '{}').token);
  assert.ok(typeof token === 'string' && token.length > 0, 'signed in');
  return token;
}
