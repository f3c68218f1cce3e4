import styles from './Pushes.module.css';

/** A pushed text exactly as people receive it: plain text, line breaks kept, never markup. */
export function PlainText({ text, testId }: { text: string; testId?: string }) {
  return (
    <pre className={styles.plainText} data-testid={testId}>
      {text}
    </pre>
  );
}
