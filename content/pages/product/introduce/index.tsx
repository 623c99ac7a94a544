import '../../_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { PageHero, Section, Card } from '../../_components/Section';
import { icons } from '../../_components/Icons';
import { Jobs } from '../../_components/Jobs';

// Introducing Shifu: the architecture in brief, the team behind it, and the roles we are hiring for.

export default function Introduce() {
  const { siteConfig, i18n } = useDocusaurusContext();
  const diagram = useBaseUrl(i18n.currentLocale === 'zh-Hans' ? '/img/diagrams/shifu-architecture-zh.svg' : '/img/diagrams/shifu-architecture.svg');
  return (
    <Layout
      title={translate({ id: 'introduce.meta.title', message: 'Introducing Shifu', description: 'Title of the introduction page' })}
      description={translate({ id: 'introduce.meta.description', message: 'What Shifu is made of, how its control and data planes work together, who builds it, and the jobs open in the team.', description: 'Meta description of the introduction page' })}
    >
      <main className="mk-main">
        <PageHero
          compact
          eyebrow={<Translate id="introduce.hero.eyebrow" description="Label above the introduction page title">Introduction</Translate>}
          title={<Translate id="introduce.hero.title" description="Title of the introduction page">Shifu on one page</Translate>}
          lead={<Translate id="introduce.hero.lead" description="Introduction of the introduction page">Shifu is an IoT development framework that treats devices the way Kubernetes treats software: declared in manifests, run as pods, watched and healed by controllers.</Translate>}
        />

        <Section id="architecture" title={<Translate id="introduce.arch.title" description="Heading: architecture">Three parts, each small</Translate>}>
          <div className="mk-split mk-split--figure">
            <div>
              <h3 className="mk-h3"><Translate id="introduce.arch.control.title" description="Architecture part">Control plane</Translate></h3>
              <p className="mk-text"><Translate id="introduce.arch.control.text" description="Architecture part text">Two custom resources, EdgeDevice and TelemetryService, and the shifuController that manages them. They hold the desired state of your devices in the Kubernetes API.</Translate></p>
              <h3 className="mk-h3"><Translate id="introduce.arch.data.title" description="Architecture part">Data plane</Translate></h3>
              <p className="mk-text"><Translate id="introduce.arch.data.text" description="Architecture part text">One deviceShifu per device: a pod that talks to the device in its protocol, exposes its instructions over HTTP, collects telemetry and reports the device's health.</Translate></p>
              <h3 className="mk-h3"><Translate id="introduce.arch.telemetry.title" description="Architecture part">Telemetry service</Translate></h3>
              <p className="mk-text"><Translate id="introduce.arch.telemetry.text" description="Architecture part text">A shared service that forwards readings from deviceShifus to brokers, databases and object storage, so applications can consume data where they already work.</Translate></p>
              <Link to="/docs/references/architecture/" className="mk-link-arrow"><Translate id="introduce.arch.link" description="Link to the architecture docs">Read the architecture reference</Translate></Link>
            </div>
            <figure className="mk-figure">
              <img src={diagram} width={760} height={430} loading="lazy" alt={translate({ id: 'introduce.arch.alt', message: 'Shifu architecture: applications call deviceShifu pods inside a Kubernetes cluster; the control plane holds the EdgeDevice and TelemetryService resources; deviceShifus talk to the devices', description: 'Alt text of the architecture diagram' })} />
            </figure>
          </div>
        </Section>

        <Section id="principles" soft title={<Translate id="introduce.principles.title" description="Heading: design principles">What we believe</Translate>}>
          <div className="mk-grid">
            <Card icon={icons.kubernetes} title={<Translate id="introduce.principles.native.title" description="Principle title">Use what Kubernetes already does</Translate>}>
              <p className="mk-text"><Translate id="introduce.principles.native.text" description="Principle text">Scheduling, restarts, rollouts and access control are solved problems. Shifu adds only what devices need on top.</Translate></p>
            </Card>
            <Card icon={icons.open} title={<Translate id="introduce.principles.open.title" description="Principle title">Develop in the open</Translate>}>
              <p className="mk-text"><Translate id="introduce.principles.open.text" description="Principle text">The code, the design documents and the roadmap are public, and contributions from users shape the project.</Translate></p>
            </Card>
            <Card icon={icons.code} title={<Translate id="introduce.principles.dev.title" description="Principle title">Developers first</Translate>}>
              <p className="mk-text"><Translate id="introduce.principles.dev.text" description="Principle text">Building an IoT application should feel like building a web or mobile app: an API, a local environment, fast feedback.</Translate></p>
            </Card>
          </div>
        </Section>

        <Section id="team" title={<Translate id="introduce.team.title" description="Heading: about the company">The team behind Shifu</Translate>}>
          <div className="mk-narrow">
            <p className="mk-text"><Translate id="introduce.team.text1" description="About the company">Shifu is created and maintained by Edgenesis, a company that builds developer tools for the Internet of Things. Our engineers come from cloud-native infrastructure, industrial automation and security, and we run Shifu for customers in manufacturing, laboratories and buildings.</Translate></p>
            <p className="mk-text"><Translate id="introduce.team.text2" description="About the company">Everything we learn in those projects flows back into the open-source framework, and the community on GitHub and Discord keeps us honest about what developers need.</Translate></p>
            <Link href={String(siteConfig.customFields.github)} className="mk-link-arrow"><Translate id="introduce.team.github" description="Link to the GitHub repository">Follow the project on GitHub</Translate></Link>
          </div>
        </Section>

        <Section id="jobs" soft title={<Translate id="introduce.jobs.title" description="Heading: job listings">Join us</Translate>} lead={<Translate id="introduce.jobs.lead" description="Introduction of the job listings">We are a small team with a large surface: Kubernetes, device protocols, developer experience. These roles are open now.</Translate>}>
          <Jobs />
        </Section>
      </main>
    </Layout>
  );
}
