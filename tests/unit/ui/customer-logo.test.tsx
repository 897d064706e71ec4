import { fireEvent, render, screen } from '@testing-library/react';
import { CustomerLogo } from '@/components/ui/CustomerLogo';

it('falls back to the default logo when the image cannot be loaded', () => {
  render(<CustomerLogo src="http://api.example/media/logo.png?signature=old" alt="Demo Bolt logó" />);
  const img = screen.getByRole('img', { name: 'Demo Bolt logó' });
  expect(img).toHaveAttribute('src', 'http://api.example/media/logo.png?signature=old');
  fireEvent.error(img);
  expect(img).toHaveAttribute('src', '/img/top_radio.jpeg');
  // a failing default must not loop
  fireEvent.error(img);
  expect(img).toHaveAttribute('src', '/img/top_radio.jpeg');
});

it("names the shop under the default logo only: a shop's own logo carries its name", () => {
  const caption = <p>Demo Bolt</p>;
  const { unmount } = render(
    <CustomerLogo src="http://api.example/media/logo.png?signature=x" alt="Demo Bolt logó" fallbackCaption={caption} />,
  );
  expect(screen.queryByText('Demo Bolt')).toBeNull();
  // The shop's logo fails to load: the default one shows, and with it the name.
  fireEvent.error(screen.getByRole('img', { name: 'Demo Bolt logó' }));
  expect(screen.getByText('Demo Bolt')).toBeInTheDocument();
  unmount();

  render(<CustomerLogo src="/img/top_radio.jpeg" alt="Demo Bolt logó" fallbackCaption={caption} />);
  expect(screen.getByText('Demo Bolt')).toBeInTheDocument();
});
