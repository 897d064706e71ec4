import type { AlertEvaluator } from './alerts/evaluator';
import type { OutboxWorker } from './alerts/outbox';
import type { PushSender } from './alerts/push';
import type { LoudnessService } from './audio/service';
import type { Config } from './env';
import type { Database, Db } from './db/client';
import type { SessionManager } from './http/session';
import type { Mailer } from './mail/mailer';
import type { PlayerService } from './player/service';
import type { Realtime } from './realtime';
import type { PlanRunner } from './scheduler/plan-runner';
import type { Storage } from './storage';

/** What routes need besides the request: built once in app.ts and handed to each route file. */
export interface AppContext {
  config: Config;
  db: Db;
  /** PGlite (one process: this instance alone) or PostgreSQL (shared by every instance). */
  databaseKind: Database['kind'];
  storage: Storage;
  mailer: Mailer;
  sessions: SessionManager;
  /** Every player change goes through here (see player/service.ts). */
  players: PlayerService;
  /** Broadcasting (UpdatePlayer, playSpots, playSound), the Pusher server and device presence. */
  realtime: Realtime;
  /** Loudness of the stored audio: measured after an upload, and older files in the background. */
  loudness: LoudnessService;
  /** The music plan's runner: its boundaries, a manager's hold, 'Vissza a napirendhez'. */
  plan: PlanRunner;
  /**
   * The time as the scheduler and the next-play times see it (ms since the epoch). Real time
   * unless a test injects a clock (BuildOptions.clock); the scheduler's test control moves it.
   */
  clock: () => number;
  /** Alerts (issue 40): the minute evaluator, the mail/push outbox and the Web Push sender. */
  alerts: { evaluator: AlertEvaluator; outbox: OutboxWorker; push: PushSender };
}
