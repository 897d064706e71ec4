/**
 * Space toggles play and pause anywhere on the page (as in Spotify), except where Space already means
 * something: typing, pressing a focused button or switch, moving a slider, and inside a dialog.
 */
const OWN_SPACE_ROLES = new Set([
  'button',
  'checkbox',
  'switch',
  'radio',
  'slider',
  'spinbutton',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'combobox',
  'textbox',
  'searchbox',
  'dialog',
  'alertdialog',
  'listbox',
  'menu',
]);

const OWN_SPACE_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'SUMMARY', 'OPTION', 'AUDIO', 'VIDEO']);

interface SpaceKeyEvent {
  key: string;
  repeat: boolean;
  defaultPrevented: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

/** Whether this keydown is the page-wide play/pause Space (not one a focused control or a dialog owns). */
export function isPlayPauseSpace(event: SpaceKeyEvent): boolean {
  if (event.key !== ' ' || event.repeat || event.defaultPrevented || event.isComposing) return false;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  const doc = typeof document === 'undefined' ? null : document;
  // An open modal (Radix marks it aria-modal) owns the keyboard, wherever focus happens to be.
  if (doc?.querySelector('[aria-modal="true"]')) return false;
  const target = event.target;
  if (!(target instanceof Element)) return true;
  for (let node: Element | null = target; node; node = node.parentElement) {
    if (OWN_SPACE_TAGS.has(node.tagName)) return false;
    const editable = node.getAttribute('contenteditable');
    if (editable !== null && editable !== 'false') return false;
    const role = node.getAttribute('role');
    if (role && OWN_SPACE_ROLES.has(role)) return false;
  }
  return true;
}
