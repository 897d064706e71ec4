import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A customer is a tenant: everything else hangs off `customer_id`. */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull().default('Europe/Budapest'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Stored lower-cased so look-ups and the uniqueness rule ignore case. */
    email: text('email').notNull(),
    password: text('password').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_customer_email_unique').on(t.customerId, t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value; the value itself is never stored. */
    id: text('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Null for a guest session (after csrf-cookie, before login). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Public id of this device login (`/api/me` session_id, the player's output device). */
    sessionId: text('session_id').notNull(),
    csrfToken: text('csrf_token').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user_id_index').on(t.userId),
    index('sessions_last_activity_index').on(t.lastActivityAt),
  ],
);

export const rememberTokens = pgTable(
  'remember_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The device login it restores, so a restored session keeps its device identity. */
    sessionId: text('session_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('remember_tokens_user_id_index').on(t.userId)],
);

/** One row per (customer, e-mail), as Laravel's password broker keeps it. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.email] })],
);

/** Fixed-window counters shared by every API instance (login throttling). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value'),
    /** Path under the media root for file settings (the logo). */
    filePath: text('file_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('settings_customer_key_unique').on(t.customerId, t.key)],
);

/** Seed steps already applied, so each runs once even as later issues append steps. */
export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().default(sql`now()`),
});
