import { eq } from 'drizzle-orm';
import { transaction, type Db } from '../db/client';
import { seedSteps } from '../db/schema';
import type { Storage } from '../storage';
import { helpContentSync, shopSettingsSync, type StartSync } from './provider-content';
import { channelCatalogueStep, customerPlayersStep } from './steps/channel-catalogue';
import { demoCustomersStep } from './steps/demo-customers';
import { demoPlaylistsStep } from './steps/demo-playlists';
import { dayPlanDemoStep } from './steps/day-plan-demo';
import { loudnessFromManifestStep } from './steps/loudness-from-manifest';
import { mixerDemoStep } from './steps/mixer-demo';
import { remeasureAudioStep, remeasureWalkedAudioStep } from './steps/remeasure-audio';
import { schedulerDemoStep } from './steps/scheduler-demo';
import { soundsAndSpotsStep } from './steps/sounds-and-spots';

export interface SeedContext {
  db: Db;
  storage: Storage;
  /** Seed the demo shop's music plan switched on (`DEMO_MUSIC_PLAN`, set by `npm start` only). */
  demoMusicPlan?: boolean;
}

export interface SeedStep {
  /** Recorded once applied; never rename a step that has shipped. */
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

/** Append new steps at the end; each runs once per database, in this order. */
export const seedStepList: SeedStep[] = [
  demoCustomersStep,
  channelCatalogueStep,
  customerPlayersStep,
  demoPlaylistsStep,
  soundsAndSpotsStep,
  mixerDemoStep,
  schedulerDemoStep,
  remeasureAudioStep,
  dayPlanDemoStep,
  loudnessFromManifestStep,
  remeasureWalkedAudioStep,
];

/**
 * Run at every start after the steps (src/seed/provider-content.ts): cheap, idempotent syncs of
 * what must hold however the database came to be (every shop's default settings; the provider's
 * help content from its committed file, re-applied only when the file changed).
 */
export const startSyncList: StartSync[] = [shopSettingsSync, helpContentSync];

export async function runSeed(
  ctx: SeedContext,
  steps: SeedStep[] = seedStepList,
  syncs: StartSync[] = startSyncList,
): Promise<string[]> {
  const applied: string[] = [];
  // One read of what ran before (every step, on a seeded database): each step is checked again in
  // its turn only when this says it has not run.
  const ranBefore = new Set((await ctx.db.select({ name: seedSteps.name }).from(seedSteps)).map((r) => r.name));
  for (const step of steps) {
    if (ranBefore.has(step.name)) continue;
    const done = await ctx.db.select().from(seedSteps).where(eq(seedSteps.name, step.name)).limit(1);
    if (done.length) continue;
    await transaction(ctx.db, async (tx) => {
      await step.run({ ...ctx, db: tx });
      await tx.insert(seedSteps).values({ name: step.name });
    });
    applied.push(step.name);
  }
  for (const sync of syncs) await transaction(ctx.db, (tx) => sync.run({ ...ctx, db: tx }));
  return applied;
}
