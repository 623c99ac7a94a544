import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import styles from './Jobs.module.css';

// The open roles. Applying goes through the community channels we already run, so no contact
// address needs to live in the page.

export function Jobs() {
  const { siteConfig } = useDocusaurusContext();
  const discord = String(siteConfig.customFields.discord);
  return (
    <>
      <ul className={styles.jobs}>
        <li className={styles.job}>
          <h3 className="mk-h3"><Translate id="jobs.backend.title" description="Job title">Backend engineer, Go and Kubernetes</Translate></h3>
          <p className={styles.meta}><Translate id="jobs.backend.meta" description="Job kind and team">Full time · Engineering · Beijing or remote</Translate></p>
          <p className="mk-text"><Translate id="jobs.backend.text" description="Job description">Work on the shifuController and the deviceShifu drivers: new protocols, telemetry, performance on small edge nodes. You know Go and have written or operated Kubernetes controllers.</Translate></p>
        </li>
        <li className={styles.job}>
          <h3 className="mk-h3"><Translate id="jobs.advocate.title" description="Job title">Developer advocate, IoT</Translate></h3>
          <p className={styles.meta}><Translate id="jobs.advocate.meta" description="Job kind and team">Full time · Community · Remote</Translate></p>
          <p className="mk-text"><Translate id="jobs.advocate.text" description="Job description">Write tutorials, build demos with real hardware and help developers in our community succeed. You enjoy both soldering and explaining.</Translate></p>
        </li>
        <li className={styles.job}>
          <h3 className="mk-h3"><Translate id="jobs.intern.title" description="Job title">Backend engineering intern (Go)</Translate></h3>
          <p className={styles.meta}><Translate id="jobs.intern.meta" description="Job kind and team">Internship · Engineering · Beijing</Translate></p>
          <p className="mk-text"><Translate id="jobs.intern.text" description="Job description">Pair with our engineers on open-source issues, from tests to new features. Some Go or another compiled language, and curiosity about containers.</Translate></p>
        </li>
        <li className={styles.job}>
          <h3 className="mk-h3"><Translate id="jobs.design.title" description="Job title">UI/UX design intern</Translate></h3>
          <p className={styles.meta}><Translate id="jobs.design.meta" description="Job kind and team">Internship · Product · Beijing</Translate></p>
          <p className="mk-text"><Translate id="jobs.design.text" description="Job description">Shape the Shifu Cloud console and this website: research with users, flows, visual design. Bring a portfolio.</Translate></p>
        </li>
      </ul>
      <p className="mk-text">
        <Translate id="jobs.apply" description="How to apply for a job">To apply, introduce yourself in our Discord community and mention the role; links to your code or portfolio help us most.</Translate>{' '}
        <Link href={discord} className="mk-link-arrow"><Translate id="jobs.applyLink" description="Link to the Discord community">Open Discord</Translate></Link>
      </p>
    </>
  );
}
