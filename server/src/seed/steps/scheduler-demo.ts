import { asc, eq } from 'drizzle-orm';
import {
  customers,
  scheduledContents,
  scheduledContentScreens,
  scheduledContentSlideshows,
  scheduledContentSpots,
  screens,
  slideshows,
  spots,
} from '../../db/schema';
import type { SeedStep } from '../index';

/**
 * `demo`'s schedules ('Ütemezés'), on top of `0006_mixer_demo`: one active spot at half past every
 * hour in opening hours (Monday to Saturday, 09:00–20:00), so the page shows a real next play time
 * and the shop hears the scheduler; and one inactive morning welcome (a spot and a slideshow on the
 * entrance screen), to show the switch and the filter. Both only in opening hours ('Csak
 * nyitvatartási időben'), as a new item is. A shop missing the demo media gets none.
 */
export const schedulerDemoStep: SeedStep = {
  name: '0007_scheduler_demo',
  async run({ db }) {
    const [demo] = await db.select({ id: customers.id }).from(customers).where(eq(customers.slug, 'demo'));
    if (!demo) return;
    const customerId = demo.id;
    const [spot, second] = await db
      .select({ id: spots.id })
      .from(spots)
      .where(eq(spots.customerId, customerId))
      .orderBy(asc(spots.id));
    if (!spot) return;
    const [show] = await db
      .select({ id: slideshows.id })
      .from(slideshows)
      .where(eq(slideshows.customerId, customerId))
      .orderBy(asc(slideshows.id));
    const [screen] = await db
      .select({ id: screens.id })
      .from(screens)
      .where(eq(screens.customerId, customerId))
      .orderBy(asc(screens.id));

    const [hourly] = await db
      .insert(scheduledContents)
      .values({
        customerId,
        name: 'Óránkénti akció szpot',
        active: true,
        frequency: 'hourlyAt30',
        betweenFrom: '09:00',
        betweenTo: '20:00',
        sunday: false,
        onlyOpen: true,
      })
      .returning({ id: scheduledContents.id });
    await db.insert(scheduledContentSpots).values({ scheduledContentId: hourly!.id, spotId: spot.id, position: 1 });

    const [welcome] = await db
      .insert(scheduledContents)
      .values({
        customerId,
        name: 'Reggeli köszöntő',
        active: false,
        frequency: 'everyThirtyMinutes',
        betweenFrom: '08:00',
        betweenTo: '10:00',
        onlyOpen: true,
      })
      .returning({ id: scheduledContents.id });
    await db
      .insert(scheduledContentSpots)
      .values({ scheduledContentId: welcome!.id, spotId: (second ?? spot).id, position: 1 });
    if (show && screen) {
      await db
        .insert(scheduledContentSlideshows)
        .values({ scheduledContentId: welcome!.id, slideshowId: show.id, position: 1 });
      await db
        .insert(scheduledContentScreens)
        .values({ scheduledContentId: welcome!.id, screenId: screen.id, position: 1 });
    }
  },
};
