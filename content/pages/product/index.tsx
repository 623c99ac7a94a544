import '../_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { PageHero, Section, Card, CtaBand } from '../_components/Section';
import { icons } from '../_components/Icons';
import { ClaimStats } from '../_components/Claims';

// Product overview: the open-source framework and Shifu Cloud, what each brings, and where to read on.

export default function Product() {
  return (
    <Layout
      title={translate({ id: 'product.meta.title', message: 'Product', description: 'Title of the product page' })}
      description={translate({ id: 'product.meta.description', message: 'The Shifu framework and Shifu Cloud: open-source device integration on Kubernetes, device templates, an app store and enterprise services.', description: 'Meta description of the product page' })}
    >
      <main className="mk-main">
        <PageHero
          compact
          eyebrow={<Translate id="product.hero.eyebrow" description="Label above the product page title">Product</Translate>}
          title={<Translate id="product.hero.title" description="Title of the product page">From the first device to a fleet in production</Translate>}
          lead={<Translate id="product.hero.lead" description="Introduction of the product page">Shifu comes in two forms that share one core: the open-source framework you install with a single kubectl command, and Shifu Cloud, a console that writes the device manifests for you. Our enterprise services cover everything around them.</Translate>}
          actions={
            <>
              <Link to="/product/feature/" className="mk-btn mk-btn--primary"><Translate id="product.hero.features" description="Button to the features page">Explore the features</Translate></Link>
              <Link to="/deployment/" className="mk-btn"><Translate id="product.hero.deployment" description="Button to the deployment page">Choose a deployment</Translate></Link>
            </>
          }
        />

        <Section id="editions" title={<Translate id="product.editions.title" description="Heading: the two product editions">Two ways to use Shifu</Translate>}>
          <div className="mk-grid mk-grid--2">
            <Card icon={icons.code} title={<Translate id="product.framework.title" description="Product name">Shifu framework (open source)</Translate>}>
              <p className="mk-text"><Translate id="product.framework.text" description="Product description">The Kubernetes-native core, licensed under Apache 2.0. You write the EdgeDevice and the deviceShifu manifests yourself and keep full control over every field.</Translate></p>
              <ul className="mk-checks">
                <li><Translate id="product.framework.point1" description="Product feature bullet">One kubectl apply installs the controller and the CRDs</Translate></li>
                <li><Translate id="product.framework.point2" description="Product feature bullet">Built-in drivers for HTTP, OPC UA, socket, MQTT and LwM2M</Translate></li>
                <li><Translate id="product.framework.point3" description="Product feature bullet">Telemetry to MQTT, MySQL, SQL Server, TDengine and MinIO</Translate></li>
              </ul>
              <Link to="/docs/introduction" className="mk-link-arrow"><Translate id="product.framework.link" description="Link to the docs introduction">Read the documentation</Translate></Link>
            </Card>
            <Card icon={icons.cloud} title={<Translate id="product.cloud.title" description="Product name">Shifu Cloud</Translate>}>
              <p className="mk-text"><Translate id="product.cloud.text" description="Product description">A web console on top of the framework. Describe a device in a form and Shifu Cloud produces ordinary Kubernetes YAML that you apply to your own cluster; device traffic never passes through the console.</Translate></p>
              <ul className="mk-checks">
                <li><Translate id="product.cloud.point1" description="Product feature bullet">Device templates for common device types and protocols</Translate></li>
                <li><Translate id="product.cloud.point2" description="Product feature bullet">An app store of ready-made applications, installed in one click</Translate></li>
                <li><Translate id="product.cloud.point3" description="Product feature bullet">Generated manifests you can review, version and edit</Translate></li>
              </ul>
              <Link to="/technical-blogs/2022/10/18/shifu-cloud" className="mk-link-arrow"><Translate id="product.cloud.link" description="Link to the Shifu Cloud blog post">Walk through Shifu Cloud</Translate></Link>
            </Card>
          </div>
        </Section>

        <Section id="value" soft title={<Translate id="product.value.title" description="Heading: value of Shifu">What changes for your team</Translate>}>
          <div className="mk-grid mk-grid--2">
            <Card icon={icons.code} title={<Translate id="product.value.dev.title" description="Value for developers">For developers</Translate>}>
              <ul className="mk-list">
                <li><Translate id="product.value.dev.1" description="Value bullet">Call devices over HTTP from any language; no vendor SDK in your application</Translate></li>
                <li><Translate id="product.value.dev.2" description="Value bullet">Replace a device model without touching application code</Translate></li>
                <li><Translate id="product.value.dev.3" description="Value bullet">Test against simulated devices in a local kind cluster</Translate></li>
              </ul>
            </Card>
            <Card icon={icons.users} title={<Translate id="product.value.eng.title" description="Value for engineering teams">For engineering teams</Translate>}>
              <ul className="mk-list">
                <li><Translate id="product.value.eng.1" description="Value bullet">Deploy, monitor and roll back devices with the tools you already use for software</Translate></li>
                <li><Translate id="product.value.eng.2" description="Value bullet">Fit into existing platforms: the control plane is just two CRDs and one controller</Translate></li>
                <li><Translate id="product.value.eng.3" description="Value bullet">Scale from a single gateway to many sites with the same manifests</Translate></li>
              </ul>
            </Card>
          </div>
          <div className="mk-spaced">
            <ClaimStats />
          </div>
        </Section>

        <Section id="explore" title={<Translate id="product.explore.title" description="Heading: links to the product sub-pages">Explore further</Translate>}>
          <div className="mk-grid">
            <Card icon={icons.protocols} className="mk-card--link" title={<Link to="/product/feature/" className="mk-card-cover"><Translate id="product.explore.features" description="Card title">Features in detail</Translate></Link>}>
              <p className="mk-text"><Translate id="product.explore.features.text" description="Card text">Protocols, device templates, the app store, data collection and control.</Translate></p>
            </Card>
            <Card icon={icons.kubernetes} className="mk-card--link" title={<Link to="/product/introduce/" className="mk-card-cover"><Translate id="product.explore.introduce" description="Card title">How Shifu is built</Translate></Link>}>
              <p className="mk-text"><Translate id="product.explore.introduce.text" description="Card text">The architecture, the team behind it and the roles we are hiring for.</Translate></p>
            </Card>
            <Card icon={icons.wrench} className="mk-card--link" title={<Link to="/product/service/" className="mk-card-cover"><Translate id="product.explore.service" description="Card title">Enterprise services</Translate></Link>}>
              <p className="mk-text"><Translate id="product.explore.service.text" description="Card text">Private deployment, architecture design, training and operations support.</Translate></p>
            </Card>
          </div>
        </Section>

        <CtaBand
          title={<Translate id="product.cta.title" description="Closing call to action title">Not sure which edition fits?</Translate>}
          text={<Translate id="product.cta.text" description="Closing call to action text">Compare the plans side by side, or tell us about your devices and we will suggest a setup.</Translate>}
          actions={
            <>
              <Link to="/deployment/plancard/" className="mk-btn mk-btn--light"><Translate id="product.cta.plans" description="Button to the plans page">Compare plans</Translate></Link>
              <Link to="/bookDemo/" className="mk-btn mk-btn--outline-light"><Translate id="product.cta.book" description="Button to book a demo">Book a demo</Translate></Link>
            </>
          }
        />
      </main>
    </Layout>
  );
}
