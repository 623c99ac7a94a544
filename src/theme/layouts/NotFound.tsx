import { useT } from '../context.js';
import { Layout } from './Layout.js';

export function NotFound() {
  const t = useT();
  return (
    <Layout>
      <main className="container not-found">
        <h1>{t('theme.NotFound.title')}</h1>
        <p>{t('theme.NotFound.p1')}</p>
        <p>{t('theme.NotFound.p2')}</p>
      </main>
    </Layout>
  );
}
