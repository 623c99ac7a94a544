import '../../_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { PageHero, Section, Card, CtaBand } from '../../_components/Section';
import { icons } from '../../_components/Icons';

// Enterprise services: what our team does for customers, and how an engagement runs.

export default function Service() {
  return (
    <Layout
      title={translate({ id: 'service.meta.title', message: 'Enterprise services', description: 'Title of the services page' })}
      description={translate({ id: 'service.meta.description', message: 'Enterprise services for Shifu: private deployment support, architecture design, scenario development, training and operations support.', description: 'Meta description of the services page' })}
    >
      <main className="mk-main">
        <PageHero
          compact
          eyebrow={<Translate id="service.hero.eyebrow" description="Label above the services page title">Enterprise services</Translate>}
          title={<Translate id="service.hero.title" description="Title of the services page">The Shifu team, on your project</Translate>}
          lead={<Translate id="service.hero.lead" description="Introduction of the services page">The engineers who build Shifu help you plan, deploy and run it: from the first architecture sketch to on-call support for production lines.</Translate>}
          actions={
            <>
              <Link to="/bookDemo/" className="mk-btn mk-btn--primary"><Translate id="service.hero.contact" description="Button: contact via demo booking">Talk to our team</Translate></Link>
              <Link to="/deployment/plancard/" className="mk-btn"><Translate id="service.hero.plans" description="Button to the plans page">See the plans</Translate></Link>
            </>
          }
        />

        <Section id="offer" title={<Translate id="service.offer.title" description="Heading: the services">What we offer</Translate>}>
          <div className="mk-grid">
            <Card icon={icons.server} title={<Translate id="service.private.title" description="Service title">Private deployment support</Translate>}>
              <p className="mk-text"><Translate id="service.private.text" description="Service text">Installation on your own clusters, air-gapped sites included, with hardening, upgrades and a tested backup and restore plan.</Translate></p>
            </Card>
            <Card icon={icons.kubernetes} title={<Translate id="service.architecture.title" description="Service title">Architecture design</Translate>}>
              <p className="mk-text"><Translate id="service.architecture.text" description="Service text">Cluster layout from edge to cloud, network segmentation, redundancy for the availability you need, and capacity plans per site.</Translate></p>
            </Card>
            <Card icon={icons.code} title={<Translate id="service.development.title" description="Service title">Scenario development</Translate>}>
              <p className="mk-text"><Translate id="service.development.text" description="Service text">Drivers for proprietary devices, device templates for your fleet, and applications built with your team on top of the deviceShifu APIs.</Translate></p>
            </Card>
            <Card icon={icons.book} title={<Translate id="service.training.title" description="Service title">Remote training</Translate>}>
              <p className="mk-text"><Translate id="service.training.text" description="Service text">Hands-on sessions for developers and operators: Kubernetes basics, connecting devices, writing applications, day-two operations.</Translate></p>
            </Card>
            <Card icon={icons.wrench} title={<Translate id="service.operations.title" description="Service title">Operations support</Translate>}>
              <p className="mk-text"><Translate id="service.operations.text" description="Service text">Monitoring, incident response with agreed response times, and regular health reviews of your installation.</Translate></p>
            </Card>
            <Card icon={icons.shield} title={<Translate id="service.security.title" description="Service title">Security reviews</Translate>}>
              <p className="mk-text"><Translate id="service.security.text" description="Service text">Reviews of RBAC, secrets handling and network exposure of devices, with concrete fixes rather than a list of findings.</Translate></p>
            </Card>
          </div>
        </Section>

        <Section id="process" soft title={<Translate id="service.process.title" description="Heading: how an engagement runs">How an engagement runs</Translate>}>
          <ol className="mk-steps mk-steps--four">
            <li className="mk-step">
              <h3 className="mk-h3"><Translate id="service.process.discover.title" description="Engagement step">Discover</Translate></h3>
              <p className="mk-text"><Translate id="service.process.discover.text" description="Engagement step text">We list your devices, protocols, sites and goals, and agree on what success looks like.</Translate></p>
            </li>
            <li className="mk-step">
              <h3 className="mk-h3"><Translate id="service.process.design.title" description="Engagement step">Design</Translate></h3>
              <p className="mk-text"><Translate id="service.process.design.text" description="Engagement step text">A target architecture and a pilot: usually one line, one floor or one lab.</Translate></p>
            </li>
            <li className="mk-step">
              <h3 className="mk-h3"><Translate id="service.process.deliver.title" description="Engagement step">Deliver</Translate></h3>
              <p className="mk-text"><Translate id="service.process.deliver.text" description="Engagement step text">We connect the devices with your team, so the knowledge stays in the house.</Translate></p>
            </li>
            <li className="mk-step">
              <h3 className="mk-h3"><Translate id="service.process.operate.title" description="Engagement step">Operate</Translate></h3>
              <p className="mk-text"><Translate id="service.process.operate.text" description="Engagement step text">Support under the plan you choose, with upgrades and reviews planned ahead.</Translate></p>
            </li>
          </ol>
        </Section>

        <CtaBand
          title={<Translate id="service.cta.title" description="Closing call to action title">Tell us about your devices</Translate>}
          text={<Translate id="service.cta.text" description="Closing call to action text">A short questionnaire, then a 30-minute call with an engineer. No slides unless you ask for them.</Translate>}
          actions={<Link to="/bookDemo/" className="mk-btn mk-btn--light"><Translate id="service.cta.book" description="Button to book a demo">Book a demo</Translate></Link>}
        />
      </main>
    </Layout>
  );
}
