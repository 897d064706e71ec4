import { isOverLong } from '@/contracts/uploads';
import { mixer } from '@/lib/i18n/hu/mixer';
import styles from './TooLongMark.module.scss';

const hu = { mixer };

/**
 * 'Túl hosszú' beside a spot or sound longer than its cap: one stored before the cap came keeps
 * its real length and still plays, and the shop sees which one to replace.
 */
export function TooLongMark({ seconds, maxSeconds }: { seconds: number; maxSeconds: number }) {
  if (!isOverLong(seconds, maxSeconds)) return null;
  return <span className={styles.mark}>{hu.mixer.tooLong}</span>;
}
