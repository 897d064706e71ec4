import { render } from '@testing-library/react';
import { ApiBase } from '@/lib/api/api-base';
import { setApiBase } from '@/lib/api/api-base-state';
import { apiFetch } from '@/lib/api/fetcher';
import { installFakeFetch } from '../fake-fetch';

afterEach(() => setApiBase(null));

it('resolves relative media URLs of browser fetches against the base the layout gave', async () => {
  render(<ApiBase base="http://demo.api.example.test" />);
  installFakeFetch(() => ({
    body: [
      { id: 1, name: 'Reggeli kávé', image_url: '/images/channels/1.jpg', landscape_url: 'https://cdn.example/l.jpg' },
    ],
  }));
  await expect(apiFetch('/api/channels/favorite')).resolves.toEqual([
    {
      id: 1,
      name: 'Reggeli kávé',
      image_url: 'http://demo.api.example.test/images/channels/1.jpg',
      landscape_url: 'https://cdn.example/l.jpg',
    },
  ]);
});

it('leaves answers alone before a base is known', async () => {
  installFakeFetch(() => ({ body: { image_url: '/x.jpg' } }));
  await expect(apiFetch('/api/channels/1')).resolves.toEqual({ image_url: '/x.jpg' });
});
