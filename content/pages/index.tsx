import './_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { PageHero, Section, Card, CtaBand } from './_components/Section';
import { icons } from './_components/Icons';
import { ClaimStats } from './_components/Claims';
import { ProtocolChips } from './_components/Protocols';
import { Testimonials } from './_components/Testimonials';
import { CodeBlock } from './_components/CodeBlock';

// The home page: what Shifu is, the figures, the features, how it works, what customers say.

const callExample = `# from any pod in the cluster
curl http://deviceshifu-thermometer.deviceshifu.svc.cluster.local/read_value`;

export default function Home() {
  const { siteConfig } = useDocusaurusContext();
  const github = String(siteConfig.customFields.github);
  return (
    <Layout
      title={translate({ id: 'home.meta.title', message: 'Kubernetes-native IoT development framework', description: 'Title of the home page in the browser tab' })}
      description={translate({ id: 'home.meta.description', message: 'Shifu is an open-source, Kubernetes-native IoT development framework: every device gets a digital twin with an HTTP API, whatever protocol it speaks.', description: 'Meta description of the home page' })}
    >
      <main className="mk-main">
        <PageHero
          eyebrow={<Translate id="home.hero.eyebrow" description="Small label above the home page title">Open source · Kubernetes native</Translate>}
          title={<Translate id="home.hero.title" description="Main title of the home page">Every device, one API your applications can call</Translate>}
          lead={<Translate id="home.hero.lead" description="Introduction under the home page title">Shifu gives each device a digital twin, the deviceShifu, that speaks the device's own protocol on one side and plain HTTP on the other. Your devices run as Kubernetes workloads, and your IoT applications are written like any other web service.</Translate>}
          actions={
            <>
              <Link to="/demo/" className="mk-btn mk-btn--primary">
                <Translate id="home.hero.tryDemo" description="Button: go to the demo page">Try the demo</Translate>
              </Link>
              <Link to="/bookDemo/" className="mk-btn">
                <Translate id="home.hero.bookDemo" description="Button: go to the book-a-demo page">Book a 30-minute demo</Translate>
              </Link>
            </>
          }
          note={
            <Link href={github} className="mk-link-arrow">
              <Translate id="home.hero.github" description="Link to the code repository on GitHub">Read the source on GitHub</Translate>
            </Link>
          }
          art={<img className="mk-hero-art" src={useBaseUrl('/img/marketing/hero.svg')} width={560} height={400} alt={translate({ id: 'home.hero.artAlt', message: 'Devices such as a camera, a PLC, a sensor and a robot arm, each connected to its own deviceShifu inside a Kubernetes cluster, which applications call over HTTP', description: 'Alt text of the home page illustration' })} />}
        />

        <Section id="figures" soft title={<Translate id="home.figures.title" description="Heading of the figures section">Small footprint, long uptime</Translate>}>
          <ClaimStats />
        </Section>

        <Section
          id="features"
          title={<Translate id="home.features.title" description="Heading of the features section">Why teams build on Shifu</Translate>}
          lead={<Translate id="home.features.lead" description="Introduction of the features section">Shifu takes the part of IoT work that is the same in every project, connecting and operating devices, and turns it into a few Kubernetes objects.</Translate>}
        >
          <div className="mk-grid">
            <Card icon={icons.plug} title={<Translate id="home.features.integration.title" description="Feature title">Fast device integration</Translate>}>
              <p className="mk-text"><Translate id="home.features.integration.text" description="Feature text">Describe a device in a few short manifests, apply them, and its deviceShifu is up: connecting a new device is measured in minutes, not sprints.</Translate></p>
            </Card>
            <Card icon={icons.protocols} title={<Translate id="home.features.protocols.title" description="Feature title">Many protocols, one interface</Translate>}>
              <p className="mk-text"><Translate id="home.features.protocols.text" description="Feature text">HTTP, OPC UA, socket, MQTT and LwM2M drivers are built in; Modbus, BACnet, KNX and other fieldbuses join through driver containers. Applications see HTTP every time.</Translate></p>
            </Card>
            <Card icon={icons.template} title={<Translate id="home.features.templates.title" description="Feature title">Device templates</Translate>}>
              <p className="mk-text"><Translate id="home.features.templates.text" description="Feature text">Start from a ready-made template for a device type instead of a blank YAML file, then adjust the address and the instructions.</Translate></p>
            </Card>
            <Card icon={icons.store} title={<Translate id="home.features.store.title" description="Feature title">App store</Translate>}>
              <p className="mk-text"><Translate id="home.features.store.text" description="Feature text">Install ready-made applications, such as dashboards, data pipelines and alerting, next to your devices with one click, and assemble an end-to-end solution quickly.</Translate></p>
            </Card>
            <Card icon={icons.kubernetes} title={<Translate id="home.features.k8s.title" description="Feature title">Native to Kubernetes</Translate>}>
              <p className="mk-text"><Translate id="home.features.k8s.text" description="Feature text">Devices are managed with kubectl, Helm and GitOps like the rest of your stack, and Shifu works with edge frameworks such as KubeEdge and OpenYurt.</Translate></p>
            </Card>
            <Card icon={icons.open} title={<Translate id="home.features.open.title" description="Feature title">Open source, no lock-in</Translate>}>
              <p className="mk-text"><Translate id="home.features.open.text" description="Feature text">The framework is Apache 2.0 licensed and runs wherever Kubernetes runs: a factory floor, a private data centre or any public cloud.</Translate></p>
            </Card>
          </div>
        </Section>

        <Section id="how" soft title={<Translate id="home.how.title" description="Heading of the how-it-works section">How it works</Translate>}>
          <ol className="mk-steps">
            <li className="mk-step">
              <h3 className="mk-h3"><Translate id="home.how.describe.title" description="Step title">Describe the device</Translate></h3>
              <p className="mk-text"><Translate id="home.how.describe.text" description="Step text">An EdgeDevice says how to reach the device and which protocol it speaks; a ConfigMap lists the instructions it understands and the telemetry to collect. A Deployment and a Service run its twin.</Translate></p>
            </li>
            <li className="mk-step">
              <h3 className="mk-h3"><Translate id="home.how.deploy.title" description="Step title">Apply, and the twin comes alive</Translate></h3>
              <p className="mk-text"><Translate id="home.how.deploy.text" description="Step text">After kubectl apply, Kubernetes keeps the deviceShifu pod running; the deviceShifu connects to the device and writes its health back into the EdgeDevice status.</Translate></p>
            </li>
            <li className="mk-step">
              <h3 className="mk-h3"><Translate id="home.how.call.title" description="Step title">Call it over HTTP</Translate></h3>
              <p className="mk-text"><Translate id="home.how.call.text" description="Step text">Every instruction becomes a URL. Telemetry can also be pushed to MQTT, SQL databases or object storage through a TelemetryService.</Translate></p>
            </li>
          </ol>
          <div className="mk-code-wide">
            <CodeBlock code={callExample} label={translate({ id: 'home.how.codeLabel', message: 'Example: reading a thermometer through its deviceShifu', description: 'Accessible name of the code example' })} />
          </div>
        </Section>

        <Section
          id="protocols"
          title={<Translate id="home.protocols.title" description="Heading of the protocols section">Speaks the protocols on your floor</Translate>}
          lead={<Translate id="home.protocols.lead" description="Introduction of the protocols section">Whatever is underneath, the deviceShifu presents the same kind of API, so swapping a device does not ripple into your applications.</Translate>}
        >
          <ProtocolChips />
        </Section>

        <Section id="customers" soft center title={<Translate id="home.customers.title" description="Heading of the testimonials section">What our users say</Translate>}>
          <Testimonials />
          <p className="mk-center">
            <Link to="/case-studies" className="mk-link-arrow">
              <Translate id="home.customers.caseStudies" description="Link to the case studies blog">Read the full case studies</Translate>
            </Link>
          </p>
        </Section>

        <Section id="start" title={<Translate id="home.start.title" description="Heading of the where-to-start section">Where to start</Translate>}>
          <div className="mk-grid">
            <Card icon={icons.book} title={<Link to="/docs/introduction" className="mk-card-cover"><Translate id="home.start.docs.title" description="Card title linking to the docs">Read the introduction</Translate></Link>} className="mk-card--link">
              <p className="mk-text"><Translate id="home.start.docs.text" description="Card text">The concepts in ten minutes: deviceShifu, the EdgeDevice, the control and data planes.</Translate></p>
            </Card>
            <Card icon={icons.code} title={<Link to="/docs/tutorials/demo-install" className="mk-card-cover"><Translate id="home.start.install.title" description="Card title linking to the install tutorial">Install the demo locally</Translate></Link>} className="mk-card--link">
              <p className="mk-text"><Translate id="home.start.install.text" description="Card text">Docker and one script give you a kind cluster with Shifu and simulated devices.</Translate></p>
            </Card>
            <Card icon={icons.chart} title={<Link to="/technical-blogs" className="mk-card-cover"><Translate id="home.start.blog.title" description="Card title linking to the tech blog">Browse the tech blog</Translate></Link>} className="mk-card--link">
              <p className="mk-text"><Translate id="home.start.blog.text" description="Card text">Hands-on articles about Shifu with KubeEdge, OpenYurt, EMQX, WasmEdge and more.</Translate></p>
            </Card>
          </div>
        </Section>

        <CtaBand
          title={<Translate id="home.cta.title" description="Heading of the closing call to action">See Shifu with your own devices</Translate>}
          text={<Translate id="home.cta.text" description="Text of the closing call to action">In a 30-minute online session our engineers connect a device like yours and answer your questions.</Translate>}
          actions={
            <>
              <Link to="/bookDemo/" className="mk-btn mk-btn--light">
                <Translate id="home.cta.book" description="Button: book a demo">Book a demo</Translate>
              </Link>
              <Link to="/subscribe/" className="mk-btn mk-btn--outline-light">
                <Translate id="home.cta.subscribe" description="Button: subscribe to news">Subscribe to news</Translate>
              </Link>
            </>
          }
        />
      </main>
    </Layout>
  );
}
