import type { FastifyInstance } from 'fastify';
import { loginRequestSchema, type User } from '../../../contracts/auth';
import type { AppContext } from '../context';
import { clearHits, hit, secondsUntilAvailable } from '../db/queries/rate-limits';
import { getUserByEmail, normalizeEmail } from '../db/queries/users';
import { ValidationError } from '../http/errors';
import { verifyPassword } from '../http/passwords';
import { validate } from '../http/validation';

const MAX_LOGIN_ATTEMPTS = 5;
const LOGIN_WINDOW_SECONDS = 60;

export const loginMessages = {
  failed: 'Hibás e-mail cím vagy jelszó.',
  throttled: (seconds: number) =>
    `Túl sok bejelentkezési kísérlet. Kérjük, próbálja újra ${seconds} másodperc múlva.`,
};

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, sessions } = ctx;

  app.get('/sanctum/csrf-cookie', { config: { auth: 'any' } }, async (req, reply) => {
    await sessions.ensure(req, reply);
    return reply.code(204).send();
  });

  app.post('/login', { config: { auth: 'guest' } }, async (req, reply) => {
    const body = validate(loginRequestSchema, req.body);
    const email = normalizeEmail(body.email);
    // Per customer, e-mail and client IP, as Laravel's LoginRequest throttles.
    const key = `login:${req.tenant.id}:${email}|${req.clientIp}`;

    const wait = await secondsUntilAvailable(db, { key, max: MAX_LOGIN_ATTEMPTS });
    if (wait > 0) {
      throw new ValidationError(
        { email: [loginMessages.throttled(wait)] },
        { statusCode: 429, headers: { 'retry-after': String(wait) } },
      );
    }

    // Scoped to this customer: another customer's user fails exactly like a wrong password.
    const user = await getUserByEmail(db, { customerId: req.tenant.id, email });
    if (!(await verifyPassword(user?.password, body.password)) || !user) {
      await hit(db, { key, windowSeconds: LOGIN_WINDOW_SECONDS });
      throw new ValidationError({ email: [loginMessages.failed] });
    }

    await clearHits(db, { key });
    await sessions.login(req, reply, user, { remember: body.remember ?? false });
    return reply.code(204).send();
  });

  app.post('/api/logout', async (req, reply) => {
    await sessions.logout(req, reply);
    return reply.code(204).send();
  });

  app.get('/api/me', async (req): Promise<User> => {
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
