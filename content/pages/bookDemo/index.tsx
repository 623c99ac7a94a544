import '../_styles/marketing.css';
import Layout from '@theme/Layout';
import Translate, { translate } from '@docusaurus/Translate';
import { icons } from '../_components/Icons';
import { QuestionnaireForm } from '../_components/forms/QuestionnaireForm';

// Book a demo: what the 30-minute session is, and the questionnaire that requests it.

export default function BookDemo() {
  return (
    <Layout
      title={translate({ id: 'bookDemo.meta.title', message: 'Book a demo', description: 'Title of the book-a-demo page' })}
      description={translate({ id: 'bookDemo.meta.description', message: 'Book a free 30-minute online demo of Shifu with an engineer. Tell us about your devices; we confirm the time by email.', description: 'Meta description of the book-a-demo page' })}
    >
      <main className="mk-main mk-form-page">
        <div className="mk-container mk-form-layout">
          <div className="mk-form-intro">
            <p className="mk-eyebrow"><Translate id="bookDemo.eyebrow" description="Label above the book-a-demo title">Free online demo</Translate></p>
            <h1 className="mk-h1"><Translate id="bookDemo.title" description="Title of the book-a-demo page">Book a 30-minute demo</Translate></h1>
            <p className="mk-lead"><Translate id="bookDemo.lead" description="Introduction of the book-a-demo page">Thank you for your interest in Shifu. An engineer from our team walks you through it live and answers your questions.</Translate></p>
            <ul className="mk-feature-list">
              <li><span className="mk-icon" aria-hidden="true">{icons.clock}</span><span><Translate id="bookDemo.point.length" description="Demo detail">30 minutes, online, in English or Chinese</Translate></span></li>
              <li><span className="mk-icon" aria-hidden="true">{icons.plug}</span><span><Translate id="bookDemo.point.devices" description="Demo detail">We connect a device like yours and build a small application on it</Translate></span></li>
              <li><span className="mk-icon" aria-hidden="true">{icons.mail}</span><span><Translate id="bookDemo.point.email" description="Demo detail">We confirm the date and time with you by email</Translate></span></li>
            </ul>
          </div>
          <QuestionnaireForm />
        </div>
      </main>
    </Layout>
  );
}
