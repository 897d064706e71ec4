import { leaveReportTime, REPORT_INTERVAL_MS } from './decisions';
import { sounds, type EngineState } from './engine-state';
import type { VolumeControl } from './engine-volume';

/** The output device's reports of where the music is: every REPORT_INTERVAL_MS while it sounds, and as the page goes. */
export class PositionReports {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly state: EngineState,
    private readonly volume: VolumeControl,
  ) {}

  now(): void {
    const s = this.state;
    if (!s.player || s.loadedTrackId === null || s.alone) return;
    // Ahead of the server (see aheadOf): its track is not the one sounding, so no time of ours fits it.
    if (s.aheadOf !== null) return;
    const time = s.audio.currentTime;
    s.lastReported = time;
    s.hooks.report(time, this.volume.current());
  }

  /**
   * The page is being hidden or unloaded: the output device tells the server where the music is, so a
   * reload (or another device) goes on from here rather than from the last periodic report. A reload
   * asks for the new page before pagehide fires (the old page goes only once the new one arrives), so
   * the report also goes at beforeunload: the new page's server-rendered player then has the position.
   */
  readonly leave = (event: Event): void => {
    const s = this.state;
    if (s.disposed) return;
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    const time = leaveReportTime({
      sounding: sounds(s) && s.loadedTrackId !== null,
      elementPlaying: !s.audio.paused,
      spotHoldsFloor: s.spotHoldsFloor,
      position: s.pendingSeek ?? s.audio.currentTime,
      lastReported: s.lastReported,
    });
    if (time === null || !s.player || s.alone) return;
    s.lastReported = time;
    s.hooks.report(time, this.volume.current(), { leaving: true });
  };

  /** The periodic report runs while the music should sound. */
  update(): void {
    const playing = sounds(this.state);
    if (playing && !this.timer) {
      this.timer = setInterval(() => {
        if (!this.state.audio.paused) this.now();
      }, REPORT_INTERVAL_MS);
    } else if (!playing && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
