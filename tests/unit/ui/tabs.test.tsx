import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { memo, useState } from 'react';
import * as Tabs from '@/components/ui/Tabs';

function Example({ onChange }: { onChange?: (value: string) => void }) {
  const [tab, setTab] = useState('b');
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => {
        onChange?.(value);
        setTab(value);
      }}
    >
      <Tabs.List aria-label="Kategóriák">
        <Tabs.Trigger value="a">Első</Tabs.Trigger>
        <Tabs.Trigger value="b">Második</Tabs.Trigger>
        <Tabs.Trigger value="c">Harmadik</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="a">Első tartalma</Tabs.Content>
      <Tabs.Content value="b">Második tartalma</Tabs.Content>
      <Tabs.Content value="c">Harmadik tartalma</Tabs.Content>
    </Tabs.Root>
  );
}

it('has the roles and states of a tab set, with only the open panel rendered and labelled by its tab', () => {
  render(<Example />);
  expect(screen.getByRole('tablist', { name: 'Kategóriák' })).toBeInTheDocument();
  const second = screen.getByRole('tab', { name: 'Második' });
  expect(second).toHaveAttribute('aria-selected', 'true');
  expect(second).toHaveAttribute('data-state', 'active');
  const first = screen.getByRole('tab', { name: 'Első' });
  expect(first).toHaveAttribute('aria-selected', 'false');
  expect(first).toHaveAttribute('data-state', 'inactive');
  expect(first).toHaveAttribute('tabindex', '-1');
  const panel = screen.getByRole('tabpanel', { name: 'Második' });
  expect(panel).toHaveTextContent('Második tartalma');
  expect(second).toHaveAttribute('aria-controls', panel.id);
  expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
});

it('a press opens a tab; pressing the open one reports nothing', () => {
  const onChange = jest.fn();
  render(<Example onChange={onChange} />);
  fireEvent.click(screen.getByRole('tab', { name: 'Második' }));
  expect(onChange).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('tab', { name: 'Harmadik' }));
  expect(onChange).toHaveBeenCalledWith('c');
  expect(screen.getByRole('tabpanel')).toHaveTextContent('Harmadik tartalma');
});

it('arrow keys, Home and End move the focus along the tabs, round the ends, and open them', async () => {
  render(<Example />);
  const [first, second, third] = screen.getAllByRole('tab');
  second!.focus();
  fireEvent.keyDown(second!, { key: 'ArrowRight' });
  await waitFor(() => expect(third).toHaveFocus());
  expect(third).toHaveAttribute('aria-selected', 'true');
  fireEvent.keyDown(third!, { key: 'ArrowRight' });
  await waitFor(() => expect(first).toHaveFocus());
  expect(screen.getByRole('tabpanel')).toHaveTextContent('Első tartalma');
  fireEvent.keyDown(first!, { key: 'ArrowLeft' });
  await waitFor(() => expect(third).toHaveFocus());
  fireEvent.keyDown(third!, { key: 'Home' });
  await waitFor(() => expect(first).toHaveFocus());
  fireEvent.keyDown(first!, { key: 'End' });
  await waitFor(() => expect(third).toHaveFocus());
  expect(screen.getByRole('tabpanel')).toHaveTextContent('Harmadik tartalma');
});

// The parts put together (`Tabs.Tabs`): a labelled row from data and the active panel.

function ListExample() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs.Tabs
      value={value}
      onValueChange={setValue}
      label="Listák"
      tabs={[
        { value: 'a', label: 'Első' },
        { value: 'b', label: 'Második' },
        { value: 'c', label: 'Harmadik' },
      ]}
    >
      <input aria-label={`mező ${value}`} />
    </Tabs.Tabs>
  );
}

it('shows the active tab’s panel, named by its tab, with only that tab in the Tab order', async () => {
  render(<ListExample />);
  expect(screen.getByRole('tablist', { name: 'Listák' })).toBeInTheDocument();
  const first = screen.getByRole('tab', { name: 'Első' });
  expect(first).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Második' })).toHaveAttribute('tabindex', '-1');
  expect(screen.getByRole('tabpanel', { name: 'Első' })).toContainElement(
    screen.getByRole('textbox', { name: 'mező a' }),
  );
  // Tab into the row lands on the open tab.
  screen.getByRole('tablist', { name: 'Listák' }).focus();
  await waitFor(() => expect(first).toHaveFocus());
  expect(first).toHaveAttribute('tabindex', '0');
});

it('activates on mouse-down, and the arrows, Home and End move and activate, wrapping around', async () => {
  render(<ListExample />);
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Második' }));
  expect(screen.getByRole('tab', { name: 'Második' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Második' })).toBeInTheDocument();

  // A browser focuses the pressed tab; jsdom does not.
  screen.getByRole('tab', { name: 'Második' }).focus();
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Második' }), { key: 'ArrowRight' });
  await waitFor(() => expect(screen.getByRole('tab', { name: 'Harmadik' })).toHaveFocus());
  expect(screen.getByRole('tab', { name: 'Harmadik' })).toHaveAttribute('aria-selected', 'true');
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Harmadik' }), { key: 'ArrowRight' });
  await waitFor(() => expect(screen.getByRole('tab', { name: 'Első' })).toHaveFocus());
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Első' }), { key: 'ArrowLeft' });
  await waitFor(() => expect(screen.getByRole('tab', { name: 'Harmadik' })).toHaveFocus());
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Harmadik' }), { key: 'Home' });
  await waitFor(() => expect(screen.getByRole('tab', { name: 'Első' })).toHaveFocus());
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Első' }), { key: 'End' });
  await waitFor(() => expect(screen.getByRole('tab', { name: 'Harmadik' })).toHaveFocus());
  expect(screen.getByRole('tabpanel', { name: 'Harmadik' })).toBeInTheDocument();
});

// `prerender`: the closed panels are rendered too, hidden, so a switch shows a finished panel.

const renders: string[] = [];
const Counted = memo(function Counted({ name }: { name: string }) {
  renders.push(name);
  return <input aria-label={name} />;
});

function PrerenderExample() {
  const [tab, setTab] = useState('a');
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List aria-label="Kategóriák">
        <Tabs.Trigger value="a">Első</Tabs.Trigger>
        <Tabs.Trigger value="b">Második</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="a" prerender>
        <Counted name="első mező" />
      </Tabs.Content>
      <Tabs.Content value="b" prerender>
        <Counted name="második mező" />
      </Tabs.Content>
    </Tabs.Root>
  );
}

it('with prerender the closed panels wait hidden, and a switch shows them as they were left', async () => {
  renders.length = 0;
  render(<PrerenderExample />);
  // The open panel at once; the closed one is built at low priority, out of sight and of the a11y tree.
  const second = await screen.findByRole('textbox', { name: 'második mező', hidden: true });
  expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  expect(screen.queryByRole('textbox', { name: 'második mező' })).toBeNull();
  expect(screen.getByRole('tab', { name: 'Második' })).toHaveAttribute(
    'aria-controls',
    second.closest('[role="tabpanel"]')!.id,
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'első mező' }), { target: { value: 'kávé' } });
  const built = renders.length;

  // Panels whose props stay the same (memo) are not built again by a switch, there or back.
  fireEvent.click(screen.getByRole('tab', { name: 'Második' }));
  expect(screen.getByRole('tabpanel', { name: 'Második' })).toContainElement(second);
  expect(screen.queryByRole('textbox', { name: 'első mező' })).toBeNull();
  fireEvent.click(screen.getByRole('tab', { name: 'Első' }));
  expect(screen.getByRole('textbox', { name: 'első mező' })).toHaveValue('kávé');
  expect(renders).toHaveLength(built);
});
