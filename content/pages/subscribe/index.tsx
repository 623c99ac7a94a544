import '../_styles/marketing.css';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import { icons } from '../_components/Icons';
import { SubscribeForm } from '../_components/forms/SubscribeForm';

// The news subscription page: what readers get, and the form.

export default function Subscribe() {
  return (
    <Layout
      title={translate({ id: 'subscribe.meta.title', message: 'Subscribe', description: 'Title of the subscription page' })}
      description={translate({ id: 'subscribe.meta.description', message: 'Subscribe to Shifu news: releases, technical articles and community events, at most once a month.', description: 'Meta description of the subscription page' })}
    >
      <main className="mk-main mk-form-page">
        <div className="mk-container mk-form-layout">
          <div className="mk-form-intro">
            <p className="mk-eyebrow"><Translate id="subscribe.eyebrow" description="Label above the subscription title">Newsletter</Translate></p>
            <h1 className="mk-h1"><Translate id="subscribe.title" description="Title of the subscription page">Stay in the loop</Translate></h1>
            <p className="mk-lead"><Translate id="subscribe.lead" description="Introduction of the subscription page">A short monthly email from the Shifu team, written by engineers for engineers.</Translate></p>
            <ul className="mk-feature-list">
              <li><span className="mk-icon" aria-hidden="true">{icons.code}</span><span><Translate id="subscribe.point.releases" description="What subscribers get">New releases and what changed for your manifests</Translate></span></li>
              <li><span className="mk-icon" aria-hidden="true">{icons.book}</span><span><Translate id="subscribe.point.articles" description="What subscribers get">Hands-on articles from the tech blog</Translate></span></li>
              <li><span className="mk-icon" aria-hidden="true">{icons.users}</span><span><Translate id="subscribe.point.events" description="What subscribers get">Meetups, talks and community calls</Translate></span></li>
            </ul>
            <p className="mk-small">
              <Translate id="subscribe.blogNote" description="Pointer to the blog feeds">Prefer feeds? Every blog has RSS and Atom feeds:</Translate>
            </p>
            <ul className="mk-small mk-feed-list">
              {feeds().map((feed) => (
                <li key={feed.path}>
                  <Link to={feed.path}>{feed.label}</Link>
                  {': '}
                  <Link to={`${feed.path}/rss.xml`} aria-label={`${feed.label} RSS`}>RSS</Link>
                  {' · '}
                  <Link to={`${feed.path}/atom.xml`} aria-label={`${feed.label} Atom`}>Atom</Link>
                </li>
              ))}
            </ul>
          </div>
          <SubscribeForm />
        </div>
      </main>
    </Layout>
  );
}

/** The blogs whose feeds the page lists (each blog writes rss.xml and atom.xml at its root, per locale). */
function feeds() {
  return [
    { path: '/technical-blogs', label: translate({ id: 'subscribe.feeds.techBlog', message: 'Tech Blog', description: 'Name of the tech blog in the feed list' }) },
    { path: '/news', label: translate({ id: 'subscribe.feeds.news', message: 'News', description: 'Name of the news blog in the feed list' }) },
    { path: '/case-studies', label: translate({ id: 'subscribe.feeds.caseStudies', message: 'Case Studies', description: 'Name of the case studies blog in the feed list' }) },
  ];
}
