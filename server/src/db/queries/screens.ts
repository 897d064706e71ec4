import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { scheduledContents, scheduledContentScreens, scheduledContentSlideshows, screens, slideshows } from '../schema';

/*
 * A customer's screens. Every function takes `customerId` and filters by it, the public look-up by
 * `hash_id` too (the screen page is reached through its shop's address).
 */

export type ScreenBase = typeof screens.$inferSelect;
export type ScreenRow = ScreenBase & { slideshow: { id: number; name: string } | null };

type Scope = { customerId: number };
type One = { customerId: number; id: number };

function selectWithSlideshow(db: Db) {
  return db
    .select({ screen: screens, slideshowName: slideshows.name })
    .from(screens)
    .leftJoin(slideshows, eq(slideshows.id, screens.slideshowId));
}

const flatten = (r: { screen: ScreenBase; slideshowName: string | null }): ScreenRow => ({
  ...r.screen,
  slideshow:
    r.screen.slideshowId !== null && r.slideshowName !== null
      ? { id: r.screen.slideshowId, name: r.slideshowName }
      : null,
});

/** Newest first. */
export async function listScreens(db: Db, { customerId }: Scope): Promise<ScreenRow[]> {
  const rows = await selectWithSlideshow(db)
    .where(eq(screens.customerId, customerId))
    .orderBy(desc(screens.createdAt), desc(screens.id));
  return rows.map(flatten);
}

export async function getScreen(db: Db, { customerId, id }: One): Promise<ScreenRow | undefined> {
  const [row] = await selectWithSlideshow(db)
    .where(and(eq(screens.customerId, customerId), eq(screens.id, id)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

export async function getScreenByHash(
  db: Db,
  { customerId, hashId }: Scope & { hashId: string },
): Promise<ScreenBase | undefined> {
  const [row] = await db
    .select()
    .from(screens)
    .where(and(eq(screens.customerId, customerId), eq(screens.hashId, hashId)))
    .limit(1);
  return row;
}

/**
 * Whether the screen may show the slideshow: its default, or one a scheduled content of the shop
 * sends to this very screen (active or paused: a paused item may be switched on again, and a show
 * already sent must still load when its item is paused meanwhile).
 */
export async function screenShowsSlideshow(
  db: Db,
  { customerId, screen, slideshowId }: Scope & { screen: Pick<ScreenBase, 'id' | 'slideshowId'>; slideshowId: number },
): Promise<boolean> {
  if (screen.slideshowId === slideshowId) return true;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(scheduledContentScreens)
    .innerJoin(scheduledContents, eq(scheduledContents.id, scheduledContentScreens.scheduledContentId))
    .innerJoin(
      scheduledContentSlideshows,
      and(
        eq(scheduledContentSlideshows.scheduledContentId, scheduledContentScreens.scheduledContentId),
        eq(scheduledContentSlideshows.slideshowId, slideshowId),
      ),
    )
    .where(and(eq(scheduledContents.customerId, customerId), eq(scheduledContentScreens.screenId, screen.id)))
    .limit(1);
  return row !== undefined;
}

type Fields = { name: string; description: string | null; slideshowId: number | null };

export async function createScreen(
  db: Db,
  { customerId, hashId, ...fields }: Scope & Fields & { hashId: string },
): Promise<ScreenBase> {
  const [row] = await db
    .insert(screens)
    .values({ customerId, hashId, ...fields })
    .returning();
  return row!;
}

export async function updateScreen(
  db: Db,
  { customerId, id, ...fields }: One & Fields,
): Promise<ScreenBase | undefined> {
  const [row] = await db
    .update(screens)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(screens.customerId, customerId), eq(screens.id, id)))
    .returning();
  return row;
}

export async function deleteScreen(db: Db, { customerId, id }: One): Promise<ScreenBase | undefined> {
  const [row] = await db
    .delete(screens)
    .where(and(eq(screens.customerId, customerId), eq(screens.id, id)))
    .returning();
  return row;
}
