import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { ToastArea } from '@/components/ui/ToastArea';
import { showToast, TOAST_MS, toastsAtom } from '@/lib/ui/toast';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('keeps a toast for exactly 1.5 s', () => {
  expect(TOAST_MS).toBe(1500);
  const store = createStore();
  showToast('Sikeresen mentve.', store);
  expect(store.get(toastsAtom).map((t) => t.message)).toEqual(['Sikeresen mentve.']);
  jest.advanceTimersByTime(1499);
  expect(store.get(toastsAtom)).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect(store.get(toastsAtom)).toHaveLength(0);
});

it('lets each toast live its own time', () => {
  const store = createStore();
  showToast('első', store);
  jest.advanceTimersByTime(1000);
  showToast('második', store);
  jest.advanceTimersByTime(500);
  expect(store.get(toastsAtom).map((t) => t.message)).toEqual(['második']);
  jest.advanceTimersByTime(1000);
  expect(store.get(toastsAtom)).toHaveLength(0);
});

it('shows toasts in a polite live region', () => {
  const store = createStore();
  render(
    <Provider store={store}>
      <ToastArea />
    </Provider>,
  );
  const region = screen.getByRole('status', { name: 'Felugró üzenetek' });
  act(() => {
    showToast('Hozzáadva a kedvencekhez', store);
  });
  expect(region).toHaveTextContent('Hozzáadva a kedvencekhez');
  act(() => {
    jest.advanceTimersByTime(TOAST_MS);
  });
  expect(region).toBeEmptyDOMElement();
});

it('shows the same message once: shown again while up, it replaces itself with a fresh time', () => {
  const store = createStore();
  showToast('Sikeresen eltávolítva.', store);
  jest.advanceTimersByTime(1000);
  showToast('Sikeresen eltávolítva.', store);
  expect(store.get(toastsAtom).map((t) => t.message)).toEqual(['Sikeresen eltávolítva.']);
  jest.advanceTimersByTime(1000);
  expect(store.get(toastsAtom)).toHaveLength(1);
  jest.advanceTimersByTime(500);
  expect(store.get(toastsAtom)).toHaveLength(0);
});
