import { IntentLink } from '@/components/ui/IntentLink';
import { playLog } from '@/lib/i18n/hu/play-log';
import buttons from '../buttons.module.scss';

/**
 * The way to 'Lejátszási napló' from the mixer pages that fill it (spots, the scheduler): a button
 * beside their own, so the mixer's five tabs stay as they are.
 */
export function PlayLogLink() {
  return (
    <IntentLink href="/mixer/play-log" className={buttons.secondary}>
      {playLog.link}
    </IntentLink>
  );
}
