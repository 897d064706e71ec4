import type { PlayerSound, Track } from '@/contracts';
import { mediaCorsReady } from './media-cors';
import type { OutputWatch } from './engine-output';
import { sounds, type EngineState } from './engine-state';

/** How long a new audio context may take to start by itself before the device asks for the tap. */
const GRAPH_START_MS = 500;
/** The same wait on a page that has had a click, whose context the browser lets resume (checkStarts). */
const GRAPH_RESUME_ACTIVATED_MS = 3_000;

/**
 * The Web Audio graph's life on the device (`state.graph`): loaded on the first track that needs it,
 * the gains of what sounds, and its audio context, whose suspension asks for the tap as a refused
 * element does.
 */
export class GraphControl {
  private loading = false;
  /** The prompt shows because the audio context is suspended (not because the element was refused). */
  tapForGraph = false;
  private module: typeof import('./audio-graph') | null = null;
  private check: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly state: EngineState,
    private readonly output: OutputWatch,
    /** Starts the music (the engine's start), once a context that was suspended runs. */
    private readonly start: () => void,
  ) {}

  /** What the graph has scheduled (the music's and spot's gains) follows the items and settings now. */
  applyLevels(): void {
    const s = this.state;
    const graph = s.graph;
    if (!graph) return;
    graph.level(s.audio, 'level', 'music.level', this.gainOf(s.loadedItem, false));
    if (s.spotItem && s.spot) graph.level(s.spot, 'level', 'spot.level', this.gainOf(s.spotItem, true));
  }

  gainOf(item: Track | PlayerSound | null, spot: boolean): number {
    return this.module?.itemGainDb(item, this.state.sound, spot) ?? 0;
  }

  /**
   * Loads the graph on the first track that needs it (our API's media, a browser with Web Audio). The
   * module comes in its own chunk, so a device that never builds a graph never downloads it.
   */
  ensure(): void {
    const s = this.state;
    if (s.graph || this.loading || !mediaCorsReady(s.player)) return;
    if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
    this.loading = true;
    import('./audio-graph')
      .then((module) => {
        if (s.disposed) return;
        this.module = module;
        const graph = new module.AudioGraph(this.handleState);
        s.graph = graph;
        graph.attachMusic(s.audio);
        if (s.spot) graph.attachSpot(s.spot);
        this.applyLevels();
        // A page already touched may sound at once; a context that is still suspended a moment later
        // waits for the tap.
        graph.resume();
        setTimeout(this.handleState, GRAPH_START_MS);
      })
      .catch(() => {
        // The chunk could not be loaded (offline before it was kept): the device plays as before.
      })
      .finally(() => {
        this.loading = false;
      });
  }

  /**
   * The music is to sound through a suspended audio context (the output came back to this device, play
   * was pressed elsewhere): it is asked to resume, which a page that has had a click allows, and when it
   * is still suspended a moment later the device asks for the tap, as at the graph's start. Without this
   * a device the output returned to played silently with no prompt. A page that has had a click
   * (`navigator.userActivation`) is allowed to resume, which on a busy PC can take longer than a
   * moment: it is given GRAPH_RESUME_ACTIVATED_MS before the prompt, so a slow resume never shows a
   * prompt (and turns the next press on the bar into its tap) on a device that can sound.
   */
  checkStarts(): void {
    const graph = this.state.graph;
    if (!graph?.suspended || this.check) return;
    graph.resume();
    const activated = typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive === true;
    this.check = setTimeout(
      () => {
        this.check = null;
        this.handleState();
      },
      activated ? GRAPH_RESUME_ACTIVATED_MS : GRAPH_START_MS,
    );
  }

  /** The spot player's element joins the graph (if there is one) before it loads an item. */
  spotElementReady(element: HTMLAudioElement, cors: boolean): void {
    if (cors) this.state.graph?.attachSpot(element);
  }

  dispose(): void {
    if (this.check) clearTimeout(this.check);
  }

  /** The audio context started or stopped: a suspended one is silent, which the tap cures (needs_tap). */
  private readonly handleState = (): void => {
    const s = this.state;
    if (s.disposed || !s.graph) return;
    const sound = sounds(s);
    if (s.graph.suspended) {
      if (sound && !s.needsTap) {
        this.tapForGraph = true;
        this.output.setNeedsTap(true);
      }
    } else {
      // Running (the tap, or a gesture elsewhere on the page): a prompt only the context wanted goes,
      // and so does one an element that plays by now no longer needs.
      const forGraph = this.tapForGraph;
      this.tapForGraph = false;
      if (s.needsTap && !s.audio.muted && !s.spotWaitsForTap && (forGraph || !s.audio.paused)) {
        this.output.setNeedsTap(false);
        if (sound && !s.spotHoldsFloor) this.start();
      }
    }
    this.output.refresh();
  };
}
