import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { customers, soundPreferences, soundRequests, sounds } from '../schema';

/*
 * Sounds a customer may see: the provider's (customer_id null) and its own. Every function takes
 * `customerId`; another customer's own sound is simply not found. Favourite and quick are the
 * customer's marks from sound_preferences (none = false).
 */

export type SoundBase = typeof sounds.$inferSelect;
export type SoundRow = SoundBase & { isFavorite: boolean; isQuick: boolean };

type Scope = { customerId: number };
type One = { customerId: number; id: number };

const visibleTo = (customerId: number) => or(isNull(sounds.customerId), eq(sounds.customerId, customerId));

function selectWithMarks(db: Db, customerId: number) {
  return db
    .select({
      sound: sounds,
      isFavorite: sql<boolean>`coalesce(${soundPreferences.isFavorite}, false)`,
      isQuick: sql<boolean>`coalesce(${soundPreferences.isQuick}, false)`,
    })
    .from(sounds)
    .leftJoin(
      soundPreferences,
      and(eq(soundPreferences.soundId, sounds.id), eq(soundPreferences.customerId, customerId)),
    );
}

const flatten = (r: { sound: SoundBase; isFavorite: boolean; isQuick: boolean }): SoundRow => ({
  ...r.sound,
  isFavorite: Boolean(r.isFavorite),
  isQuick: Boolean(r.isQuick),
});

/** Provider sounds in catalogue order, then the customer's own in upload order. */
export async function listSounds(db: Db, { customerId }: Scope): Promise<SoundRow[]> {
  const rows = await selectWithMarks(db, customerId)
    .where(visibleTo(customerId))
    .orderBy(sql`${sounds.customerId} is not null`, asc(sounds.createdAt), asc(sounds.id));
  return rows.map(flatten);
}

/** A provider sound or one of the customer's own; undefined otherwise. */
export async function getSound(db: Db, { customerId, id }: One): Promise<SoundRow | undefined> {
  const [row] = await selectWithMarks(db, customerId)
    .where(and(eq(sounds.id, id), visibleTo(customerId)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** Uploads one of the customer's own sounds. */
/**
 * The customer's own sounds (not the provider's), counted with the customer's row locked: uploads
 * that race count in turn.
 */
export async function countSoundsLocked(tx: Db, { customerId }: Scope): Promise<number> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  const [row] = await tx.select({ n: count() }).from(sounds).where(eq(sounds.customerId, customerId));
  return row?.n ?? 0;
}

export async function createSound(
  db: Db,
  { customerId, name, filePath, duration }: Scope & { name: string; filePath: string; duration: number },
): Promise<SoundRow> {
  const [row] = await db.insert(sounds).values({ customerId, name, filePath, duration }).returning();
  return { ...row!, isFavorite: false, isQuick: false };
}

/**
 * Flips the customer's favourite or quick mark on a sound it may see (provider sounds too) and
 * answers the sound with its new marks; undefined when the customer may not see the sound.
 */
export async function toggleSoundMark(db: Db, { customerId, id, mark }: One & { mark: 'isFavorite' | 'isQuick' }) {
  const sound = await getSound(db, { customerId, id });
  if (!sound) return undefined;
  const value = !sound[mark];
  await db
    .insert(soundPreferences)
    .values({ customerId, soundId: id, [mark]: value })
    .onConflictDoUpdate({
      target: [soundPreferences.customerId, soundPreferences.soundId],
      set: { [mark]: value, updatedAt: new Date() },
    });
  // A row only while a mark is set.
  await db
    .delete(soundPreferences)
    .where(
      and(
        eq(soundPreferences.customerId, customerId),
        eq(soundPreferences.soundId, id),
        eq(soundPreferences.isFavorite, false),
        eq(soundPreferences.isQuick, false),
      ),
    );
  return { ...sound, [mark]: value } as SoundRow;
}

/** Deletes one of the customer's own sounds (never a provider sound); answers the deleted row. */
export async function deleteOwnSound(db: Db, { customerId, id }: One): Promise<SoundBase | undefined> {
  const [row] = await db
    .delete(sounds)
    .where(and(eq(sounds.id, id), eq(sounds.customerId, customerId)))
    .returning();
  return row;
}

export type SoundRequestRow = typeof soundRequests.$inferSelect;

export async function createSoundRequest(
  db: Db,
  { customerId, description }: Scope & { description: string },
): Promise<SoundRequestRow> {
  const [row] = await db.insert(soundRequests).values({ customerId, description }).returning();
  return row!;
}
