import type { ReactNode } from 'react';

// Page building blocks shared by the marketing pages: a hero, titled sections and a closing
// call to action. Texts arrive already translated (as <Translate> elements) from the page.

export function PageHero(props: { eyebrow?: ReactNode; title: ReactNode; lead?: ReactNode; actions?: ReactNode; art?: ReactNode; note?: ReactNode; compact?: boolean }) {
  return (
    <header className={`mk-hero${props.compact ? ' mk-hero--page' : ''}`}>
      <div className={`mk-container${props.art ? ' mk-hero-grid' : ''}`}>
        <div>
          {props.eyebrow && <p className="mk-eyebrow">{props.eyebrow}</p>}
          <h1 className="mk-h1">{props.title}</h1>
          {props.lead && <p className="mk-lead">{props.lead}</p>}
          {props.actions && <div className="mk-actions">{props.actions}</div>}
          {props.note && <p className="mk-hero-note">{props.note}</p>}
        </div>
        {props.art}
      </div>
    </header>
  );
}

export function Section(props: { id?: string; title?: ReactNode; lead?: ReactNode; soft?: boolean; center?: boolean; children: ReactNode }) {
  const headingId = props.id ? `${props.id}-title` : undefined;
  return (
    <section id={props.id} className={`mk-section${props.soft ? ' mk-section--soft' : ''}`} aria-labelledby={props.title ? headingId : undefined}>
      <div className="mk-container">
        {props.title && (
          <div className={`mk-section-head${props.center ? ' mk-section-head--center' : ''}`}>
            <h2 className="mk-h2" id={headingId}>{props.title}</h2>
            {props.lead && <p className="mk-lead">{props.lead}</p>}
          </div>
        )}
        {props.children}
      </div>
    </section>
  );
}

export function Card(props: { icon?: ReactNode; title: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div className={`mk-card${props.className ? ' ' + props.className : ''}`}>
      {props.icon && <span className="mk-icon" aria-hidden="true">{props.icon}</span>}
      <h3 className="mk-h3">{props.title}</h3>
      {props.children}
    </div>
  );
}

/** A closing band that sends the reader to the demo booking or another next step. */
export function CtaBand(props: { title: ReactNode; text: ReactNode; actions: ReactNode }) {
  return (
    <section className="mk-cta">
      <div className="mk-container mk-cta-inner">
        <div>
          <h2 className="mk-h2">{props.title}</h2>
          <p>{props.text}</p>
        </div>
        <div className="mk-actions">{props.actions}</div>
      </div>
    </section>
  );
}
