'use client';

import { player as huPlayer } from '@/lib/i18n/hu/player';
import { usePlayer } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { RepeatIcon, ShuffleIcon } from '@/components/ui/icons';

const hu = { player: huPlayer };

export type PlayMode = 'random' | 'repeat';

interface Props {
  /** The button's look, from the place that shows it (a detail page's hero, the player bar). */
  className?: string;
  iconSize?: number;
}

const MODES = {
  random: { label: hu.player.random, Icon: ShuffleIcon, flag: 'is_random' },
  repeat: { label: hu.player.repeat, Icon: RepeatIcon, flag: 'is_repeat' },
} as const;

/**
 * One of the player's shuffle and repeat switches (SPEC.md §4): pressed as the player says, toggled
 * on the server, whose answer replaces the player. Disabled until there is a player.
 */
export function PlayModeToggle({ mode, className, iconSize }: Props & { mode: PlayMode }) {
  const player = usePlayer();
  const actions = usePlayerActions();
  const { label, Icon, flag } = MODES[mode];
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      title={label}
      aria-pressed={player?.[flag] ?? false}
      disabled={!player}
      onClick={() => void (mode === 'random' ? actions.toggleRandom() : actions.toggleRepeat())}
    >
      <Icon size={iconSize} />
    </button>
  );
}

/** Shuffle, then repeat, side by side. */
export function PlayModeToggles(props: Props) {
  return (
    <>
      <PlayModeToggle mode="random" {...props} />
      <PlayModeToggle mode="repeat" {...props} />
    </>
  );
}
