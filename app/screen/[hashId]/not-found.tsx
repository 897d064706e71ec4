import { screen as huScreen } from '@/lib/i18n/hu/screen';
import styles from '@/components/screen/ScreenView.module.scss';

const hu = { screen: huScreen };

/** An unknown or deleted screen: said plainly, on the black a TV shows anyway. */
export default function ScreenNotFound() {
  return (
    <main className={styles.screen}>
      <div className={styles.notice}>
        <h1 className={styles.title}>{hu.screen.notFoundTitle}</h1>
        <p className={styles.text}>{hu.screen.notFoundText}</p>
      </div>
    </main>
  );
}
