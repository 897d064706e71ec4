import type { PlayerEngine } from './engine';
import { setMediaCors } from './media-cors';
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
  /** Whether the element is paused because the queue is held (pause pressed during a spot). */
  private holding = false;
  /** Whether the head has sounded yet (a held spot that never started gets the start timeout again). */
  private started = false;
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
    if (head.key !== this.playingKey) this.start(head, state.held);
    else if (state.held) this.hold();
    else this.resume();
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

  /** `held`: the queue waits for the next play (a spot behind a sound that pause dropped): loaded only. */
  private start(item: QueuedSound, held: boolean): void {
    this.clearTimer();
    this.playingKey = item.key;
    this.holding = held;
    this.started = false;
    this.meter?.begin(item.type, item.id);
    // With the audio graph the music fades out first (or ducks under a short sound): the spot waits that long.
    const wait = this.engine.holdForSpot(true, item);
    setMediaCors(this.element, this.cors);
    this.engine.spotElementReady(this.element, this.cors);
    this.element.src = item.url;
    this.element.load();
    if (held) {
      this.element.pause();
      return;
    }
    const key = item.key;
    const play = () => {
      this.startTimer = setTimeout(() => this.fail(key), SPOT_START_TIMEOUT_MS);
      const attempt = this.element.play();
      attempt?.catch((error: unknown) => this.refused(key, error));
    };
    if (wait <= 0) play();
    else
      this.startTimer = setTimeout(() => {
        this.startTimer = null;
        if (this.playingKey === key && !this.holding) play();
      }, wait);
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

  /**
   * Pause pressed while the head sounds: silent at once, the element keeps its place (and the meter
   * its item, so the spot is logged once, as played to its end only if it is), the music waits.
   */
  private hold(): void {
    if (this.holding) return;
    this.holding = true;
    this.clearTimer();
    this.element.pause();
  }

  /** The next play: the held head goes on from where it stopped. */
  private resume(): void {
    if (!this.holding || this.playingKey === null) return;
    this.holding = false;
    const key = this.playingKey;
    if (!this.started) this.startTimer = setTimeout(() => this.fail(key), SPOT_START_TIMEOUT_MS);
    this.element.play()?.catch((error: unknown) => {
      if ((error as { name?: string } | null)?.name === 'AbortError') return;
      this.fail(key);
    });
  }

  /** Nothing left to play: stop the element and give the floor back to the music. */
  private release(): void {
    this.clearTimer();
    this.holding = false;
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
    this.started = true;
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
