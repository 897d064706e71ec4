import { fireEvent, render, screen } from '@testing-library/react';
import { defaultChannelCover } from '@/components/channels/cover';
import { CoverImage } from '@/components/ui/CoverImage';

it('picks the default cover by id parity: odd → 1, even → 2', () => {
  expect(defaultChannelCover(1)).toBe('/img/base-cover-1.png');
  expect(defaultChannelCover(7)).toBe('/img/base-cover-1.png');
  expect(defaultChannelCover(2)).toBe('/img/base-cover-2.png');
  expect(defaultChannelCover(10)).toBe('/img/base-cover-2.png');
});

it('shows the default cover when the channel has no image', () => {
  render(<CoverImage src={null} fallback={defaultChannelCover(4)} alt="Zen kert borítója" width={300} height={300} />);
  expect(screen.getByRole('img', { name: 'Zen kert borítója' })).toHaveAttribute('src', '/img/base-cover-2.png');
});

it('switches to the default cover when the image fails, without looping on a failing default', () => {
  const src = 'http://api.example/media/channels/3/cover.jpg?signature=old';
  render(<CoverImage src={src} fallback={defaultChannelCover(3)} alt="Esti jazz" width={300} height={300} />);
  const img = screen.getByRole('img', { name: 'Esti jazz' });
  expect(img).toHaveAttribute('src', src);
  expect(img).toHaveAttribute('loading', 'lazy');
  expect(img).toHaveAttribute('width', '300');
  fireEvent.error(img);
  expect(img).toHaveAttribute('src', '/img/base-cover-1.png');
  fireEvent.error(img);
  expect(img).toHaveAttribute('src', '/img/base-cover-1.png');
});

it('tries a new image again after a failed one', () => {
  const { rerender } = render(
    <CoverImage src="/a.jpg" fallback="/img/base-cover-2.png" alt="x" width={1} height={1} />,
  );
  fireEvent.error(screen.getByRole('img'));
  rerender(<CoverImage src="/b.jpg" fallback="/img/base-cover-2.png" alt="x" width={1} height={1} />);
  expect(screen.getByRole('img')).toHaveAttribute('src', '/b.jpg');
});

it('loads an above-the-fold cover at once', () => {
  render(<CoverImage src="/a.jpg" fallback="/f.png" alt="x" width={1} height={1} priority />);
  expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
});
