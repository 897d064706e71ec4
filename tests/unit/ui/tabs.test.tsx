import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Tabs } from '@/components/ui/Tabs';

function Example() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs
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
    </Tabs>
  );
}

it('shows the active tab’s panel, named by its tab, with only that tab in the Tab order', () => {
  render(<Example />);
  expect(screen.getByRole('tablist', { name: 'Listák' })).toBeInTheDocument();
  const first = screen.getByRole('tab', { name: 'Első' });
  expect(first).toHaveAttribute('aria-selected', 'true');
  expect(first).toHaveAttribute('tabindex', '0');
  expect(screen.getByRole('tab', { name: 'Második' })).toHaveAttribute('tabindex', '-1');
  expect(screen.getByRole('tabpanel', { name: 'Első' })).toContainElement(screen.getByRole('textbox', { name: 'mező a' }));
});

it('activates on mouse-down, and the arrows, Home and End move and activate, wrapping around', () => {
  render(<Example />);
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Második' }));
  expect(screen.getByRole('tab', { name: 'Második' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Második' })).toBeInTheDocument();

  fireEvent.keyDown(screen.getByRole('tab', { name: 'Második' }), { key: 'ArrowRight' });
  expect(screen.getByRole('tab', { name: 'Harmadik' })).toHaveFocus();
  expect(screen.getByRole('tab', { name: 'Harmadik' })).toHaveAttribute('aria-selected', 'true');
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Harmadik' }), { key: 'ArrowRight' });
  expect(screen.getByRole('tab', { name: 'Első' })).toHaveFocus();
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Első' }), { key: 'ArrowLeft' });
  expect(screen.getByRole('tab', { name: 'Harmadik' })).toHaveFocus();
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Harmadik' }), { key: 'Home' });
  expect(screen.getByRole('tab', { name: 'Első' })).toHaveFocus();
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Első' }), { key: 'End' });
  expect(screen.getByRole('tab', { name: 'Harmadik' })).toHaveFocus();
  expect(screen.getByRole('tabpanel', { name: 'Harmadik' })).toBeInTheDocument();
});
