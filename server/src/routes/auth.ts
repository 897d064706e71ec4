import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '../../../contracts/answers';
import { loginRequestSchema, userSchema, type User } from '../../../contracts/auth';
import { messageSchema, throttledLoginSchema, validationErrorSchema } from '../../../contracts/errors';
import type { AppContext } from '../context';
import { clearHits, consume, type Limit } from '../db/queries/rate-limits';
import { isKnownDevice, rememberDevice } from '../db/queries/user-devices';
import { getUserByEmail, normalizeEmail } from '../db/queries/users';
import { sha256 } from '../security/crypto';
import { ValidationError } from '../http/errors';
import { verifyPassword } from '../security/passwords';

/**
 * Failed logins are limited per customer: e-mail + client IP (Laravel's key) and client IP alone (one
 * address trying many e-mails) for every attempt; then either the e-mail alone (many addresses
 * trying one e-mail: at most 50 guesses per account in 15 minutes) or, for a browser that has logged
 * in to this account before, that browser alone (OWASP's device cookies). The account-wide limit
 * never refuses a known browser, so whoever trips it cannot lock the user out of their own devices.
 */
export const LOGIN_LIMITS = {
  emailIp: { max: 5, windowSeconds: 60 },
  ip: { max: 20, windowSeconds: 60 },
  email: { max: 50, windowSeconds: 15 * 60 },
  device: { max: 5, windowSeconds: 15 * 60 },
} as const;

/** `knownDevice`: the hash of a browser that has logged in to this account before. */
export function loginLimits(customerId: number, email: string, ip: string, knownDevice: string | null): Limit[] {
  return [
    { key: `login:${customerId}:${email}|${ip}`, ...LOGIN_LIMITS.emailIp },
    { key: `login-ip:${customerId}:${ip}`, ...LOGIN_LIMITS.ip },
    knownDevice === null
      ? { key: `login-email:${customerId}:${email}`, ...LOGIN_LIMITS.email }
      : { key: `login-device:${customerId}:${email}|${knownDevice}`, ...LOGIN_LIMITS.device },
  ];
}

export const loginMessages = {
  failed: 'Hibás e-mail cím vagy jelszó.',
  throttled: (seconds: number) => `Túl sok bejelentkezési kísérlet. Kérjük, próbálja újra ${seconds} másodperc múlva.`,
};

export function registerAuthRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = ctx;

  const noContent = { response: { 204: noContentSchema } };

  app.get('/sanctum/csrf-cookie', { config: { auth: 'any' }, schema: noContent }, async (req, reply) => {
    await sessions.ensure(req, reply);
    return reply.code(204).send();
  });

  const loginSchema = {
    body: loginRequestSchema,
    response: {
      204: noContentSchema,
      // Already logged in: Laravel's RedirectIfAuthenticated.
      302: noContentSchema,
      422: validationErrorSchema,
      // The login's own limit (validation-shaped, on `email`), or the general request limit.
      429: z.union([throttledLoginSchema, messageSchema]),
    },
  };
  app.post('/login', { config: { auth: 'guest' }, schema: loginSchema }, async (req, reply) => {
    const { body } = req;
    const email = normalizeEmail(body.email);
    const deviceHash = req.deviceId === null ? null : sha256(req.deviceId);
    const known = deviceHash !== null && (await isKnownDevice(db, { customerId: req.tenant.id, email, deviceHash }));

    // Every attempt takes its hit before the password is checked (count and check in one step),
    // so parallel attempts cannot all slip past the limit; a success gives it back.
    const limits = loginLimits(req.tenant.id, email, req.clientIp, known ? deviceHash : null);
    const slot = await consume(db, limits);
    if (!slot.allowed) {
      throw new ValidationError(
        { email: [loginMessages.throttled(slot.retryAfter)] },
        { statusCode: 429, headers: { 'retry-after': String(slot.retryAfter) } },
      );
    }

    // Scoped to this customer: another customer's user fails exactly like a wrong password.
    const user = await getUserByEmail(db, { customerId: req.tenant.id, email });
    if (!(await verifyPassword(user?.password, body.password)) || !user) {
      throw new ValidationError({ email: [loginMessages.failed] });
    }

    await slot.release();
    // As Laravel: a success clears the e-mail + IP counter; the browser's own counter goes with it.
    await clearHits(db, { key: limits[0]!.key });
    if (known) await clearHits(db, { key: limits[2]!.key });
    if (deviceHash !== null) await rememberDevice(db, { customerId: req.tenant.id, userId: user.id, deviceHash });
    await sessions.login(req, reply, user, { remember: body.remember ?? false });
    return reply.code(204).send();
  });

  app.post('/api/logout', { schema: noContent }, async (req, reply) => {
    await sessions.logout(req, reply);
    return reply.code(204).send();
  });

  app.get('/api/me', { schema: { response: { 200: userSchema } } }, async (req): Promise<User> => {
    const user = req.user!;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      customer_id: user.customerId,
      session_id: req.session!.sessionId,
    };
  });
}
