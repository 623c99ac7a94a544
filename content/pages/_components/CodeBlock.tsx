import { useState } from 'react';
import { translate } from '@docusaurus/Translate';
import styles from './CodeBlock.module.css';

// A command block for the marketing pages: a slim title bar (language, copy button) over the code, so
// the button never covers a long line. Markdown code blocks are highlighted by the theme at build time;
// these are short shell commands and outputs, so plain monospace text is enough.

export function CodeBlock(props: { code: string; label: string; lang?: string; output?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(props.code).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };
  return (
    <div className={props.output ? `${styles.code} ${styles.output}` : styles.code}>
      {!props.output && (
        <div className={styles.bar}>
          <span className={styles.lang}>{props.lang ?? 'shell'}</span>
          <button type="button" className={styles.copy} onClick={copy}>
            {copied
              ? translate({ id: 'code.copied', message: 'Copied', description: 'Shown on the copy button after copying a command' })
              : translate({ id: 'code.copy', message: 'Copy', description: 'Label of the button that copies a command' })}
          </button>
        </div>
      )}
      <pre tabIndex={0} aria-label={props.label}><code>{props.code}</code></pre>
    </div>
  );
}
