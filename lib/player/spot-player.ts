import { setMediaCors, type PlayerEngine } from './engine';
import { PlayMeter, type PlayReport } from './play-reports';
import { toElementVolume } from './volume';
import { currentSpot, type QueuedSound, type SpotQueueAction, type SpotQueueState } from './spot-queue';

/** A spot that has not started sounding by then is skipped: an ad never keeps the shop silent. */
export const SPOT_START_TIMEOUT_MS = 10_000;

/**
 * Plays the queue's head on the engine's spot element while the music waits (no React). The
 * queue itself lives in the store; this only follows it and reports ends and failures back.
 */
export class SpotPlayer {
  readonly element: HTMLAudioElement;
  private playingKey: number | null = null;
  private startTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  /** Whether the media answers carry CORS (see mediaCorsReady): spots are then loaded as the music is. */
  private cors = false;
  private readonly meter: PlayMeter | null;

  constructor(
    private readonly engine: PlayerEngine,
    private readonly dispatch: (action: SpotQueueAction) => void,
    /** What was really played of each spot and sound (proof of play). */
    onPlayed?: (report: PlayReport) => void,
  ) {
    this.element = new Audio();
    this.element.preload = 'auto';
    this.element.setAttribute('data-spot-audio', '');
    this.element.hidden = true;
    // Before our own listeners: an `ended` must close the meter's item before the queue moves on.
    this.meter = onPlayed ? new PlayMeter(this.element, onPlayed) : null;
    this.element.addEventListener('ended', this.handleEnded);
    this.element.addEventListener('error', this.handleError);
    this.element.addEventListener('playing', this.handlePlaying);
    engine.spot = this.element;
  }

  /** Follow the queue. `volume` is the player's (0–100): an ad is as loud as the music. */
  sync(state: SpotQueueState, volume: number, cors = false): void {
    if (this.disposed) return;
    this.cors = cors;
    const head = currentSpot(state);
    this.element.volume = toElementVolume(volume);
    if (!head) {
      this.release();
      return;
    }
    if (head.key === this.playingKey) return;
    this.start(head);
  }

  dispose(): void {
    this.disposed = true;
    this.release();
    this.meter?.dispose();
    this.element.removeEventListener('ended', this.handleEnded);
    this.element.removeEventListener('error', this.handleError);
    this.element.removeEventListener('playing', this.handlePlaying);
    if (this.engine.spot === this.element) this.engine.spot = null;
  }

  private start(item: QueuedSound): void {
    this.clearTimer();
    this.playingKey = item.key;
    this.meter?.begin(item.type, item.id);
    this.engine.holdForSpot(true);
    setMediaCors(this.element, this.cors);
    this.element.src = item.url;
    this.element.load();
    const key = item.key;
    this.startTimer = setTimeout(() => this.fail(key), SPOT_START_TIMEOUT_MS);
    const attempt = this.element.play();
    attempt?.catch((error: unknown) => this.refused(key, error));
  }

  /**
   * The browser refused the spot's start. Without a tap yet (NotAllowedError) the spot waits for the
   * device's prompt, whose tap starts it: a paid ad is not skipped for the browser's rules.
   */
  private refused(key: number, error: unknown): void {
    const name = (error as { name?: string } | null)?.name;
    // A newer load (the next item) interrupted this one: nothing failed.
    if (name === 'AbortError' || this.playingKey !== key) return;
    if (name !== 'NotAllowedError') {
      this.fail(key);
      return;
    }
    this.clearTimer();
    this.engine.spotRefused(() => {
      if (this.playingKey !== key) return;
      this.startTimer = setTimeout(() => this.fail(key), SPOT_START_TIMEOUT_MS);
      this.element.play()?.catch((again: unknown) => this.refused(key, again));
    });
  }

  /** Nothing left to play: stop the element and give the floor back to the music. */
  private release(): void {
    this.clearTimer();
    if (this.playingKey === null) return;
    this.playingKey = null;
    this.meter?.finish(false);
    this.element.pause();
    this.element.removeAttribute('src');
    this.element.load();
    this.engine.holdForSpot(false);
  }

  private fail(key: number): void {
    if (this.playingKey !== key) return;
    this.clearTimer();
    this.dispatch({ type: 'failed', key });
  }

  private clearTimer(): void {
    if (this.startTimer) clearTimeout(this.startTimer);
    this.startTimer = null;
  }

  private readonly handlePlaying = () => {
    this.clearTimer();
    this.engine.spotSounding();
  };

  private readonly handleEnded = () => {
    if (this.playingKey !== null) this.dispatch({ type: 'ended', key: this.playingKey });
  };

  private readonly handleError = () => {
    // Removing the source at release fires an error too; only a loaded item can fail.
    if (this.playingKey !== null && this.element.getAttribute('src')) this.fail(this.playingKey);
  };
}
