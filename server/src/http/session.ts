import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../env';
import type { Db } from '../db/client';
import {
  createRememberToken,
  deleteDeviceRememberTokens,
  deleteRememberToken,
  deleteExpiredRememberTokens,
  deleteUserRememberTokens,
  getRememberToken,
} from '../db/queries/remember-tokens';
import { deleteExpiredRateLimits } from '../db/queries/rate-limits';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  getSession,
  touchSession,
  userSessionIds,
  type SessionRow,
} from '../db/queries/sessions';
import { deleteStaleDevices } from '../db/queries/user-devices';
import { getUser, type UserRow } from '../db/queries/users';
import { randomId, randomString, safeEqual, sha256 } from '../security/crypto';
import { HttpError, messages } from './errors';

/** Cookie names as a Laravel + Sanctum backend sets them (docs/decisions.md). */
export const SESSION_COOKIE = 'pulzus_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const REMEMBER_COOKIE = 'remember_web_59ba36addc2b2f9401580f014c7f58ea4e30989d';
export const REMEMBER_DAYS = 400;

/**
 * Paths that authenticate unsafe requests by other means (Pusher's HMAC-signed channel auth
 * and HTTP events API), as Laravel registers them outside the CSRF middleware. A route can
 * also opt out with `config: { csrf: false }`.
 */
export const CSRF_EXEMPT_PREFIXES = ['/broadcasting/auth', '/apps/'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writing last_activity_at on every request would turn each read into a write. */
const TOUCH_AFTER_MS = 60_000;
const GC_PROBABILITY = 0.02;
/** The web app's device cookie lasts a year: a browser that has not logged in for longer cannot come back. */
const DEVICE_MEMORY_MS = 365 * 24 * 3600 * 1000;

export type AuthMode = 'user' | 'guest' | 'any';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | undefined;
    user: UserRow | undefined;
    /** Set when the CSRF token can only be the body's `_token` (checked once the body is parsed). */
    csrfFromBody: boolean;
  }
  interface FastifyContextConfig {
    /** 'user' needs a login (default under /api/), 'guest' redirects logged-in users, 'any' is public. */
    auth?: AuthMode;
    csrf?: boolean;
  }
}

export interface SessionManager {
  /** Login: the old session is gone, a new one with new tokens and a new device id starts. */
  login(req: FastifyRequest, reply: FastifyReply, user: UserRow, options: { remember: boolean }): Promise<void>;
  logout(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every login of a user (password reset): its sessions and remember tokens, on every device. */
  endUserLogins(q: { customerId: number; userId: number }): Promise<void>;
  /** Told the device logins (session ids) that ended, after they are gone from the database. */
  onLoginsEnded(listener: (customerId: number, sessionIds: string[]) => void): void;
  /** Makes sure a (guest) session exists and its cookies are on the response. */
  ensure(req: FastifyRequest, reply: FastifyReply): Promise<SessionRow>;
}

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function registerSessions(
  app: FastifyInstance,
  {
    config,
    db,
    countRequest,
  }: {
    config: Config;
    db: Db;
    /** The general request limit's hook (http/rate-limit.ts): run once the session is known. */
    countRequest?: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  },
): SessionManager {
  const idleMs = config.sessionIdleMinutes * 60_000;
  const absoluteMs = config.sessionAbsoluteHours * 3_600_000;
  const endedListeners: Array<(customerId: number, sessionIds: string[]) => void> = [];
  const ended = (customerId: number, sessionIds: string[]) => {
    if (sessionIds.length === 0) return;
    for (const listener of endedListeners) listener(customerId, sessionIds);
  };

  app.decorateRequest('session', undefined);
  app.decorateRequest('user', undefined);
  app.decorateRequest('csrfFromBody', false);

  const baseCookie = (req: FastifyRequest): CookieSerializeOptions => ({
    path: '/',
    sameSite: 'lax',
    secure: req.isHttps,
  });

  function writeSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string, session: SessionRow) {
    reply.setCookie(SESSION_COOKIE, token, { ...baseCookie(req), httpOnly: true });
    reply.setCookie(XSRF_COOKIE, session.csrfToken, { ...baseCookie(req), httpOnly: false });
  }

  function clearCookie(req: FastifyRequest, reply: FastifyReply, name: string, httpOnly: boolean) {
    reply.clearCookie(name, { ...baseCookie(req), httpOnly });
  }

  async function collectGarbage() {
    const now = new Date();
    await deleteExpiredSessions(db, {
      idleBefore: new Date(now.getTime() - idleMs),
      createdBefore: new Date(now.getTime() - absoluteMs),
    });
    await deleteExpiredRememberTokens(db, { now });
    await deleteExpiredRateLimits(db, { now });
    await deleteStaleDevices(db, { loggedInBefore: new Date(now.getTime() - DEVICE_MEMORY_MS) });
  }

  async function start(
    req: FastifyRequest,
    reply: FastifyReply,
    values: { userId: number | null; sessionId: string; remember: boolean },
  ): Promise<SessionRow> {
    if (req.session) await deleteSession(db, { customerId: req.tenant.id, id: req.session.id });
    if (Math.random() < GC_PROBABILITY) {
      await collectGarbage().catch((err) => req.log.warn({ err }, 'session garbage collection failed'));
    }
    const token = randomString(40);
    const session = await createSession(db, {
      id: sha256(token),
      customerId: req.tenant.id,
      userId: values.userId,
      sessionId: values.sessionId,
      csrfToken: randomString(40),
      ip: req.clientIp,
      userAgent: headerValue(req, 'user-agent')?.slice(0, 500) ?? null,
      // So another device of the shop can name this browser (POST /api/devices/{id}/name).
      deviceKey: req.deviceId ? sha256(req.deviceId) : null,
      remember: values.remember,
    });
    req.session = session;
    writeSessionCookies(req, reply, token, session);
    return session;
  }

  function isAlive(session: SessionRow, now: number) {
    return now - session.lastActivityAt.getTime() < idleMs && now - session.createdAt.getTime() < absoluteMs;
  }

  async function restoreFromRememberCookie(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const raw = req.cookies[REMEMBER_COOKIE];
    if (!raw) return false;
    const [idText, token] = raw.split('|');
    const id = Number(idText);
    if (!Number.isSafeInteger(id) || id <= 0 || !token) return false;
    const row = await getRememberToken(db, { customerId: req.tenant.id, id });
    if (!row || row.expiresAt.getTime() <= Date.now() || !safeEqual(sha256(token), row.tokenHash)) {
      return false;
    }
    const user = await getUser(db, { customerId: req.tenant.id, id: row.userId });
    if (!user) return false;
    await start(req, reply, { userId: user.id, sessionId: row.sessionId, remember: true });
    req.user = user;
    return true;
  }

  async function load(req: FastifyRequest, reply: FastifyReply) {
    const token = req.cookies[SESSION_COOKIE];
    if (token) {
      // Scoped by customer: a cookie of another tenant simply finds nothing.
      const session = await getSession(db, { customerId: req.tenant.id, id: sha256(token) });
      const now = Date.now();
      if (session && isAlive(session, now)) {
        req.session = session;
        if (now - session.lastActivityAt.getTime() > TOUCH_AFTER_MS) {
          await touchSession(db, { customerId: req.tenant.id, id: session.id });
        }
        if (session.userId !== null) {
          req.user = await getUser(db, { customerId: req.tenant.id, id: session.userId });
        }
        writeSessionCookies(req, reply, token, session);
      } else if (session) {
        await deleteSession(db, { customerId: req.tenant.id, id: session.id });
      }
    }
    if (!req.user) await restoreFromRememberCookie(req, reply);
  }

  /** The token of the request's headers: undefined when none came, null when one came unreadable. */
  function headerToken(req: FastifyRequest): string | null | undefined {
    const xsrf = headerValue(req, 'x-xsrf-token');
    if (xsrf) {
      try {
        return decodeURIComponent(xsrf);
      } catch {
        return null;
      }
    }
    return headerValue(req, 'x-csrf-token') || undefined;
  }

  /**
   * Whether a request without a token in its headers may still bring one as `_token` in its body:
   * only a urlencoded or JSON body (small, held by the body limit, no files) of a route that takes
   * no upload. A multipart body is never read to find its token (docs/decisions.md).
   */
  function tokenMayComeInBody(req: FastifyRequest): boolean {
    if (req.routeOptions.config?.upload) return false;
    const type = headerValue(req, 'content-type')?.toLowerCase() ?? '';
    return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('application/json');
  }

  function csrfRequired(req: FastifyRequest): boolean {
    if (SAFE_METHODS.has(req.method)) return false;
    if (req.routeOptions.config?.csrf === false) return false;
    const path = req.url.split('?')[0] ?? '';
    return !CSRF_EXEMPT_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
  }

  function authMode(req: FastifyRequest): AuthMode {
    const configured = req.routeOptions.config?.auth;
    if (configured) return configured;
    return (req.routeOptions.url ?? req.url).startsWith('/api/') ? 'user' : 'any';
  }

  // onRequest: the session, CSRF and login are judged from the headers before a byte of the body
  // is read or parsed (an upload would otherwise be streamed to disk first), so 401 and 419 win
  // over every answer about the body (400, 413, 415, 422). CSRF first, as Laravel's middleware order.
  app.addHook('onRequest', async (req, reply) => {
    if (req.is404 || req.routeOptions.config?.tenant === false) return;
    await load(req, reply);
  });
  // The general request limit counts here: by the login just loaded, before a refusal is judged.
  if (countRequest) app.addHook('onRequest', countRequest);
  app.addHook('onRequest', async (req, reply) => {
    if (req.is404 || req.routeOptions.config?.tenant === false) return;
    const mode = authMode(req);
    const refusedLogin = mode === 'user' && !req.user;

    if (csrfRequired(req)) {
      const sent = headerToken(req);
      if (sent === undefined && req.session && !refusedLogin && tokenMayComeInBody(req)) {
        req.csrfFromBody = true;
      } else if (!req.session || !sent || !safeEqual(sent, req.session.csrfToken)) {
        throw new HttpError(419, messages.csrf);
      }
    }

    if (refusedLogin) throw new HttpError(401, messages.unauthenticated);
    if (mode === 'guest' && req.user) {
      // Laravel's RedirectIfAuthenticated answers guest routes with a redirect, JSON or not.
      return reply.redirect('/', 302);
    }
  });

  // The one check left for after the body: a small form's `_token`, for a caller already known.
  // Before the route's schema is judged (419 wins over 422), and while the body still holds
  // `_token` (a schema's parsed body keeps only its own fields).
  app.addHook('preValidation', async (req) => {
    if (!req.csrfFromBody) return;
    const body = req.body as Record<string, unknown> | undefined;
    const sent = body && typeof body === 'object' && typeof body._token === 'string' ? body._token : undefined;
    if (!req.session || !sent || !safeEqual(sent, req.session.csrfToken)) throw new HttpError(419, messages.csrf);
  });

  return {
    async login(req, reply, user, { remember }) {
      const sessionId = randomId();
      await start(req, reply, { userId: user.id, sessionId, remember });
      req.user = user;
      if (remember) {
        const token = randomString(60);
        const row = await createRememberToken(db, {
          customerId: req.tenant.id,
          userId: user.id,
          tokenHash: sha256(token),
          sessionId,
          expiresAt: new Date(Date.now() + REMEMBER_DAYS * 86_400_000),
        });
        reply.setCookie(REMEMBER_COOKIE, `${row.id}|${token}`, {
          ...baseCookie(req),
          httpOnly: true,
          maxAge: REMEMBER_DAYS * 86_400,
        });
      } else if (req.cookies[REMEMBER_COOKIE]) {
        clearCookie(req, reply, REMEMBER_COOKIE, true);
      }
    },

    async logout(req, reply) {
      const session = req.session;
      const endedIds = new Set<string>();
      if (session?.userId != null) endedIds.add(session.sessionId);
      if (session) {
        await deleteSession(db, { customerId: req.tenant.id, id: session.id });
        if (session.userId !== null) {
          await deleteDeviceRememberTokens(db, {
            customerId: req.tenant.id,
            userId: session.userId,
            sessionId: session.sessionId,
          });
        }
      }
      const remembered = req.cookies[REMEMBER_COOKIE]?.split('|')[0];
      if (remembered && /^\d{1,15}$/.test(remembered)) {
        const row = await getRememberToken(db, { customerId: req.tenant.id, id: Number(remembered) });
        if (row) endedIds.add(row.sessionId);
        await deleteRememberToken(db, { customerId: req.tenant.id, id: Number(remembered) });
      }
      ended(req.tenant.id, [...endedIds]);
      req.session = undefined;
      req.user = undefined;
      clearCookie(req, reply, SESSION_COOKIE, true);
      clearCookie(req, reply, XSRF_COOKIE, false);
      clearCookie(req, reply, REMEMBER_COOKIE, true);
    },

    async endUserLogins({ customerId, userId }) {
      const ids = await userSessionIds(db, { customerId, userId });
      await deleteUserSessions(db, { customerId, userId });
      await deleteUserRememberTokens(db, { customerId, userId });
      ended(customerId, ids);
    },

    onLoginsEnded(listener) {
      endedListeners.push(listener);
    },

    async ensure(req, reply) {
      if (req.session) return req.session;
      return start(req, reply, { userId: null, sessionId: randomId(), remember: false });
    },
  };
}
