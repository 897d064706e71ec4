import { PlayerEngine, type EngineHooks } from '@/lib/player/engine';
import { aPlayer, aTrack } from './fixtures';

function hooks(): jest.Mocked<EngineHooks> {
  return {
    onPosition: jest.fn(),
    onDuration: jest.fn(),
    onNeedsTap: jest.fn(),
    requestNext: jest.fn(),
    requestReload: jest.fn(),
    report: jest.fn(),
    togglePlay: jest.fn(),
    onTrackFailed: jest.fn(),
  };
}

function setup(play: () => Promise<void> = () => Promise.resolve()) {
  const audio = document.createElement('audio');
  const playSpy = jest.spyOn(audio, 'play').mockImplementation(play);
  const pauseSpy = jest.spyOn(audio, 'pause').mockImplementation(() => {});
  jest.spyOn(audio, 'load').mockImplementation(() => {});
  const h = hooks();
  const engine = new PlayerEngine(h, audio);
  return { audio, playSpy, pauseSpy, h, engine };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => jest.useRealTimers());

it('loads the track and plays on the output device, at the server volume', () => {
  const { audio, playSpy, engine } = setup();
  engine.apply(aPlayer({ volume: 40 }), 'device-a');
  expect(audio.src).toBe(aTrack().url);
  expect(audio.volume).toBeCloseTo(0.4);
  expect(playSpy).toHaveBeenCalled();
});

it('stays silent on a remote control', () => {
  const { audio, playSpy, engine } = setup();
  engine.apply(aPlayer(), 'device-b');
  expect(audio.getAttribute('src')).toBeNull();
  expect(playSpy).not.toHaveBeenCalled();
});

it('does not reload the same track when only the signed URL changed', () => {
  const { audio, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  engine.apply(aPlayer({ track: aTrack({ url: 'http://media.test/other-signature.mp3' }) }), 'device-a');
  expect(audio.src).toBe(aTrack().url);
});

it('asks the server for the next track when one ends', () => {
  const { audio, h, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  audio.dispatchEvent(new Event('ended'));
  expect(h.requestNext).toHaveBeenCalledTimes(1);
});

it('shows the tap prompt when the browser refuses to start, and plays on the tap', async () => {
  const refusal = Object.assign(new Error('no gesture'), { name: 'NotAllowedError' });
  const { playSpy, h, engine } = setup(() => Promise.reject(refusal));
  engine.apply(aPlayer(), 'device-a');
  await flush();
  expect(h.onNeedsTap).toHaveBeenLastCalledWith(true);

  playSpy.mockImplementation(() => Promise.resolve());
  engine.startFromTap();
  expect(h.onNeedsTap).toHaveBeenLastCalledWith(false);
  expect(playSpy).toHaveBeenCalledTimes(2);
});

it('on a media error fetches the track again, then skips to the next', () => {
  const { audio, h, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  audio.dispatchEvent(new Event('error'));
  expect(h.requestReload).toHaveBeenCalledTimes(1);
  expect(h.requestNext).not.toHaveBeenCalled();

  // The answer to load-track: same track, fresh URL; it fails again.
  engine.apply(aPlayer({ track: aTrack({ url: 'http://media.test/fresh.mp3' }) }), 'device-a');
  expect(audio.src).toBe('http://media.test/fresh.mp3');
  audio.dispatchEvent(new Event('error'));
  expect(h.requestNext).toHaveBeenCalledTimes(1);
  expect(h.onTrackFailed).toHaveBeenCalledTimes(1);
});

it('reports the position every 10 s while playing', () => {
  jest.useFakeTimers();
  const { audio, h, engine } = setup();
  Object.defineProperty(audio, 'paused', { configurable: true, get: () => false });
  engine.apply(aPlayer({ volume: 70 }), 'device-a');
  jest.advanceTimersByTime(10_000);
  expect(h.report).toHaveBeenCalledWith(expect.any(Number), 70);
  engine.dispose();
});

it('pauses when the server says paused', () => {
  const { audio, pauseSpy, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  Object.defineProperty(audio, 'paused', { configurable: true, get: () => false });
  engine.apply(aPlayer({ is_playing: false }), 'device-a');
  expect(pauseSpy).toHaveBeenCalled();
});

it('lets go of the audio when another device takes over', () => {
  const { audio, engine } = setup();
  engine.apply(aPlayer(), 'device-a');
  engine.apply(aPlayer({ session_id: 'device-b' }), 'device-a');
  expect(audio.getAttribute('src')).toBeNull();
});

/**
 * An element that plays only once the browser allows it (as Chrome does with its autoplay policy):
 * until `allow()` every play() is refused with NotAllowedError; after it play() starts the music.
 */
function browserThatRefuses() {
  const audio = document.createElement('audio');
  let playing = false;
  let allowed = false;
  Object.defineProperty(audio, 'paused', { configurable: true, get: () => !playing });
  const playSpy = jest.spyOn(audio, 'play').mockImplementation(() => {
    if (!allowed) return Promise.reject(Object.assign(new Error('no gesture'), { name: 'NotAllowedError' }));
    playing = true;
    audio.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  jest.spyOn(audio, 'pause').mockImplementation(() => {
    playing = false;
  });
  jest.spyOn(audio, 'load').mockImplementation(() => {});
  const h = hooks();
  const engine = new PlayerEngine(h, audio);
  /** Any touch of the page (or, in a test browser, the test's own probes) lets it start audio. */
  const allow = () => {
    allowed = true;
  };
  const prompt = () => h.onNeedsTap.mock.calls.map(([needed]) => needed);
  return { audio, playSpy, h, engine, allow, prompt };
}

describe('the tap prompt', () => {
  it('stays up through every player update while it waits, and only the tap starts the music', async () => {
    const { audio, playSpy, engine, allow, prompt } = browserThatRefuses();
    engine.apply(aPlayer(), 'device-a');
    await flush();
    expect(prompt()).toEqual([true]);

    // The page has been touched somewhere else: from now on the browser would start audio.
    allow();
    // The realtime resync, another device's seek and volume change, a spot that comes and goes.
    engine.apply(aPlayer(), 'device-a');
    engine.apply(aPlayer({ current_time: 40 }), 'device-a');
    engine.apply(aPlayer({ current_time: 40, volume: 55 }), 'device-a');
    engine.holdForSpot(true);
    engine.apply(aPlayer({ current_time: 40, volume: 55 }), 'device-a');
    engine.holdForSpot(false);
    await flush();

    // Not started behind the prompt (a tap on its way would land on the bar beneath), and never hidden.
    expect(playSpy).toHaveBeenCalledTimes(1);
    expect(audio.paused).toBe(true);
    expect(prompt()).toEqual([true]);

    engine.startFromTap();
    await flush();
    expect(playSpy).toHaveBeenCalledTimes(2);
    expect(audio.paused).toBe(false);
    expect(prompt()).toEqual([true, false]);
  });

  it('goes when the player is paused elsewhere, and comes back when a new start is refused', async () => {
    const { playSpy, engine, prompt } = browserThatRefuses();
    engine.apply(aPlayer(), 'device-a');
    await flush();
    engine.apply(aPlayer({ is_playing: false }), 'device-a');
    expect(prompt()).toEqual([true, false]);

    engine.apply(aPlayer(), 'device-a');
    await flush();
    expect(playSpy).toHaveBeenCalledTimes(2);
    expect(prompt()).toEqual([true, false, true]);
  });

  it('goes when another device takes over the output', async () => {
    const { engine, prompt } = browserThatRefuses();
    engine.apply(aPlayer(), 'device-a');
    await flush();
    engine.apply(aPlayer({ session_id: 'device-b' }), 'device-a');
    expect(prompt()).toEqual([true, false]);
  });

  it('a tap during a spot lets the music start when the spot ends, not over it', async () => {
    const { playSpy, engine, allow, prompt } = browserThatRefuses();
    engine.apply(aPlayer(), 'device-a');
    await flush();
    engine.holdForSpot(true);
    allow();
    engine.startFromTap();
    expect(prompt()).toEqual([true, false]);
    expect(playSpy).toHaveBeenCalledTimes(1);

    engine.holdForSpot(false);
    expect(playSpy).toHaveBeenCalledTimes(2);
  });
});

describe('a click on the audio device (issue 39)', () => {
  /** A stand-in for the audio graph whose context stays suspended until `run()` (or a resume it allows). */
  function withGraph(engine: PlayerEngine, resumes: boolean) {
    const graph = {
      suspended: true,
      resume: jest.fn(() => {
        if (resumes) graph.suspended = false;
      }),
      level: jest.fn(),
      ramp: jest.fn(),
      planRamp: jest.fn(),
      attachMusic: jest.fn(),
      attachSpot: jest.fn(),
      dispose: jest.fn(),
    };
    (engine as unknown as { graph: unknown }).graph = graph;
    return graph;
  }

  it('the output coming back to a device whose audio context is suspended resumes it, or asks for the tap', () => {
    jest.useFakeTimers();
    const { engine, h } = setup();
    engine.apply(aPlayer(), 'device-a');
    engine.apply(aPlayer({ session_id: 'device-b' }), 'device-a');
    const graph = withGraph(engine, false);

    engine.apply(aPlayer(), 'device-a');
    expect(graph.resume).toHaveBeenCalled();
    jest.advanceTimersByTime(600);
    // Still suspended: the prompt, not a silent play with no word of it.
    expect(h.onNeedsTap).toHaveBeenLastCalledWith(true);
  });

  it('plays a loaded track inside the press, before the server answers; settle pauses it when the server did not follow', () => {
    const { engine, audio, playSpy } = setup();
    let playing = false;
    Object.defineProperty(audio, 'paused', { configurable: true, get: () => !playing });
    playSpy.mockImplementation(() => {
      playing = true;
      return Promise.resolve();
    });
    jest.spyOn(audio, 'pause').mockImplementation(() => {
      playing = false;
    });
    engine.apply(aPlayer({ is_playing: false }), 'device-a');
    const graph = withGraph(engine, true);
    expect(playSpy).not.toHaveBeenCalled();

    engine.playFromGesture(true);
    expect(graph.resume).toHaveBeenCalled();
    expect(playSpy).toHaveBeenCalledTimes(1);
    expect(audio.paused).toBe(false);
    // The press failed: the player is still paused, and so is the music.
    engine.settle();
    expect(audio.paused).toBe(true);

    // It succeeded: the answer keeps it playing.
    engine.playFromGesture(true);
    engine.apply(aPlayer(), 'device-a');
    engine.settle();
    expect(audio.paused).toBe(false);
  });

  it('a press that only unlocks (this device chosen in the menu) starts nothing of a remote, and a waiting prompt is the tap', async () => {
    const { engine, playSpy, allow, prompt } = browserThatRefuses();
    engine.apply(aPlayer({ session_id: 'device-b' }), 'device-a');
    engine.playFromGesture(false);
    expect(playSpy).not.toHaveBeenCalled();

    engine.apply(aPlayer(), 'device-a');
    await flush();
    expect(prompt()).toEqual([true]);
    allow();
    engine.playFromGesture(false);
    await flush();
    expect(prompt()).toEqual([true, false]);
    expect(playSpy).toHaveBeenCalledTimes(2);
  });
});

describe('leaving the page', () => {
  let visibility: DocumentVisibilityState = 'visible';
  beforeAll(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  });
  afterEach(() => {
    visibility = 'visible';
  });
  afterAll(() => {
    delete (document as { visibilityState?: unknown }).visibilityState;
  });

  const hide = () => {
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const unload = () => window.dispatchEvent(new Event('pagehide'));

  function playingAt(seconds: number, player = aPlayer({ volume: 65 })) {
    const { audio, h, engine } = setup();
    Object.defineProperty(audio, 'paused', { configurable: true, get: () => false });
    engine.apply(player, 'device-a');
    audio.dispatchEvent(new Event('loadedmetadata'));
    audio.currentTime = seconds;
    return { audio, h, engine };
  }

  it('the output device reports where the music is as the page is hidden, once when it then unloads', () => {
    const { h, engine } = playingAt(42.5);
    hide();
    unload();
    expect(h.report).toHaveBeenCalledTimes(1);
    expect(h.report).toHaveBeenCalledWith(42.5, 65, { leaving: true });
    engine.dispose();
  });

  it('reports on unload alone (a reload or a closed tab)', () => {
    const { h, engine } = playingAt(17);
    unload();
    expect(h.report).toHaveBeenCalledWith(17, 65, { leaving: true });
    engine.dispose();
  });

  it('reports already at beforeunload, as a reload asks for the new page before pagehide', () => {
    const { h, engine } = playingAt(17);
    window.dispatchEvent(new Event('beforeunload'));
    unload();
    expect(h.report).toHaveBeenCalledTimes(1);
    expect(h.report).toHaveBeenCalledWith(17, 65, { leaving: true });
    engine.dispose();
  });

  it('carries the volume just set (mute, a slider) even before the server has answered it', () => {
    const { h, engine } = playingAt(17, aPlayer({ volume: 0 }));
    engine.previewVolume(40);
    unload();
    expect(h.report).toHaveBeenCalledWith(17, 40, { leaving: true });
    engine.dispose();
  });

  it('does not report when the page becomes visible again', () => {
    const { h, engine } = playingAt(17);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(h.report).not.toHaveBeenCalled();
    engine.dispose();
  });

  it('a remote control, a paused player and a disposed engine report nothing', () => {
    const remote = playingAt(17, aPlayer({ session_id: 'device-b' }));
    const paused = playingAt(17, aPlayer({ is_playing: false }));
    const disposed = playingAt(17);
    disposed.engine.dispose();
    unload();
    expect(remote.h.report).not.toHaveBeenCalled();
    expect(paused.h.report).not.toHaveBeenCalled();
    expect(disposed.h.report).not.toHaveBeenCalled();
    remote.engine.dispose();
    paused.engine.dispose();
  });
});

describe('playing on alone (the API away)', () => {
  const t1 = aTrack({ id: 8, url: 'http://media.test/8.mp3?signature=a' });
  const t2 = aTrack({ id: 9, url: 'http://media.test/9.mp3?signature=a' });

  it('goes on to the announced next tracks in order, ignoring stale states, and then says it ran out', () => {
    const { audio, h, engine } = setup();
    const onAloneTrack = jest.fn();
    const onAloneExhausted = jest.fn();
    Object.assign(h, { onAloneTrack, onAloneExhausted });
    const player = aPlayer({ version: 3, next_tracks: [t1, t2] });
    engine.apply(player, 'device-a');
    expect(engine.beginAlone()).toBe(true);
    audio.dispatchEvent(new Event('ended'));
    expect(audio.src).toBe(t1.url);
    expect(onAloneTrack).toHaveBeenLastCalledWith(t1);
    expect(h.requestNext).not.toHaveBeenCalled();
    // A resync of the old state while alone does not pull the music back.
    engine.apply(player, 'device-a');
    expect(audio.src).toBe(t1.url);
    audio.dispatchEvent(new Event('ended'));
    expect(audio.src).toBe(t2.url);
    expect(engine.alonePosition()).toMatchObject({ advanced: 2, trackId: 9 });
    audio.dispatchEvent(new Event('ended'));
    expect(onAloneExhausted).toHaveBeenCalledTimes(1);
    expect(engine.alonePosition()).toMatchObject({ advanced: 3, trackId: null });
  });

  it('takes the answer of its own report after the return without a jump', () => {
    const { audio, engine } = setup();
    engine.apply(aPlayer({ version: 3, next_tracks: [t1] }), 'device-a');
    engine.beginAlone();
    audio.dispatchEvent(new Event('ended'));
    Object.defineProperty(audio, 'readyState', { value: 4, configurable: true });
    audio.currentTime = 5;
    const position = engine.alonePosition()!;
    engine.endAlone();
    audio.currentTime = 5.4;
    engine.apply(aPlayer({ version: 6, track: t1, current_time: position.time, next_tracks: [] }), 'device-a');
    expect(audio.src).toBe(t1.url);
    expect(audio.currentTime).toBeCloseTo(5.4);
  });

  it('follows the server after the return when it moved on meanwhile', () => {
    const { audio, engine } = setup();
    engine.apply(aPlayer({ version: 3, next_tracks: [t1] }), 'device-a');
    engine.beginAlone();
    audio.dispatchEvent(new Event('ended'));
    engine.endAlone();
    engine.apply(aPlayer({ version: 9, track: t2, current_time: 0 }), 'device-a');
    expect(audio.src).toBe(t2.url);
  });

  it('does not play on alone for an API that announces no next tracks (Laravel), nor on a remote', () => {
    const laravel = setup();
    laravel.engine.apply(aPlayer(), 'device-a');
    expect(laravel.engine.beginAlone()).toBe(false);
    const remote = setup();
    remote.engine.apply(aPlayer({ version: 1, next_tracks: [t1] }), 'device-b');
    expect(remote.engine.beginAlone()).toBe(false);
  });

  it('loads media with CORS only from an API that announces versions', () => {
    const ours = setup();
    ours.engine.apply(aPlayer({ version: 1 }), 'device-a');
    expect(ours.audio.getAttribute('crossorigin')).toBe('anonymous');
    const laravel = setup();
    laravel.engine.apply(aPlayer(), 'device-a');
    expect(laravel.audio.getAttribute('crossorigin')).toBeNull();
  });
});

describe("a track's end without a crossfade", () => {
  const t1 = aTrack({ id: 8, url: 'http://media.test/8.mp3?signature=a' });
  const t2 = aTrack({ id: 9, url: 'http://media.test/9.mp3?signature=a' });

  it('starts the first announced track at once and asks the server to move on; its answer neither reloads nor seeks', () => {
    const { audio, playSpy, h, engine } = setup();
    engine.apply(aPlayer({ version: 3, next_tracks: [t1, t2] }), 'device-a');
    playSpy.mockClear();
    audio.dispatchEvent(new Event('ended'));
    expect(audio.src).toBe(t1.url);
    expect(playSpy).toHaveBeenCalledTimes(1);
    expect(h.requestNext).toHaveBeenCalledTimes(1);

    // Before the answer: another device's volume change still names the old track; what sounds stays.
    engine.apply(aPlayer({ version: 4, volume: 60, next_tracks: [t1, t2] }), 'device-a');
    expect(audio.src).toBe(t1.url);
    expect(audio.volume).toBeCloseTo(0.6);

    // The answer names the track that sounds, 2 s late.
    Object.defineProperty(audio, 'readyState', { value: 4, configurable: true });
    audio.currentTime = 2;
    engine.apply(aPlayer({ version: 5, track: t1, current_time: 0, next_tracks: [t2] }), 'device-a');
    expect(audio.src).toBe(t1.url);
    expect(audio.currentTime).toBeCloseTo(2);

    // From then on the old track is a real change (another device chose it again) and is followed.
    engine.apply(aPlayer({ version: 6, current_time: 0 }), 'device-a');
    expect(audio.src).toBe(aTrack().url);
  });

  it('tells the track it sounds until the server names it, and then that it is in step again', () => {
    const { audio, h, engine } = setup();
    h.onAheadTrack = jest.fn();
    engine.apply(aPlayer({ version: 3, next_tracks: [t1, t2] }), 'device-a');
    audio.dispatchEvent(new Event('ended'));
    expect(h.onAheadTrack).toHaveBeenLastCalledWith(t1);
    // A state still naming the old track changes nothing of it.
    engine.apply(aPlayer({ version: 4, volume: 60, next_tracks: [t1, t2] }), 'device-a');
    expect(h.onAheadTrack).toHaveBeenCalledTimes(1);
    engine.apply(aPlayer({ version: 5, track: t1, current_time: 0, next_tracks: [t2] }), 'device-a');
    expect(h.onAheadTrack).toHaveBeenLastCalledWith(null);
    expect(h.onAheadTrack).toHaveBeenCalledTimes(2);
  });

  it('follows an answer that names another track (the plan or another device moved on)', () => {
    const { audio, engine } = setup();
    engine.apply(aPlayer({ version: 3, next_tracks: [t1] }), 'device-a');
    audio.dispatchEvent(new Event('ended'));
    expect(audio.src).toBe(t1.url);
    engine.apply(aPlayer({ version: 4, track: t2, current_time: 0 }), 'device-a');
    expect(audio.src).toBe(t2.url);
  });

  it('waits for the server when nothing is announced (Laravel) or the next is the same track', () => {
    const laravel = setup();
    laravel.engine.apply(aPlayer(), 'device-a');
    laravel.audio.dispatchEvent(new Event('ended'));
    expect(laravel.audio.src).toBe(aTrack().url);
    expect(laravel.h.requestNext).toHaveBeenCalledTimes(1);
    const one = setup();
    one.engine.apply(aPlayer({ version: 1, next_tracks: [aTrack()] }), 'device-a');
    one.playSpy.mockClear();
    one.audio.dispatchEvent(new Event('ended'));
    expect(one.playSpy).not.toHaveBeenCalled();
    expect(one.h.requestNext).toHaveBeenCalledTimes(1);
  });

  it('with the API away at that moment, plays on from the track already sounding, not from its start again', () => {
    const { audio, h, engine } = setup();
    const onAloneTrack = jest.fn();
    Object.assign(h, { onAloneTrack });
    engine.apply(aPlayer({ version: 3, next_tracks: [t1, t2] }), 'device-a');
    audio.dispatchEvent(new Event('ended'));
    expect(audio.src).toBe(t1.url);
    const loads = jest.mocked(audio.load).mock.calls.length;
    Object.defineProperty(audio, 'readyState', { value: 4, configurable: true });
    audio.currentTime = 5;
    // The `next` call passed its deadline: the outage begins, and the failed call goes on alone.
    expect(engine.beginAlone()).toBe(true);
    engine.goOnAlone();
    expect(audio.src).toBe(t1.url);
    expect(jest.mocked(audio.load).mock.calls.length).toBe(loads);
    expect(audio.currentTime).toBeCloseTo(5);
    expect(engine.alonePosition()).toMatchObject({ advanced: 1, trackId: 8 });
    // The bar names it (the stale player still names the track that ended).
    expect(onAloneTrack).toHaveBeenLastCalledWith(t1);
    // Its end goes on to the next announced one.
    audio.dispatchEvent(new Event('ended'));
    expect(audio.src).toBe(t2.url);
    expect(engine.alonePosition()).toMatchObject({ advanced: 2, trackId: 9 });
  });

  it('sends no position while ahead of the server (the old track has no time of ours)', () => {
    jest.useFakeTimers();
    const { audio, h, engine } = setup();
    Object.defineProperty(audio, 'paused', { configurable: true, get: () => false });
    engine.apply(aPlayer({ version: 3, next_tracks: [t1] }), 'device-a');
    audio.dispatchEvent(new Event('ended'));
    h.report.mockClear();
    jest.advanceTimersByTime(20_000);
    expect(h.report).not.toHaveBeenCalled();
    engine.apply(aPlayer({ version: 4, track: t1, current_time: 0, next_tracks: [] }), 'device-a');
    jest.advanceTimersByTime(10_000);
    expect(h.report).toHaveBeenCalled();
    engine.dispose();
  });
});

describe('what the music really does (onOutputState)', () => {
  it('needs_tap when the browser refuses, audible once the time moves after the tap, paused when the server pauses', async () => {
    const refusal = Object.assign(new Error('no gesture'), { name: 'NotAllowedError' });
    const { audio, h, engine, playSpy } = setup(() => Promise.reject(refusal));
    const onOutputState = jest.fn();
    (h as EngineHooks).onOutputState = onOutputState;
    engine.apply(aPlayer(), 'device-a');
    await flush();
    expect(onOutputState).toHaveBeenLastCalledWith('needs_tap');

    playSpy.mockImplementation(() => Promise.resolve());
    let paused = true;
    jest.spyOn(audio, 'paused', 'get').mockImplementation(() => paused);
    engine.startFromTap();
    paused = false;
    audio.dispatchEvent(new Event('playing'));
    jest.spyOn(audio, 'currentTime', 'get').mockReturnValue(12.3);
    audio.dispatchEvent(new Event('timeupdate'));
    expect(onOutputState).toHaveBeenLastCalledWith('audible');

    engine.apply(aPlayer({ is_playing: false }), 'device-a');
    expect(onOutputState).toHaveBeenLastCalledWith('paused');
    engine.apply(aPlayer(), 'device-b');
    expect(onOutputState).toHaveBeenLastCalledWith(null);
    expect(onOutputState.mock.calls.map(([state]) => state)).toEqual(['needs_tap', 'audible', 'paused', null]);
    engine.dispose();
  });

  it('needs_tap while the element plays muted (a browser lets media start only muted), audible after the tap unmutes it', () => {
    const { audio, h, engine } = setup();
    const onOutputState = jest.fn();
    (h as EngineHooks).onOutputState = onOutputState;
    jest.spyOn(audio, 'paused', 'get').mockReturnValue(false);
    let time = 1;
    jest.spyOn(audio, 'currentTime', 'get').mockImplementation(() => time);
    audio.muted = true;
    engine.apply(aPlayer(), 'device-a');
    audio.dispatchEvent(new Event('playing'));
    audio.dispatchEvent(new Event('timeupdate'));
    // Its time moves, yet nothing is heard: the prompt, and the remotes are told.
    expect(onOutputState).toHaveBeenLastCalledWith('needs_tap');
    expect(h.onNeedsTap).toHaveBeenLastCalledWith(true);

    engine.startFromTap();
    expect(audio.muted).toBe(false);
    audio.dispatchEvent(new Event('volumechange'));
    time = 2;
    audio.dispatchEvent(new Event('timeupdate'));
    expect(onOutputState).toHaveBeenLastCalledWith('audible');
    expect(h.onNeedsTap).toHaveBeenLastCalledWith(false);

    // Muted again while it plays (by anything but the app): needs_tap again.
    audio.muted = true;
    audio.dispatchEvent(new Event('volumechange'));
    expect(onOutputState).toHaveBeenLastCalledWith('needs_tap');
    expect(onOutputState.mock.calls.map(([state]) => state)).toEqual(['needs_tap', 'audible', 'needs_tap']);
    engine.dispose();
  });

  it("a new track is audible only once its own time moves, not on the last track's", () => {
    const { audio, h, engine } = setup();
    const onOutputState = jest.fn();
    (h as EngineHooks).onOutputState = onOutputState;
    let paused = false;
    jest.spyOn(audio, 'paused', 'get').mockImplementation(() => paused);
    jest.spyOn(audio, 'currentTime', 'get').mockReturnValue(5);
    engine.apply(aPlayer(), 'device-a');
    audio.dispatchEvent(new Event('timeupdate'));
    expect(onOutputState.mock.calls.map(([state]) => state)).toEqual(['audible']);
    // Paused, then the next track: its play() is under way (the element no longer paused) when a
    // resync arrives, and its time has not moved yet: not 'audible' (it may still be refused).
    paused = true;
    engine.apply(aPlayer({ is_playing: false }), 'device-a');
    const next = aPlayer({ track: aTrack({ id: 99, url: 'http://media.test/next.mp3' }) });
    engine.apply(next, 'device-a');
    paused = false;
    engine.apply(next, 'device-a');
    expect(onOutputState.mock.calls.map(([state]) => state)).toEqual(['audible', 'paused']);
    engine.dispose();
  });

  it('stalled after 5 s without the time moving, audible again when it moves', async () => {
    jest.useFakeTimers();
    const { audio, h, engine } = setup();
    const onOutputState = jest.fn();
    (h as EngineHooks).onOutputState = onOutputState;
    jest.spyOn(audio, 'paused', 'get').mockReturnValue(false);
    let time = 1;
    jest.spyOn(audio, 'currentTime', 'get').mockImplementation(() => time);
    engine.apply(aPlayer(), 'device-a');
    audio.dispatchEvent(new Event('timeupdate'));
    expect(onOutputState).toHaveBeenLastCalledWith('audible');
    jest.advanceTimersByTime(4_000);
    expect(onOutputState).toHaveBeenLastCalledWith('audible');
    jest.advanceTimersByTime(2_000);
    expect(onOutputState).toHaveBeenLastCalledWith('stalled');
    time = 2;
    audio.dispatchEvent(new Event('timeupdate'));
    expect(onOutputState).toHaveBeenLastCalledWith('audible');
    engine.dispose();
  });
});
