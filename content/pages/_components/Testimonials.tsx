import Translate from '@docusaurus/Translate';
import styles from './Testimonials.module.css';

// What kinds of customers tell us. Quotes are attributed to a role and a kind of organisation, never to
// a named person or company.

export function Testimonials() {
  return (
    <div className={`mk-grid ${styles.quotes}`}>
      <figure className={styles.quote}>
        <blockquote>
          <p><Translate id="quotes.lab.text" description="Testimonial from a lab automation customer">Our lab has robot arms, plate readers and incubators from five vendors. With Shifu each of them became a service with the same kind of API, so our scheduling software stopped caring who built the hardware.</Translate></p>
        </blockquote>
        <figcaption>
          <span className={styles.role}><Translate id="quotes.lab.role" description="Role of the person quoted">Head of robotics</Translate></span>
          <span className={styles.org}><Translate id="quotes.lab.org" description="Kind of organisation of the person quoted">Laboratory automation company</Translate></span>
        </figcaption>
      </figure>
      <figure className={styles.quote}>
        <blockquote>
          <p><Translate id="quotes.building.text" description="Testimonial from a smart building customer">We already ran Kubernetes for our software. Putting BACnet controllers and meters in the same cluster meant one way to deploy, monitor and roll back, instead of a separate gateway box per floor.</Translate></p>
        </blockquote>
        <figcaption>
          <span className={styles.role}><Translate id="quotes.building.role" description="Role of the person quoted">Platform engineering lead</Translate></span>
          <span className={styles.org}><Translate id="quotes.building.org" description="Kind of organisation of the person quoted">Smart building operator</Translate></span>
        </figcaption>
      </figure>
      <figure className={styles.quote}>
        <blockquote>
          <p><Translate id="quotes.factory.text" description="Testimonial from a manufacturing customer">The first PLC took us an afternoon, the next production line a single morning. Engineers now spend their time on the quality checks the plant asked for, not on drivers.</Translate></p>
        </blockquote>
        <figcaption>
          <span className={styles.role}><Translate id="quotes.factory.role" description="Role of the person quoted">Digital transformation manager</Translate></span>
          <span className={styles.org}><Translate id="quotes.factory.org" description="Kind of organisation of the person quoted">Discrete manufacturer</Translate></span>
        </figcaption>
      </figure>
    </div>
  );
}
