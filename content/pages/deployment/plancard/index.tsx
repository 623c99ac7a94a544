import '../../_styles/marketing.css';
import type { ReactNode } from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { PageHero, Section, CtaBand } from '../../_components/Section';

// The plans side by side: cards for the headline differences, then a table with every row.

function Yes() {
  return <span className="mk-yes"><span aria-hidden="true">✓</span><span className="visually-hidden">{translate({ id: 'plans.included', message: 'Included', description: 'Screen-reader text for a tick in the plan table' })}</span></span>;
}
function No() {
  return <span className="mk-no"><span aria-hidden="true">–</span><span className="visually-hidden">{translate({ id: 'plans.notIncluded', message: 'Not included', description: 'Screen-reader text for a dash in the plan table' })}</span></span>;
}

function Plan(props: { name: ReactNode; price: ReactNode; summary: ReactNode; points: ReactNode[]; action: ReactNode; featured?: boolean }) {
  return (
    <div className={`mk-plan${props.featured ? ' mk-plan--featured' : ''}`}>
      <h2 className="mk-h3">{props.name}</h2>
      <p className="mk-plan-price">{props.price}</p>
      <p className="mk-text">{props.summary}</p>
      <ul className="mk-checks">{props.points.map((p, i) => <li key={i}>{p}</li>)}</ul>
      <div className="mk-plan-action">{props.action}</div>
    </div>
  );
}

export default function PlanCard() {
  const rows: { label: ReactNode; cells: ReactNode[] }[] = [
    { label: <Translate id="plans.row.framework" description="Plan table row">Open-source framework and built-in drivers</Translate>, cells: [<Yes />, <Yes />, <Yes />] },
    { label: <Translate id="plans.row.console" description="Plan table row">Shifu Cloud console</Translate>, cells: [<No />, <Yes />, <Yes />] },
    { label: <Translate id="plans.row.templates" description="Plan table row">Device templates and app store</Translate>, cells: [<No />, <Yes />, <Yes />] },
    { label: <Translate id="plans.row.private" description="Plan table row">Private and air-gapped deployment</Translate>, cells: [<No />, <No />, <Yes />] },
    { label: <Translate id="plans.row.drivers" description="Plan table row">Custom drivers and templates</Translate>, cells: [<No />, <No />, <Yes />] },
    {
      label: <Translate id="plans.row.support" description="Plan table row">Support</Translate>,
      cells: [
        <Translate id="plans.support.community" description="Support level">Community</Translate>,
        <Translate id="plans.support.business" description="Support level">Business hours</Translate>,
        <Translate id="plans.support.always" description="Support level">24×7</Translate>,
      ],
    },
    { label: <Translate id="plans.row.availability" description="Plan table row">Availability target</Translate>, cells: [<Translate id="plans.availability.self" description="Availability for self-managed">Self-managed</Translate>, '99.9999%', '99.99999%'] },
  ];
  return (
    <Layout
      title={translate({ id: 'plans.meta.title', message: 'Plans', description: 'Title of the plans page' })}
      description={translate({ id: 'plans.meta.description', message: 'Compare the Shifu plans: Community (open source), Professional and Enterprise, with support levels and availability targets.', description: 'Meta description of the plans page' })}
    >
      <main className="mk-main">
        <PageHero
          compact
          eyebrow={<Translate id="plans.hero.eyebrow" description="Label above the plans page title">Plans</Translate>}
          title={<Translate id="plans.hero.title" description="Title of the plans page">A plan for every stage</Translate>}
          lead={<Translate id="plans.hero.lead" description="Introduction of the plans page">All plans run the same open-source core. What changes is who operates it, how fast we answer, and the availability we design for.</Translate>}
        />
        <Section id="plans">
          <div className="mk-grid mk-plans">
            <Plan
              name={<Translate id="plans.community.name" description="Plan name">Community</Translate>}
              price={<Translate id="plans.community.price" description="Plan price">Free</Translate>}
              summary={<Translate id="plans.community.summary" description="Plan summary">For developers and pilots that run Shifu themselves.</Translate>}
              points={[
                <Translate id="plans.community.p1" description="Plan feature">The full framework under Apache 2.0</Translate>,
                <Translate id="plans.community.p2" description="Plan feature">Documentation, tutorials and the local demo</Translate>,
                <Translate id="plans.community.p3" description="Plan feature">Help from the community on GitHub and Discord</Translate>,
              ]}
              action={<Link to="/docs/guides/install/install-shifu-prod" className="mk-btn"><Translate id="plans.community.action" description="Plan button">Install Shifu</Translate></Link>}
            />
            <Plan
              featured
              name={<Translate id="plans.pro.name" description="Plan name">Professional</Translate>}
              price={<Translate id="plans.pro.price" description="Plan price">Priced per site</Translate>}
              summary={<Translate id="plans.pro.summary" description="Plan summary">For teams taking their first lines or buildings to production.</Translate>}
              points={[
                <Translate id="plans.pro.p1" description="Plan feature">Shifu Cloud with device templates and the app store</Translate>,
                <Translate id="plans.pro.p2" description="Plan feature">Onboarding sessions and upgrade assistance</Translate>,
                <Translate id="plans.pro.p3" description="Plan feature">Support in business hours, 99.9999% availability target</Translate>,
              ]}
              action={<Link to="/bookDemo/" className="mk-btn mk-btn--primary"><Translate id="plans.pro.action" description="Plan button">Book a demo</Translate></Link>}
            />
            <Plan
              name={<Translate id="plans.enterprise.name" description="Plan name">Enterprise</Translate>}
              price={<Translate id="plans.enterprise.price" description="Plan price">Custom quote</Translate>}
              summary={<Translate id="plans.enterprise.summary" description="Plan summary">For critical operations across many sites.</Translate>}
              points={[
                <Translate id="plans.enterprise.p1" description="Plan feature">Private deployment, air-gapped sites included</Translate>,
                <Translate id="plans.enterprise.p2" description="Plan feature">Redundant multi-node design for 99.99999% availability</Translate>,
                <Translate id="plans.enterprise.p3" description="Plan feature">24×7 support, custom drivers, training and reviews</Translate>,
              ]}
              action={<Link to="/product/service/" className="mk-btn"><Translate id="plans.enterprise.action" description="Plan button">See enterprise services</Translate></Link>}
            />
          </div>
        </Section>
        <Section id="compare" soft title={<Translate id="plans.compare.title" description="Heading of the comparison table">Compare in detail</Translate>}>
          <div className="mk-table-wrap" tabIndex={0} role="region" aria-labelledby="compare-caption">
            <table className="mk-table">
              <caption id="compare-caption" className="visually-hidden">
                <Translate id="plans.compare.caption" description="Screen-reader caption of the plan table">Features and support of the Community, Professional and Enterprise plans</Translate>
              </caption>
              <thead>
                <tr>
                  <th scope="col"><Translate id="plans.compare.feature" description="Table column header">Feature</Translate></th>
                  <th scope="col"><Translate id="plans.community.name" description="Plan name">Community</Translate></th>
                  <th scope="col"><Translate id="plans.pro.name" description="Plan name">Professional</Translate></th>
                  <th scope="col"><Translate id="plans.enterprise.name" description="Plan name">Enterprise</Translate></th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={i}>
                    <th scope="row">{row.label}</th>
                    {row.cells.map((c, j) => <td key={j}>{c}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mk-small">
            <Translate id="plans.compare.note" description="Note under the plan table">Availability targets apply to the Shifu components we operate or support, under the conditions of your agreement.</Translate>{' '}
            <Link to="/disclaimer/"><Translate id="plans.compare.disclaimer" description="Link to the disclaimer">Read the disclaimer</Translate></Link>
          </p>
        </Section>
        <CtaBand
          title={<Translate id="plans.cta.title" description="Closing call to action title">Questions about a plan?</Translate>}
          text={<Translate id="plans.cta.text" description="Closing call to action text">Book a call and we will size a plan for your devices and sites.</Translate>}
          actions={<Link to="/bookDemo/" className="mk-btn mk-btn--light"><Translate id="plans.cta.book" description="Button to book a demo">Book a demo</Translate></Link>}
        />
      </main>
    </Layout>
  );
}
