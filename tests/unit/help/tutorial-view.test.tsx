import { fireEvent, render, screen, within } from '@testing-library/react';
import { mutate, SWRConfig } from 'swr';
import type { TutorialItem, TutorialTopic } from '@/contracts';
import { TutorialView } from '@/components/tutorial/TutorialView';

const item = (id: number, topicId: number, name: string, seconds: number): TutorialItem => ({
  id,
  name,
  video: id,
  video_duration: seconds,
  description: `${name}: leírás`,
  tutorial_topic_id: topicId,
  video_url: `https://api.example/media/tutorials/${id}.webm?signature=x`,
  poster_url: `https://api.example/media/tutorials/${id}.jpg?signature=x`,
});

const TOPICS: TutorialTopic[] = [
  {
    id: 1,
    name: 'Első lépések',
    tutorial_items: [item(11, 1, 'Bejelentkezés', 65), item(12, 1, 'Csatorna indítása', 9)],
  },
  { id: 2, name: 'Keverőpult', tutorial_items: [item(21, 2, 'Szpot feltöltése', 125)] },
];

let play: jest.SpyInstance;
beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  window.history.replaceState(null, '', '/tutorial');
});
afterEach(() => play.mockRestore());

function setup(itemId: number | null) {
  render(
    <SWRConfig value={{ fallback: { '/api/tutorials': TOPICS } }}>
      <TutorialView initial={TOPICS} itemId={itemId} />
    </SWRConfig>,
  );
  const video = () => document.querySelector('video')!;
  return { video };
}

it('/tutorial: the first topic, its first video ready but not playing, the items with m:ss and description', () => {
  const { video } = setup(null);
  expect(screen.getByLabelText('Téma')).toHaveValue('1');
  expect(video()).toHaveAttribute('src', TOPICS[0]!.tutorial_items[0]!.video_url);
  expect(video()).toHaveAttribute('poster', TOPICS[0]!.tutorial_items[0]!.poster_url);
  expect(video()).toHaveAttribute('preload', 'metadata');
  expect(video()).toHaveAttribute('controls');
  expect(play).not.toHaveBeenCalled();

  const list = screen.getByRole('list', { name: 'Első lépések: videók' });
  const rows = within(list).getAllByRole('button');
  expect(rows[0]).toHaveTextContent('Bejelentkezés');
  expect(rows[0]).toHaveTextContent('1:05');
  expect(rows[0]).toHaveTextContent('Bejelentkezés: leírás');
  expect(rows[0]).toHaveAttribute('aria-current', 'true');
  expect(rows[1]).toHaveTextContent('0:09');
});

it('choosing an item plays it and puts its id in the address, without a reload', () => {
  const { video } = setup(null);
  fireEvent.click(screen.getByRole('button', { name: /Csatorna indítása/ }));
  expect(window.location.pathname).toBe('/tutorial/12');
  expect(video()).toHaveAttribute('src', TOPICS[0]!.tutorial_items[1]!.video_url);
  expect(screen.getByRole('heading', { level: 2, name: 'Csatorna indítása' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Csatorna indítása/ })).toHaveAttribute('aria-current', 'true');
  expect(play).toHaveBeenCalledTimes(1);
});

it('a deep link opens its topic with that item, and starts it', () => {
  const { video } = setup(21);
  expect(screen.getByLabelText('Téma')).toHaveValue('2');
  expect(video()).toHaveAttribute('src', TOPICS[1]!.tutorial_items[0]!.video_url);
  expect(screen.getByRole('list', { name: 'Keverőpult: videók' })).toHaveTextContent('2:05');
  expect(play).toHaveBeenCalledTimes(1);
});

it('another topic shows its first item (not started) and its id in the address', () => {
  const { video } = setup(null);
  fireEvent.change(screen.getByLabelText('Téma'), { target: { value: '2' } });
  expect(window.location.pathname).toBe('/tutorial/21');
  expect(video()).toHaveAttribute('src', TOPICS[1]!.tutorial_items[0]!.video_url);
  expect(play).not.toHaveBeenCalled();
});
