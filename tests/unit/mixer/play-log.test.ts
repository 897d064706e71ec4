import { PLAY_LOG_TYPES as CONTRACT_TYPES } from '@/contracts/play-log';
import { exportHref, playLogKey, spotCountsKey } from '@/lib/api/play-log';
import { filterFromSearch, pageHref, PLAY_LOG_TYPES } from '@/lib/mixer/play-log';

describe('play log keys', () => {
  it('knows the same types as the contract (kept apart so the page ships no zod)', () => {
    expect([...PLAY_LOG_TYPES]).toEqual([...CONTRACT_TYPES]);
  });

  it('reads a filter from the address, leaving out what it does not know', () => {
    expect(filterFromSearch({ from: '2026-11-01', to: '2026-11-24', type: 'spot', page: '3' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
      type: 'spot',
      page: 3,
    });
    expect(filterFromSearch({ from: 'tegnap', to: ['2026-11-24'], type: 'video', page: '-2' })).toEqual({
      from: '',
      to: '',
      type: '',
      page: 1,
    });
  });

  it('builds the API keys, the export link and the page address from one filter', () => {
    const f = { from: '2026-11-01', to: '2026-11-24', type: 'spot' as const, page: 2 };
    expect(playLogKey(f)).toBe('/api/play-log?from=2026-11-01&to=2026-11-24&type=spot&page=2');
    expect(spotCountsKey(f)).toBe('/api/play-log/spots?from=2026-11-01&to=2026-11-24');
    expect(exportHref(f)).toBe('/api/play-log/export?from=2026-11-01&to=2026-11-24&type=spot');
    expect(pageHref(f)).toBe('/mixer/play-log?from=2026-11-01&to=2026-11-24&type=spot&page=2');
    expect(playLogKey({ from: '', to: '', type: '', page: 1 })).toBe('/api/play-log');
  });
});
