import '../_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { PageHero } from '../_components/Section';

// The disclaimer: how to read the site's claims, the licence, trademarks, links, form data and the
// visit statistics the analytics services collect (site.config.ts `analytics`).

export default function Disclaimer() {
  return (
    <Layout
      title={translate({ id: 'disclaimer.meta.title', message: 'Disclaimer', description: 'Title of the disclaimer page' })}
      description={translate({ id: 'disclaimer.meta.description', message: 'How to read the information and figures on the Shifu website, the open-source licence, trademarks, external links and the data sent through our forms.', description: 'Meta description of the disclaimer page' })}
    >
      <main className="mk-main">
        <PageHero compact title={<Translate id="disclaimer.title" description="Title of the disclaimer page">Disclaimer</Translate>} lead={<Translate id="disclaimer.lead" description="Introduction of the disclaimer">Please read the following before relying on the information on this website.</Translate>} />
        <div className="mk-container mk-narrow mk-prose">
          <h2><Translate id="disclaimer.info.title" description="Disclaimer section">Information on this website</Translate></h2>
          <p><Translate id="disclaimer.info.text" description="Disclaimer text">The content of this website is provided for general information about Shifu. We work to keep it accurate and current, but it may contain errors and may change at any time without notice. It is not professional advice for a particular project.</Translate></p>

          <h2><Translate id="disclaimer.license.title" description="Disclaimer section">Open-source software</Translate></h2>
          <p><Translate id="disclaimer.license.text" description="Disclaimer text">The Shifu framework is distributed under the Apache License, Version 2.0, on an "as is" basis, without warranties or conditions of any kind. The licence file in the code repository is the authoritative text.</Translate></p>

          <h2><Translate id="disclaimer.figures.title" description="Disclaimer section">Figures and performance claims</Translate></h2>
          <p><Translate id="disclaimer.figures.text" description="Disclaimer text">Figures such as the memory needed to run Shifu (2G of RAM), availability of 99.9999% or 99.99999%, and more than one million hours of client run time come from our own measurements in specific deployments and from the design targets of our plans. Results in your environment depend on hardware, network, Kubernetes distribution and configuration. They are a guarantee only where a signed agreement says so.</Translate></p>

          <h2><Translate id="disclaimer.quotes.title" description="Disclaimer section">Customer quotes</Translate></h2>
          <p><Translate id="disclaimer.quotes.text" description="Disclaimer text">Customer quotes summarise feedback we received. They are attributed by role and kind of organisation rather than by name, to respect our customers' confidentiality. Individual results vary.</Translate></p>

          <h2><Translate id="disclaimer.trademarks.title" description="Disclaimer section">Trademarks</Translate></h2>
          <p><Translate id="disclaimer.trademarks.text" description="Disclaimer text">Kubernetes is a registered trademark of The Linux Foundation. Docker, protocol names and other product names mentioned on this site belong to their respective owners. Mentioning them does not imply endorsement.</Translate></p>

          <h2><Translate id="disclaimer.links.title" description="Disclaimer section">Links to other websites</Translate></h2>
          <p><Translate id="disclaimer.links.text" description="Disclaimer text">This site links to services we do not control, such as GitHub, Discord, X and vendor documentation. We are not responsible for their content or their handling of your data.</Translate></p>

          <h2><Translate id="disclaimer.forms.title" description="Disclaimer section">Data you send us</Translate></h2>
          <p><Translate id="disclaimer.forms.text" description="Disclaimer text">What you enter in the demo questionnaire or the news subscription is used only to arrange your demo, to answer you and to send the news you asked for. We do not sell it. You can ask us to delete it at any time.</Translate></p>
          <p>
            <Translate id="disclaimer.forms.telemetry" description="Disclaimer text about installer and controller statistics">The demo installer reports its progress to help us find failing installations, and the Shifu controller can send anonymous usage metrics, which you can switch off.</Translate>{' '}
            <Link to="/docs/guides/relative-information/user-metrics"><Translate id="disclaimer.forms.metricsLink" description="Link to the user metrics docs">How user metrics work</Translate></Link>
          </p>

          <h2><Translate id="disclaimer.analytics.title" description="Disclaimer section">Visit statistics</Translate></h2>
          <p><Translate id="disclaimer.analytics.text" description="Disclaimer text about the analytics services">To learn which pages help readers, this website uses three analytics services: Google Analytics counts page views, with the last part of your IP address removed before it is stored; Hotjar records clicks, mouse movement and scrolling to draw heat maps of our pages; Baidu Tongji counts visits from mainland China. They receive the address of each page you open (including its search and anchor part), the page that led you here, your browser, device and screen size and an approximate location, and they set cookies to recognise a returning visitor. Nothing you type in our forms is sent to them.</Translate></p>
          <p><Translate id="disclaimer.analytics.optOut" description="Disclaimer text: how to turn analytics off">If your browser sends Do Not Track or Global Privacy Control, none of these services is loaded and nothing about your visit is sent to them.</Translate></p>

          <h2><Translate id="disclaimer.changes.title" description="Disclaimer section">Changes</Translate></h2>
          <p><Translate id="disclaimer.changes.text" description="Disclaimer text">We may update this disclaimer. The version published on this page applies from the moment it is published.</Translate></p>
        </div>
      </main>
    </Layout>
  );
}
