import { render } from '@testing-library/react';
import { PLAYLIST_PLACEHOLDER, TRACK_THUMBNAIL_FALLBACK, collageFor } from '@/components/playlists/collage';
import { PlaylistCover } from '@/components/playlists/PlaylistCover';
import { track } from './fixtures';

describe('collageFor (SPEC.md §5)', () => {
  it('gives the placeholder for an empty playlist', () => {
    expect(collageFor([])).toEqual({ kind: 'placeholder' });
  });

  it.each([1, 2, 3])('gives one image, the first track’s, for %i track(s)', (n) => {
    const tracks = Array.from({ length: n }, (_, i) => track(i + 1));
    expect(collageFor(tracks)).toEqual({ kind: 'single', src: '/media/t1.jpg' });
  });

  it('gives a 2×2 grid of the first four for 4 or more', () => {
    const tracks = [1, 2, 3, 4, 5].map((id) => track(id));
    expect(collageFor(tracks)).toEqual({
      kind: 'grid',
      srcs: ['/media/t1.jpg', '/media/t2.jpg', '/media/t3.jpg', '/media/t4.jpg'],
    });
  });

  it('keeps a cell for a track without a thumbnail', () => {
    const collage = collageFor([track(1), track(2, null), track(3), track(4)]);
    expect(collage).toEqual({ kind: 'grid', srcs: ['/media/t1.jpg', null, '/media/t3.jpg', '/media/t4.jpg'] });
  });
});

describe('PlaylistCover', () => {
  const images = (container: HTMLElement) =>
    Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'));

  it('renders the placeholder image when there are no tracks', () => {
    const { container } = render(<PlaylistCover tracks={[]} size={100} />);
    expect(container.firstElementChild).toHaveAttribute('data-collage', 'placeholder');
    expect(images(container)).toEqual([PLAYLIST_PLACEHOLDER]);
  });

  it('renders one image for two tracks', () => {
    const { container } = render(<PlaylistCover tracks={[track(7), track(8)]} size={100} />);
    expect(container.firstElementChild).toHaveAttribute('data-collage', 'single');
    expect(images(container)).toEqual(['/media/t7.jpg']);
  });

  it('renders four cells for four tracks, the default image where one has none', () => {
    const { container } = render(<PlaylistCover tracks={[track(1), track(2, null), track(3), track(4)]} size={100} />);
    expect(container.firstElementChild).toHaveAttribute('data-collage', 'grid');
    expect(images(container)).toEqual(['/media/t1.jpg', TRACK_THUMBNAIL_FALLBACK, '/media/t3.jpg', '/media/t4.jpg']);
  });
});
