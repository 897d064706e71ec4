import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passwordResetLinkBodySchema,
  passwordResetLinkResponseSchema,
  resetPasswordBodySchema,
  resetStatusSchema,
  type PasswordResetLinkResponse,
  type ResetStatus,
} from '../../../contracts/auth';
import { messageSchema, validationErrorSchema } from '../../../contracts/errors';
import type { AppContext } from '../context';
import { deletePasswordResetToken, getPasswordResetToken, putPasswordResetToken } from '../db/queries/password-resets';
import { consume } from '../db/queries/rate-limits';
import { getUserByEmail, normalizeEmail, updateUserPassword } from '../db/queries/users';
import { randomString, safeEqual, sha256 } from '../security/crypto';
import { ValidationError } from '../http/errors';
import { sendJson } from '../http/json';
import { hashPassword } from '../security/passwords';

/** Laravel's defaults: a token lives 60 minutes; one link per address per 60 seconds. */
export const RESET_TOKEN_MINUTES = 60;
export const RESET_THROTTLE_SECONDS = 60;

/** Link requests per customer and client IP (each may mail a different address). */
export const RESET_LINK_LIMITS = [
  { name: 'minute', max: 5, windowSeconds: 60 },
  { name: 'hour', max: 20, windowSeconds: 3600 },
] as const;

export const resetLinkThrottled = (seconds: number) =>
  `Túl sok jelszó-visszaállítási kérés. Kérjük, próbálja újra ${seconds} másodperc múlva.`;

export function resetLink(webUrl: string, slug: string, token: string, email: string): string {
  return `${webUrl.replaceAll('{tenant}', slug)}/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;
}

function resetMail(customerName: string, link: string) {
  const text = [
    'Kedves Felhasználó!',
    '',
    `Jelszó-visszaállítást kértek a(z) ${customerName} fiókjához tartozó e-mail címre.`,
    'Az alábbi linkre kattintva új jelszót állíthat be:',
    '',
    link,
    '',
    `A link ${RESET_TOKEN_MINUTES} percig érvényes, és csak egyszer használható.`,
    'Ha nem Ön kérte a jelszó visszaállítását, hagyja figyelmen kívül ezt a levelet.',
    '',
    'Üdvözlettel:',
    customerName,
  ].join('\n');
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const html =
    `<p>Kedves Felhasználó!</p>` +
    `<p>Jelszó-visszaállítást kértek a(z) ${escape(customerName)} fiókjához tartozó e-mail címre.</p>` +
    `<p><a href="${escape(link)}">Új jelszó beállítása</a></p>` +
    `<p>A link ${RESET_TOKEN_MINUTES} percig érvényes, és csak egyszer használható. ` +
    `Ha nem Ön kérte a jelszó visszaállítását, hagyja figyelmen kívül ezt a levelet.</p>` +
    `<p>Üdvözlettel:<br>${escape(customerName)}</p>`;
  return { subject: 'Jelszó visszaállítása', text, html };
}

export function registerPasswordResetRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer } = ctx;

  app.post(
    '/api/password-reset-link',
    {
      config: { auth: 'any' },
      schema: {
        body: passwordResetLinkBodySchema,
        response: {
          200: passwordResetLinkResponseSchema,
          // The links' own limit (validation-shaped, on `email`), or the general request limit.
          429: z.union([validationErrorSchema, messageSchema]),
        },
      },
    },
    async (req): Promise<PasswordResetLinkResponse> => {
      const email = normalizeEmail(req.body.email);
      const customerId = req.tenant.id;
      const slot = await consume(
        db,
        RESET_LINK_LIMITS.map((l) => ({
          key: `reset-link-${l.name}:${customerId}:${req.clientIp}`,
          max: l.max,
          windowSeconds: l.windowSeconds,
        })),
      );
      if (!slot.allowed) {
        throw new ValidationError(
          { email: [resetLinkThrottled(slot.retryAfter)] },
          { statusCode: 429, headers: { 'retry-after': String(slot.retryAfter) } },
        );
      }
      const user = await getUserByEmail(db, { customerId, email });
      if (user) {
        const previous = await getPasswordResetToken(db, { customerId, email });
        const recentlySent = previous && Date.now() - previous.createdAt.getTime() < RESET_THROTTLE_SECONDS * 1000;
        if (!recentlySent) {
          const token = randomString(64);
          await putPasswordResetToken(db, { customerId, email, tokenHash: sha256(token) });
          const link = resetLink(config.webUrl, req.tenant.slug, token, user.email);
          const sent = await mailer.send({ to: user.email, ...resetMail(req.tenant.name, link) });
          req.log.info({ link, file: sent.file }, 'password reset link sent');
        }
      }
      // The same answer either way, so the form cannot be used to probe for accounts.
      return { status: 'passwords.sent' };
    },
  );

  app.post(
    '/api/reset-password/:token',
    {
      config: { auth: 'any' },
      // The outcome as a bare JSON string, 200 either way (Laravel's Password::reset status).
      schema: { body: resetPasswordBodySchema, response: { 200: resetStatusSchema } },
    },
    async (req, reply) => {
      const answer = (status: ResetStatus) => sendJson(reply, status);
      const { body } = req;
      const { token: pathToken } = req.params as { token: string };
      const token = typeof body.token === 'string' && body.token ? body.token : pathToken;
      const email = normalizeEmail(body.email);
      const customerId = req.tenant.id;

      const row = await getPasswordResetToken(db, { customerId, email });
      const user = await getUserByEmail(db, { customerId, email });
      const valid =
        row !== undefined &&
        user !== undefined &&
        Date.now() - row.createdAt.getTime() < RESET_TOKEN_MINUTES * 60_000 &&
        safeEqual(sha256(token), row.tokenHash);
      if (!valid || !user) return answer('passwords.token');

      await updateUserPassword(db, { customerId, id: user.id, passwordHash: await hashPassword(body.password) });
      await deletePasswordResetToken(db, { customerId, email });
      // A reset is what a user does when someone else may know the password: end every login.
      await ctx.sessions.endUserLogins({ customerId, userId: user.id });
      return answer('passwords.reset');
    },
  );
}
