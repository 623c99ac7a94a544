import '../_styles/marketing.css';
import { useRef, useState, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { PageHero } from '../_components/Section';
import { DockerStep, ShifuStep, TryStep } from '../_components/DemoSteps';

// The demo walk-through: three steps shown one at a time, each with what to run and how to check it
// worked. The button at the end of a step confirms it and moves on; the last one starts over.

export default function Demo() {
  const [step, setStep] = useState(0);
  const panel = useRef<HTMLHeadingElement>(null);
  const go = (next: number) => {
    setStep(next);
    // Move focus to the new step's heading so keyboard and screen-reader users follow along.
    requestAnimationFrame(() => {
      panel.current?.focus({ preventScroll: true });
      panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    });
  };
  const titles: ReactNode[] = [
    <Translate id="demo.step1.title" description="Demo step title">Install Docker</Translate>,
    <Translate id="demo.step2.title" description="Demo step title">Install Shifu</Translate>,
    <Translate id="demo.step3.title" description="Demo step title">Talk to a device</Translate>,
  ];
  const bodies = [<DockerStep />, <ShifuStep />, <TryStep />];
  const buttons: ReactNode[] = [
    <Translate id="demo.step1.done" description="Button confirming Docker works">Docker installed</Translate>,
    <Translate id="demo.step2.done" description="Button confirming Shifu is installed">Shifu installed</Translate>,
    <Translate id="demo.step3.again" description="Button that starts the walk-through again">Read again</Translate>,
  ];
  return (
    <Layout
      title={translate({ id: 'demo.meta.title', message: 'Try the demo', description: 'Title of the demo page' })}
      description={translate({ id: 'demo.meta.description', message: 'Run Shifu on your laptop in three steps: install Docker, install the Shifu demo, then talk to a simulated device over HTTP.', description: 'Meta description of the demo page' })}
    >
      <main className="mk-main">
        <PageHero
          compact
          eyebrow={<Translate id="demo.hero.eyebrow" description="Label above the demo page title">Shifu demo</Translate>}
          title={<Translate id="demo.hero.title" description="Title of the demo page">Run Shifu on your laptop</Translate>}
          lead={<Translate id="demo.hero.lead" description="Introduction of the demo page">In three steps you get a local Kubernetes cluster with Shifu and simulated devices, and call one of them over HTTP. Plan for about ten minutes, most of it downloading.</Translate>}
        />
        <div className="mk-container mk-demo">
          <ol className="mk-stepper">
            {titles.map((t, i) => (
              <li key={i} className={i === step ? 'is-current' : i < step ? 'is-done' : undefined}>
                <button type="button" onClick={() => go(i)} aria-current={i === step ? 'step' : undefined}>
                  <span className="mk-stepper-num" aria-hidden="true">{i + 1}</span>
                  <span>{t}</span>
                </button>
              </li>
            ))}
          </ol>
          <section className="mk-demo-panel" aria-labelledby="demo-step-title">
            <h2 className="mk-h2" id="demo-step-title" ref={panel} tabIndex={-1}>
              <span className="mk-demo-count">{translate({ id: 'demo.stepOf', message: 'Step {n} of 3', description: 'Progress label in the demo' }, { n: step + 1 })}</span>
              {titles[step]}
            </h2>
            {bodies[step]}
            <div className="mk-actions mk-demo-next">
              <button type="button" className="mk-btn mk-btn--primary" onClick={() => go(step === 2 ? 0 : step + 1)}>{buttons[step]}</button>
              {step === 2 && (
                <Link to="/docs/tutorials/demo-try" className="mk-btn">
                  <Translate id="demo.step3.more" description="Link to the full demo tutorial">Try all eight devices</Translate>
                </Link>
              )}
            </div>
          </section>
          <p className="mk-small mk-demo-help">
            <Translate id="demo.help" description="Help text under the demo">Stuck? The tutorial has troubleshooting tips for every step, and the uninstall command.</Translate>{' '}
            <Link to="/docs/tutorials/demo-install"><Translate id="demo.helpLink" description="Link to the install tutorial">Open the install tutorial</Translate></Link>
          </p>
        </div>
      </main>
    </Layout>
  );
}
