import '../_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { PageHero, Section, Card, CtaBand } from '../_components/Section';
import { icons } from '../_components/Icons';
import { CodeBlock } from '../_components/CodeBlock';

// Deployment options: self-managed open source, Shifu Cloud, or a private deployment with our team,
// and the kinds of infrastructure Shifu runs on.

const install = `kubectl apply -f https://raw.githubusercontent.com/Edgenesis/shifu/v0.107.0/pkg/k8s/crd/install/shifu_install.yml
kubectl get pods -n shifu-crd-system`;

export default function Deployment() {
  return (
    <Layout
      title={translate({ id: 'deployment.meta.title', message: 'Deployment options', description: 'Title of the deployment page' })}
      description={translate({ id: 'deployment.meta.description', message: 'Run Shifu yourself from open source, generate manifests with Shifu Cloud, or deploy privately with the Shifu team: at the edge, on premises or in the cloud.', description: 'Meta description of the deployment page' })}
    >
      <main className="mk-main">
        <PageHero
          compact
          eyebrow={<Translate id="deployment.hero.eyebrow" description="Label above the deployment page title">Deployment</Translate>}
          title={<Translate id="deployment.hero.title" description="Title of the deployment page">Choose how you run Shifu</Translate>}
          lead={<Translate id="deployment.hero.lead" description="Introduction of the deployment page">Start free with the open-source framework and move to a supported setup when devices go to production. The manifests stay the same all the way.</Translate>}
          actions={<Link to="/deployment/plancard/" className="mk-btn mk-btn--primary"><Translate id="deployment.hero.plans" description="Button to the plans page">Compare plans</Translate></Link>}
        />

        <Section id="options" title={<Translate id="deployment.options.title" description="Heading: deployment options">Three ways to start</Translate>}>
          <div className="mk-grid">
            <Card icon={icons.code} title={<Translate id="deployment.open.title" description="Option title">Open source, self-managed</Translate>}>
              <p className="mk-text"><Translate id="deployment.open.text" description="Option text">Install the framework on any Kubernetes cluster and connect devices with YAML. Free, with community support on GitHub and Discord.</Translate></p>
              <a href="#install" className="mk-link-arrow"><Translate id="deployment.open.link" description="Link to the install commands below">Install it now</Translate></a>
            </Card>
            <Card icon={icons.cloud} title={<Translate id="deployment.cloud.title" description="Option title">Shifu Cloud</Translate>}>
              <p className="mk-text"><Translate id="deployment.cloud.text" description="Option text">Describe devices in the console, start from device templates, add apps from the app store, then apply the generated manifests to your own cluster.</Translate></p>
              <Link to="/product/feature/" className="mk-link-arrow"><Translate id="deployment.cloud.link" description="Link to the features page">What the console adds</Translate></Link>
            </Card>
            <Card icon={icons.server} title={<Translate id="deployment.private.title" description="Option title">Private deployment</Translate>}>
              <p className="mk-text"><Translate id="deployment.private.text" description="Option text">Our engineers design and install Shifu in your data centre or at your sites, with agreed availability and support times.</Translate></p>
              <Link to="/product/service/" className="mk-link-arrow"><Translate id="deployment.private.link" description="Link to the services page">About our enterprise services</Translate></Link>
            </Card>
          </div>
          <div className="mk-install" id="install">
            <h3 className="mk-h3"><Translate id="deployment.install.title" description="Heading of the install commands">Install the open-source framework</Translate></h3>
            <p className="mk-text"><Translate id="deployment.install.text" description="What the install commands do">With kubectl pointing at your cluster, one manifest creates the CRDs, the shifuController and the namespaces Shifu uses:</Translate></p>
            <CodeBlock code={install} label={translate({ id: 'deployment.open.codeLabel', message: 'Commands that install Shifu and check the controller', description: 'Accessible name of the install commands' })} />
            <p className="mk-small"><Translate id="deployment.open.check" description="How to check the install worked">The controller pod in shifu-crd-system should reach Running within a minute.</Translate></p>
          </div>
        </Section>

        <Section id="where" soft title={<Translate id="deployment.where.title" description="Heading: where Shifu runs">Where Shifu runs</Translate>} lead={<Translate id="deployment.where.lead" description="Introduction of where Shifu runs">Anywhere a conformant Kubernetes cluster runs, on amd64, arm64 and 32-bit arm nodes.</Translate>}>
          <div className="mk-grid mk-grid--4">
            <Card icon={icons.chip} title={<Translate id="deployment.where.edge.title" description="Place title">At the edge</Translate>}>
              <p className="mk-text"><Translate id="deployment.where.edge.text" description="Place text">k3s on an industrial PC or a single-board computer; 2G of RAM is enough.</Translate></p>
            </Card>
            <Card icon={icons.server} title={<Translate id="deployment.where.onprem.title" description="Place title">On premises</Translate>}>
              <p className="mk-text"><Translate id="deployment.where.onprem.text" description="Place text">kubeadm or your vendor's distribution, next to the machines you connect.</Translate></p>
            </Card>
            <Card icon={icons.cloud} title={<Translate id="deployment.where.cloud.title" description="Place title">In the cloud</Translate>}>
              <p className="mk-text"><Translate id="deployment.where.cloud.text" description="Place text">Managed Kubernetes from any provider, for cloud-side services and telemetry targets.</Translate></p>
            </Card>
            <Card icon={icons.route} title={<Translate id="deployment.where.hybrid.title" description="Place title">Cloud and edge together</Translate>}>
              <p className="mk-text"><Translate id="deployment.where.hybrid.text" description="Place text">With KubeEdge or OpenYurt, one control plane manages devices across many sites.</Translate></p>
            </Card>
          </div>
        </Section>

        <CtaBand
          title={<Translate id="deployment.cta.title" description="Closing call to action title">Try it before you decide</Translate>}
          text={<Translate id="deployment.cta.text" description="Closing call to action text">The local demo takes about ten minutes on a laptop with Docker.</Translate>}
          actions={
            <>
              <Link to="/demo/" className="mk-btn mk-btn--light"><Translate id="deployment.cta.demo" description="Button to the demo page">Start the demo</Translate></Link>
              <Link to="/docs/guides/install/install-shifu-prod" className="mk-btn mk-btn--outline-light"><Translate id="deployment.cta.prod" description="Button to the production install guide">Production install guide</Translate></Link>
            </>
          }
        />
      </main>
    </Layout>
  );
}
