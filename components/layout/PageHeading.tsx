import styles from './PageHeading.module.scss';

export function PageHeading({ children }: { children: string }) {
  return <h1 className={styles.heading}>{children}</h1>;
}
