import { z } from 'zod';

export const loginBodySchema = z.object({
  email: z.string(),
  password: z.string(),
  remember: z.union([z.boolean(), z.string()]).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

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

export const passwordResetLinkBodySchema = z.object({ email: z.string() });

export const resetPasswordBodySchema = z.object({
  token: z.string(),
  email: z.string(),
  password: z.string(),
  password_confirmation: z.string(),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /api/reset-password/{token} answers one of these bare JSON strings. */
export const resetStatusSchema = z.enum(['passwords.reset', 'passwords.token']);
export type ResetStatus = z.infer<typeof resetStatusSchema>;

/** POST /api/password-reset-link answers this whether or not the address exists. */
export const passwordResetLinkResponseSchema = z.object({ status: z.literal('passwords.sent') });
export type PasswordResetLinkResponse = z.infer<typeof passwordResetLinkResponseSchema>;
