'use client';

import { useState } from 'react';
import { toggleFavorite, useIsFavorite } from '@/lib/api/channels';
import { channels as huChannels } from '@/lib/i18n/hu/channels';
import { showToast } from '@/lib/ui/toast';
import { HeartIcon } from '@/components/ui/icons';

const hu = { channels: huChannels };

/**
 * The favourite heart: a toggle button that shows the pressed state at once and then the server's
 * answer (a failed toggle goes back to the server's state).
 */
export function FavoriteButton({ channelId, className }: { channelId: number; className?: string }) {
  const { data: favorite = false, mutate } = useIsFavorite(channelId);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    // Painted in the press's own frame; the answer replaces it.
    void mutate(!favorite, { revalidate: false });
    try {
      const now = await toggleFavorite(channelId);
      showToast(now ? hu.channels.favoriteAdded : hu.channels.favoriteRemoved);
    } catch {
      // A failed toggle silently reloads the state (SPEC.md §8).
      void mutate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      aria-label={hu.channels.favorite}
      title={hu.channels.favorite}
      aria-pressed={favorite}
      aria-busy={busy || undefined}
      onClick={() => void toggle()}
    >
      <HeartIcon filled={favorite} />
    </button>
  );
}
