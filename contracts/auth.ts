import { z } from 'zod';
import { booleanField, requiredEmail, requiredString } from './fields';

/**
 * POST /login as the BFF reads it off the browser's post: any text, passed on for the API to judge
 * (an empty or malformed e-mail must reach the API to get its own message).
 */
export const loginBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  remember: z.union([z.boolean(), z.string()]).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /login as the API validates it (the same fields, with the rules and messages). */
export const loginRequestSchema = loginBodySchema.extend({
  email: requiredEmail(),
  password: requiredString('jelszó'),
  remember: booleanField('emlékezz rám').optional(),
});

/** GET /api/me: the logged-in user; `session_id` is the public id of this device login. */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  customer_id: z.number(),
  session_id: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const settingSchema = z.object({
  id: z.number(),
  key: z.string(),
  value: z.string().nullable(),
  url: z.string().nullable(),
});
export type Setting = z.infer<typeof settingSchema>;

/** GET /api/customer */
export const customerSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  settings: z.array(settingSchema),
});
export type Customer = z.infer<typeof customerSchema>;

export const passwordResetLinkBodySchema = z.object({ email: requiredEmail() });

export const passwordMessages = {
  required: 'A jelszó megadása kötelező.',
  tooShort: 'A jelszónak legalább 8 karakterből kell állnia.',
  tooLong: 'A jelszó legfeljebb 255 karakter lehet.',
  confirmation: 'A jelszó megerősítése nem egyezik.',
} as const;

/** POST /api/reset-password/{token}: `token` in the body wins over the path's. */
export const resetPasswordBodySchema = z
  .object({
    token: z.unknown().optional(),
    email: requiredEmail(),
    password: z
      .string({ error: passwordMessages.required })
      .min(1, { error: passwordMessages.required })
      .min(8, { error: passwordMessages.tooShort })
      .max(255, { error: passwordMessages.tooLong }),
    password_confirmation: z.unknown().optional(),
  })
  // Laravel's `confirmed` rule reports under `password`, not under the confirmation field.
  .superRefine((body, ctx) => {
    if (typeof body.password === 'string' && body.password_confirmation !== body.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: passwordMessages.confirmation });
    }
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /api/reset-password/{token} answers one of these bare JSON strings. */
export const resetStatusSchema = z.enum(['passwords.reset', 'passwords.token']);
export type ResetStatus = z.infer<typeof resetStatusSchema>;

/** POST /api/password-reset-link answers this whether or not the address exists. */
export const passwordResetLinkResponseSchema = z.object({ status: z.literal('passwords.sent') });
export type PasswordResetLinkResponse = z.infer<typeof passwordResetLinkResponseSchema>;
