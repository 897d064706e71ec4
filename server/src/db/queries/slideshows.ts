import { and, asc, count, desc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../client';
import { screens, slideshowImages, slideshows } from '../schema';

/*
 * A customer's slideshows and their images. Every function takes `customerId` and filters by it
 * (images carry it too); another customer's id is simply not found.
 */

export type SlideshowBase = typeof slideshows.$inferSelect;
export type SlideshowImageRow = typeof slideshowImages.$inferSelect;
export type SlideshowListRow = SlideshowBase & { imagesCount: number };
export type SlideshowRow = SlideshowBase & { images: SlideshowImageRow[] };

type Scope = { customerId: number };
type One = { customerId: number; id: number };

/** Newest first, each with its number of images. */
export async function listSlideshows(db: Db, { customerId }: Scope): Promise<SlideshowListRow[]> {
  const rows = await db
    .select({ slideshow: slideshows, imagesCount: count(slideshowImages.id) })
    .from(slideshows)
    .leftJoin(slideshowImages, eq(slideshowImages.slideshowId, slideshows.id))
    .where(eq(slideshows.customerId, customerId))
    .groupBy(slideshows.id)
    .orderBy(desc(slideshows.createdAt), desc(slideshows.id));
  return rows.map((r) => ({ ...r.slideshow, imagesCount: Number(r.imagesCount) }));
}

export async function getSlideshowBase(db: Db, { customerId, id }: One): Promise<SlideshowBase | undefined> {
  const [row] = await db
    .select()
    .from(slideshows)
    .where(and(eq(slideshows.customerId, customerId), eq(slideshows.id, id)))
    .limit(1);
  return row;
}

/** The slideshow locked for the rest of the transaction (image edits serialise on it). */
export async function lockSlideshow(tx: Db, { customerId, id }: One): Promise<SlideshowBase | undefined> {
  const [row] = await tx
    .select()
    .from(slideshows)
    .where(and(eq(slideshows.customerId, customerId), eq(slideshows.id, id)))
    .for('update')
    .limit(1);
  return row;
}

/** Images in show order. */
export async function listSlideshowImages(db: Db, { customerId, slideshowId }: Scope & { slideshowId: number }) {
  return db
    .select()
    .from(slideshowImages)
    .where(and(eq(slideshowImages.customerId, customerId), eq(slideshowImages.slideshowId, slideshowId)))
    .orderBy(asc(slideshowImages.position), asc(slideshowImages.id));
}

export async function getSlideshow(db: Db, scope: One): Promise<SlideshowRow | undefined> {
  const base = await getSlideshowBase(db, scope);
  if (!base) return undefined;
  return { ...base, images: await listSlideshowImages(db, { customerId: scope.customerId, slideshowId: base.id }) };
}

export async function withImages(db: Db, base: SlideshowBase): Promise<SlideshowRow> {
  return { ...base, images: await listSlideshowImages(db, { customerId: base.customerId, slideshowId: base.id }) };
}

export async function createSlideshow(db: Db, { customerId, name }: Scope & { name: string }): Promise<SlideshowBase> {
  const [row] = await db.insert(slideshows).values({ customerId, name }).returning();
  return row!;
}

export async function renameSlideshow(
  db: Db,
  { customerId, id, name }: One & { name: string },
): Promise<SlideshowBase | undefined> {
  const [row] = await db
    .update(slideshows)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(slideshows.customerId, customerId), eq(slideshows.id, id)))
    .returning();
  return row;
}

/** Appends an image at the end of a slideshow already found for the customer (and locked). */
export async function addSlideshowImage(
  tx: Db,
  {
    customerId,
    slideshowId,
    name,
    filePath,
    seconds,
  }: Scope & { slideshowId: number; name: string; filePath: string; seconds: number },
): Promise<SlideshowImageRow> {
  const [last] = await tx
    .select({ position: max(slideshowImages.position) })
    .from(slideshowImages)
    .where(and(eq(slideshowImages.customerId, customerId), eq(slideshowImages.slideshowId, slideshowId)));
  const position = (last?.position ?? 0) + 1;
  const [row] = await tx
    .insert(slideshowImages)
    .values({ customerId, slideshowId, name, filePath, seconds, position })
    .returning();
  return row!;
}

/** Removes one image of the slideshow; answers the removed row (its file goes after commit). */
export async function removeSlideshowImage(
  tx: Db,
  { customerId, slideshowId, id }: One & { slideshowId: number },
): Promise<SlideshowImageRow | undefined> {
  const [row] = await tx
    .delete(slideshowImages)
    .where(
      and(
        eq(slideshowImages.customerId, customerId),
        eq(slideshowImages.slideshowId, slideshowId),
        eq(slideshowImages.id, id),
      ),
    )
    .returning();
  return row;
}

/** Writes the order 1..n and the seconds of each image (all of the slideshow's, checked by the caller). */
export async function setSlideshowImages(
  tx: Db,
  { customerId, slideshowId, images }: Scope & { slideshowId: number; images: Array<{ id: number; seconds: number }> },
): Promise<void> {
  for (const [i, image] of images.entries()) {
    await tx
      .update(slideshowImages)
      .set({ position: i + 1, seconds: image.seconds, updatedAt: new Date() })
      .where(
        and(
          eq(slideshowImages.customerId, customerId),
          eq(slideshowImages.slideshowId, slideshowId),
          eq(slideshowImages.id, image.id),
        ),
      );
  }
}

/**
 * Deletes the slideshow with its images (screens showing it by default lose it: `set null`);
 * answers its images' file paths, for removal after commit. Undefined when not the customer's.
 */
export async function deleteSlideshow(tx: Db, { customerId, id }: One): Promise<string[] | undefined> {
  const images = await listSlideshowImages(tx, { customerId, slideshowId: id });
  const [row] = await tx
    .delete(slideshows)
    .where(and(eq(slideshows.customerId, customerId), eq(slideshows.id, id)))
    .returning({ id: slideshows.id });
  return row ? images.map((i) => i.filePath) : undefined;
}

/** Hash ids of the customer's screens whose default is one of `slideshowIds`. */
export async function screenHashesShowing(
  db: Db,
  { customerId, slideshowIds }: Scope & { slideshowIds: number[] },
): Promise<string[]> {
  if (!slideshowIds.length) return [];
  const rows = await db
    .select({ hashId: screens.hashId })
    .from(screens)
    .where(and(eq(screens.customerId, customerId), inArray(screens.slideshowId, slideshowIds)));
  return rows.map((r) => r.hashId);
}
