import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken } from '../../lib/tokens.js';
import { findLiveUserByPhone } from '../auth/auth.repo.js';
import { type ClientMeta, openSession } from '../auth/auth.service.js';

const CODE_TTL_SECONDS = 300;
const PARTNER_TIMEOUT_MS = 10_000;

/** The partner platform a user comes from (/api/auvgo/login): an OAuth 2.0 authorization server. */
export interface PartnerIdentityProvider {
  /** The phone of the user a one-time code stands for; null when the partner refuses the code. */
  phoneForCode(code: string): Promise<string | null>;
}

/**
 * OAuth 2.0 authorization-code exchange (RFC 6749 §4.1.3, client_secret_post) and the OpenID
 * Connect userinfo call (Core §5.3) whose `phone_number` claim names the user.
 */
export function oauthPartner(config: Config): PartnerIdentityProvider | null {
  const { PARTNER_OAUTH_TOKEN_URL, PARTNER_OAUTH_USERINFO_URL, PARTNER_OAUTH_CLIENT_ID, PARTNER_OAUTH_CLIENT_SECRET } =
    config;
  if (
    !PARTNER_OAUTH_TOKEN_URL ||
    !PARTNER_OAUTH_USERINFO_URL ||
    !PARTNER_OAUTH_CLIENT_ID ||
    !PARTNER_OAUTH_CLIENT_SECRET
  )
    return null;
  return {
    async phoneForCode(code) {
      const token = await fetch(PARTNER_OAUTH_TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: PARTNER_OAUTH_CLIENT_ID,
          client_secret: PARTNER_OAUTH_CLIENT_SECRET,
        }),
        signal: AbortSignal.timeout(PARTNER_TIMEOUT_MS),
      });
      // RFC 6749 §5.2: a refused code is a 400 with error=invalid_grant.
      if (token.status === 400 || token.status === 401) return null;
      if (!token.ok) throw new Error(`partner token endpoint answered ${token.status}`);
      const { access_token: accessToken } = (await token.json()) as { access_token?: string };
      if (!accessToken) return null;
      const info = await fetch(PARTNER_OAUTH_USERINFO_URL, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(PARTNER_TIMEOUT_MS),
      });
      if (!info.ok) return null;
      const claims = (await info.json()) as { phone_number?: string };
      // OIDC phone numbers are E.164 (+8613800000001); our accounts are 11-digit mainland numbers.
      const phone = claims.phone_number?.replace(/^\+?86/, '') ?? '';
      return /^1\d{10}$/.test(phone) ? phone : null;
    },
  };
}

/** Signs in the user the partner's one-time code stands for. */
export async function signInFromPartner(
  db: Db,
  partner: PartnerIdentityProvider | null,
  ttlHours: number,
  code: string,
  meta: ClientMeta,
): Promise<SessionUser> {
  if (!partner) throw new AppError('PARTNER_SSO_DISABLED');
  const phone = await partner.phoneForCode(code);
  if (!phone) throw new AppError('PARTNER_SSO_REJECTED');
  const user = await findLiveUserByPhone(db, phone);
  if (!user) throw new AppError('NOT_FOUND', '该手机号尚未注册税镜账号，请先注册');
  if (user.status === 'disabled') throw new AppError('ACCOUNT_DISABLED');
  return openSession(db, Number(user.id), ttlHours, meta);
}

/** szx/auth/code: a one-time code the signed-in user hands to the configured partner platform. */
export async function issuePartnerCode(db: Db, config: Config, userId: number) {
  if (!config.PARTNER_SSO_CLIENT_ID || !config.PARTNER_SSO_CLIENT_SECRET) throw new AppError('PARTNER_SSO_DISABLED');
  const code = randomBytes(24).toString('base64url');
  await db
    .insertInto('partner_sso_codes')
    .values({
      code_hash: hashToken(code),
      user_id: userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
    })
    .execute();
  return { code, expiresIn: CODE_TTL_SECONDS };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The partner redeems a code (client id and secret in the body, RFC 6749 §2.3.1): once, within
 * five minutes. Answers who the user is; a used, expired or unknown code is invalid_grant.
 */
export async function redeemPartnerCode(
  db: Db,
  config: Config,
  input: { code: string; clientId: string; clientSecret: string },
) {
  const { PARTNER_SSO_CLIENT_ID, PARTNER_SSO_CLIENT_SECRET } = config;
  if (!PARTNER_SSO_CLIENT_ID || !PARTNER_SSO_CLIENT_SECRET) throw new AppError('PARTNER_SSO_DISABLED');
  if (input.clientId !== PARTNER_SSO_CLIENT_ID || !sameSecret(input.clientSecret, PARTNER_SSO_CLIENT_SECRET))
    throw new AppError('PARTNER_SSO_REJECTED', 'invalid_client');
  const used = await db
    .updateTable('partner_sso_codes')
    .set({ used_at: sql`now()` })
    .where('code_hash', '=', hashToken(input.code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  if (!used) throw new AppError('PARTNER_SSO_REJECTED', 'invalid_grant');
  const user = await db
    .selectFrom('users as u')
    .leftJoin('groups as g', 'g.id', 'u.group_id')
    .select(['u.id', 'u.phone', 'u.nick_name', 'u.level', 'g.name'])
    .where('u.id', '=', used.user_id)
    .executeTakeFirstOrThrow();
  return { userId: user.id, phone: user.phone, nickName: user.nick_name, level: user.level, groupName: user.name };
}
