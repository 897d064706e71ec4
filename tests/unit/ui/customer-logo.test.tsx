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
