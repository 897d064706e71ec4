import { heardPlaying, heardState, withLatestOutput } from '@/lib/player/heard';
import { aPlayer } from './fixtures';

const output = (state: 'audible' | 'needs_tap' | 'stalled' | 'paused', since = '2026-11-26T10:00:00.000Z') => ({
  state,
  since,
});

describe('heardState', () => {
  it('claims nothing before the page runs: the server render and the first paint', () => {
    const player = aPlayer({ version: 3, output: output('audible') });
    expect(heardState({ hydrated: false, player, isOutput: false, local: null })).toBe('unknown');
    expect(heardState({ hydrated: false, player, isOutput: true, local: 'audible' })).toBe('unknown');
    expect(heardPlaying('unknown', player)).toBe(false);
  });

  it('a remote shows what the audio device reports; an API without `output` (Laravel) as before', () => {
    const base = { hydrated: true, isOutput: false, local: null };
    expect(heardState({ ...base, player: aPlayer({ version: 3, output: output('needs_tap') }) })).toBe('needs_tap');
    expect(heardState({ ...base, player: aPlayer({ version: 3, output: output('stalled') }) })).toBe('stalled');
    expect(heardState({ ...base, player: aPlayer({ version: 3, output: output('audible') }) })).toBe('audible');
    expect(heardState({ ...base, player: aPlayer() })).toBe('as-told');
    // No version: whatever it sends, not the bundled API's report.
    expect(heardState({ ...base, player: aPlayer({ output: output('needs_tap') }) })).toBe('as-told');
    expect(heardState({ ...base, player: aPlayer({ version: 3, output: null }) })).toBe('as-told');
  });

  it('a report the play state overtook counts for nothing', () => {
    const base = { hydrated: true, isOutput: false, local: null };
    expect(heardState({ ...base, player: aPlayer({ version: 3, is_playing: true, output: output('paused') }) })).toBe(
      'as-told',
    );
    expect(heardState({ ...base, player: aPlayer({ version: 3, is_playing: false, output: output('audible') }) })).toBe(
      'as-told',
    );
  });

  it('the audio device goes by its own element: only a refused start changes its bar', () => {
    const player = aPlayer({ version: 3, output: output('audible') });
    expect(heardState({ hydrated: true, player, isOutput: true, local: 'needs_tap' })).toBe('needs_tap');
    expect(heardState({ hydrated: true, player, isOutput: true, local: 'stalled' })).toBe('as-told');
    expect(heardState({ hydrated: true, player, isOutput: true, local: null })).toBe('as-told');
  });

  it('only audible or as-told music of a playing player counts as playing', () => {
    expect(heardPlaying('audible', aPlayer())).toBe(true);
    expect(heardPlaying('as-told', aPlayer())).toBe(true);
    expect(heardPlaying('as-told', aPlayer({ is_playing: false }))).toBe(false);
    expect(heardPlaying('needs_tap', aPlayer())).toBe(false);
    expect(heardPlaying('stalled', aPlayer())).toBe(false);
  });
});

describe('withLatestOutput', () => {
  it('keeps the later report of the same device, whatever order the copies arrive in', () => {
    const newer = aPlayer({ version: 5, output: output('needs_tap', '2026-11-26T10:00:02.000Z') });
    const olderRead = aPlayer({ version: 5, output: output('audible', '2026-11-26T10:00:01.000Z') });
    expect(withLatestOutput(olderRead, newer).output).toEqual(newer.output);
    expect(withLatestOutput(aPlayer({ version: 6, output: null }), newer).output).toEqual(newer.output);
    expect(withLatestOutput(newer, olderRead).output).toEqual(newer.output);
  });

  it("another device's output is its own story", () => {
    const current = aPlayer({ session_id: 'device-a', output: output('needs_tap', '2026-11-26T10:00:02.000Z') });
    const moved = aPlayer({ session_id: 'device-b', output: null });
    expect(withLatestOutput(moved, current)).toBe(moved);
  });
});
