import { fireEvent, render, screen } from '@testing-library/react';
import { isPlayPauseSpace } from '@/lib/player/space-key';

/** The keydown a press of Space on `target` sends, as the page-wide listener sees it. */
function spaceOn(target: Element | Document, init: KeyboardEventInit = {}): boolean {
  let seen: boolean | null = null;
  const listener = (event: KeyboardEvent) => {
    seen = isPlayPauseSpace(event);
  };
  document.addEventListener('keydown', listener);
  fireEvent.keyDown(target, { key: ' ', ...init });
  document.removeEventListener('keydown', listener);
  return seen!;
}

describe('isPlayPauseSpace', () => {
  it('is Space on the page, a link, a heading or a tab panel', () => {
    render(
      <div>
        <h1>Csatornák</h1>
        <a href="#bossa">Bossa</a>
        <div role="tabpanel" tabIndex={0}>
          panel
        </div>
      </div>,
    );
    expect(spaceOn(document.body)).toBe(true);
    expect(spaceOn(screen.getByRole('link'))).toBe(true);
    expect(spaceOn(screen.getByRole('heading'))).toBe(true);
    expect(spaceOn(screen.getByRole('tabpanel'))).toBe(true);
  });

  it('is not Space in a text field, on a button, a slider, a switch or a select', () => {
    render(
      <div>
        <input aria-label="Név" />
        <textarea aria-label="Szöveg" />
        <button type="button">Mentés</button>
        <input type="range" aria-label="Hangerő" />
        <div role="switch" aria-checked="false" tabIndex={0} aria-label="Ismétlés" />
        <select aria-label="Rendezés">
          <option>A</option>
        </select>
        <div contentEditable suppressContentEditableWarning data-testid="editable">
          szerkeszthető
        </div>
      </div>,
    );
    expect(spaceOn(screen.getByRole('textbox', { name: 'Név' }))).toBe(false);
    expect(spaceOn(screen.getByRole('textbox', { name: 'Szöveg' }))).toBe(false);
    expect(spaceOn(screen.getByRole('button'))).toBe(false);
    expect(spaceOn(screen.getByRole('slider'))).toBe(false);
    expect(spaceOn(screen.getByRole('switch'))).toBe(false);
    expect(spaceOn(screen.getByRole('combobox'))).toBe(false);
    expect(spaceOn(screen.getByTestId('editable'))).toBe(false);
  });

  it('is not Space while a modal dialog is open, nor with a modifier, a held key or another key', () => {
    const { unmount } = render(
      <div role="dialog" aria-modal="true">
        <p>Párbeszéd</p>
      </div>,
    );
    expect(spaceOn(document.body)).toBe(false);
    expect(spaceOn(screen.getByText('Párbeszéd'))).toBe(false);
    unmount();
    expect(spaceOn(document.body, { shiftKey: true })).toBe(false);
    expect(spaceOn(document.body, { ctrlKey: true })).toBe(false);
    expect(spaceOn(document.body, { repeat: true })).toBe(false);
    let enter: boolean | null = null;
    const listener = (event: KeyboardEvent) => {
      enter = isPlayPauseSpace(event);
    };
    document.addEventListener('keydown', listener);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    document.removeEventListener('keydown', listener);
    expect(enter).toBe(false);
  });
});
