import { act, fireEvent, render, screen } from '@testing-library/react';
import { VersionModal, VERSION_RELOAD_SECONDS } from '@/components/ui/VersionModal';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function tick(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

it('counts down 20 s a second at a time, then reloads once', () => {
  expect(VERSION_RELOAD_SECONDS).toBe(20);
  const onReload = jest.fn();
  render(<VersionModal open onReload={onReload} />);

  expect(screen.getByRole('dialog', { name: 'Új verzió érhető el' })).toBeInTheDocument();
  expect(screen.getByText('Az oldal 20 másodperc múlva frissül.')).toBeInTheDocument();
  tick(999);
  expect(screen.getByText('Az oldal 20 másodperc múlva frissül.')).toBeInTheDocument();
  tick(1);
  expect(screen.getByText('Az oldal 19 másodperc múlva frissül.')).toBeInTheDocument();
  for (let i = 0; i < 18; i++) tick(1000);
  expect(screen.getByText('Az oldal 1 másodperc múlva frissül.')).toBeInTheDocument();
  expect(onReload).not.toHaveBeenCalled();
  tick(1000);
  expect(onReload).toHaveBeenCalledTimes(1);
  tick(5000);
  expect(onReload).toHaveBeenCalledTimes(1);
});

it('does not count while closed', () => {
  const onReload = jest.fn();
  render(<VersionModal open={false} onReload={onReload} />);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  tick(30_000);
  expect(onReload).not.toHaveBeenCalled();
});

it("reloads at once on 'Frissítés most'", () => {
  const onReload = jest.fn();
  render(<VersionModal open onReload={onReload} />);
  fireEvent.click(screen.getByRole('button', { name: 'Frissítés most' }));
  expect(onReload).toHaveBeenCalledTimes(1);
});
