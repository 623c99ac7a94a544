import '../../_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { PageHero, Section, Card, CtaBand } from '../../_components/Section';
import { icons } from '../../_components/Icons';
import { ProtocolChips } from '../../_components/Protocols';
import { CodeBlock } from '../../_components/CodeBlock';

// The features in detail: integration, protocols, templates, the app store, data, stability.

const edgeDevice = `apiVersion: shifu.edgenesis.io/v1alpha1
kind: EdgeDevice
metadata:
  name: edgedevice-thermometer
  namespace: devices
spec:
  sku: "HTTP thermometer"
  connection: Ethernet
  address: 192.168.1.50:8080
  protocol: HTTP`;

export default function Features() {
  return (
    <Layout
      title={translate({ id: 'feature.meta.title', message: 'Features', description: 'Title of the features page' })}
      description={translate({ id: 'feature.meta.description', message: 'Shifu features: fast device integration, multi-protocol support, device templates, an app store, data collection and control, and high availability.', description: 'Meta description of the features page' })}
    >
      <main className="mk-main">
        <PageHero
          compact
          eyebrow={<Translate id="feature.hero.eyebrow" description="Label above the features page title">Features</Translate>}
          title={<Translate id="feature.hero.title" description="Title of the features page">Everything a device needs to become software</Translate>}
          lead={<Translate id="feature.hero.lead" description="Introduction of the features page">Connecting, controlling and watching devices is the same work in every IoT project. Shifu does it once, in Kubernetes, so your team can start with the application.</Translate>}
        />

        <Section id="integration" title={<Translate id="feature.integration.title" description="Feature heading">Fast device integration</Translate>}>
          <div className="mk-split">
            <div>
              <p className="mk-text"><Translate id="feature.integration.text" description="Feature text">A device joins Shifu through four small Kubernetes objects: the EdgeDevice that says where it is, a ConfigMap with its instructions, and the Deployment and Service of its deviceShifu. Apply them and the device answers HTTP requests a minute later.</Translate></p>
              <ul className="mk-checks">
                <li><Translate id="feature.integration.point1" description="Feature bullet">Declarative: devices live in Git next to your other manifests</Translate></li>
                <li><Translate id="feature.integration.point2" description="Feature bullet">From a thermometer on a lab bench to a PLC on a production line</Translate></li>
                <li><Translate id="feature.integration.point3" description="Feature bullet">Proprietary devices join through a small driver container, without changing Shifu</Translate></li>
              </ul>
              <Link to="/docs/references/basic-features/device-connection" className="mk-link-arrow"><Translate id="feature.integration.link" description="Link to the device connection docs">How device connection works</Translate></Link>
            </div>
            <CodeBlock code={edgeDevice} lang="yaml" label={translate({ id: 'feature.integration.codeLabel', message: 'Example EdgeDevice manifest for an HTTP thermometer', description: 'Accessible name of the YAML example' })} />
          </div>
        </Section>

        <Section id="protocols" soft title={<Translate id="feature.protocols.title" description="Feature heading">Multi-protocol support</Translate>} lead={<Translate id="feature.protocols.lead" description="Feature introduction">The EdgeDevice's protocol field picks the driver; your application sees the same HTTP interface for every one of them.</Translate>}>
          <ProtocolChips />
        </Section>

        <Section id="templates" title={<Translate id="feature.more.title" description="Heading of the feature grid">Templates, apps and data</Translate>}>
          <div className="mk-grid">
            <Card icon={icons.template} title={<Translate id="feature.templates.title" description="Feature title">Device templates</Translate>}>
              <p className="mk-text"><Translate id="feature.templates.text" description="Feature text">Pick a template for the device type, fill in its address and credentials, and get a complete, reviewed set of manifests instead of a blank page.</Translate></p>
            </Card>
            <Card icon={icons.store} title={<Translate id="feature.store.title" description="Feature title">App store</Translate>}>
              <p className="mk-text"><Translate id="feature.store.text" description="Feature text">Install ready-made applications with one click: dashboards, data forwarding, alerting. They run in your cluster and call your deviceShifus like any other client.</Translate></p>
            </Card>
            <Card icon={icons.chart} title={<Translate id="feature.data.title" description="Feature title">Data collection</Translate>}>
              <p className="mk-text"><Translate id="feature.data.text" description="Feature text">Telemetries poll the device on a schedule; a TelemetryService forwards the readings to MQTT, MySQL, SQL Server, TDengine or MinIO.</Translate></p>
            </Card>
            <Card icon={icons.route} title={<Translate id="feature.control.title" description="Feature title">Device control</Translate>}>
              <p className="mk-text"><Translate id="feature.control.text" description="Feature text">Each instruction in the ConfigMap becomes an HTTP endpoint, so moving a robot arm or writing a PLC bit is one request.</Translate></p>
            </Card>
            <Card icon={icons.gauge} title={<Translate id="feature.manage.title" description="Feature title">Device management</Translate>}>
              <p className="mk-text"><Translate id="feature.manage.text" description="Feature text">kubectl shows every device and its phase; updates roll out and roll back like any Deployment.</Translate></p>
            </Card>
            <Card icon={icons.chip} title={<Translate id="feature.light.title" description="Feature title">Light enough for the edge</Translate>}>
              <p className="mk-text"><Translate id="feature.light.text" description="Feature text">A node with 2G of RAM runs Shifu in production. The controller itself asks for only 20 MiB of memory.</Translate></p>
            </Card>
          </div>
        </Section>

        <Section id="stability" soft title={<Translate id="feature.stability.title" description="Feature heading">Stability and security</Translate>}>
          <div className="mk-grid mk-grid--2">
            <Card icon={icons.server} title={<Translate id="feature.stability.availability.title" description="Feature title">Built for availability</Translate>}>
              <p className="mk-text"><Translate id="feature.stability.availability.text" description="Feature text">Every component is stateless and keeps its state in the Kubernetes API, so a crashed pod is simply replaced. Deployments reach 99.9999% availability; with the redundant multi-node architecture of our enterprise plan, 99.99999%.</Translate></p>
            </Card>
            <Card icon={icons.shield} title={<Translate id="feature.stability.security.title" description="Feature title">Secure by default</Translate>}>
              <p className="mk-text"><Translate id="feature.stability.security.text" description="Feature text">Kubernetes RBAC limits what each deviceShifu may read, metrics endpoints require authentication, and credentials can live in Secrets instead of manifests.</Translate></p>
            </Card>
          </div>
        </Section>

        <CtaBand
          title={<Translate id="feature.cta.title" description="Closing call to action title">Try the features on simulated devices</Translate>}
          text={<Translate id="feature.cta.text" description="Closing call to action text">The demo runs on a laptop with Docker and shows integration, control and telemetry end to end.</Translate>}
          actions={
            <>
              <Link to="/demo/" className="mk-btn mk-btn--light"><Translate id="feature.cta.demo" description="Button to the demo page">Start the demo</Translate></Link>
              <Link to="/bookDemo/" className="mk-btn mk-btn--outline-light"><Translate id="feature.cta.book" description="Button to book a demo">Book a demo</Translate></Link>
            </>
          }
        />
      </main>
    </Layout>
  );
}
