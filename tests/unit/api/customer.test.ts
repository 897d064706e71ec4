import { customerLogoUrl, DEFAULT_LOGO } from '@/lib/api/customer';

const base = { id: 1, name: 'Demo Bolt', slug: 'demo' };

it('takes the logo setting, or the default image', () => {
  expect(DEFAULT_LOGO).toBe('/img/top_radio.jpeg');
  expect(customerLogoUrl(null)).toBe(DEFAULT_LOGO);
  expect(customerLogoUrl({ ...base, settings: [] })).toBe(DEFAULT_LOGO);
  expect(customerLogoUrl({ ...base, settings: [{ id: 1, key: 'logo', value: null, url: null }] })).toBe(DEFAULT_LOGO);
  expect(
    customerLogoUrl({ ...base, settings: [{ id: 1, key: 'logo', value: 'logo.png', url: '/media/logo.png?sig=1' }] }),
  ).toBe('/media/logo.png?sig=1');
});
