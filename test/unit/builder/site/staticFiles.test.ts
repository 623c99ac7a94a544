import { describe, expect, it, afterEach } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { scanStatic } from '../../../../src/builder/site/staticFiles.js';
import { SitegenError } from '../../../../src/builder/errors.js';
import { SubmissionStore } from '../../../../src/server/forms/store.js';
import { writeSite } from '../../../helpers/buildFixture.js';

// The second defence after the config's check of forms.dataDir: a forms data folder that is in a
// static folder anyway (copied there, linked, or another config's) fails the scan of the static
// files, so no build publishes the submissions and the secret of the links.

const sites: string[] = [];
afterEach(() => {
  for (const s of sites.splice(0)) fs.rmSync(s, { recursive: true, force: true });
});
const site = (files: Record<string, string>) => {
  const dir = writeSite(files);
  sites.push(dir);
  return dir;
};

function refused(siteDir: string): SitegenError {
  try {
    scanStatic({ siteDir, dirs: ['static'] });
  } catch (e) {
    expect(e).toBeInstanceOf(SitegenError);
    return e as SitegenError;
  }
  throw new Error('expected the static folder to be refused');
}

describe('static files', () => {
  it('refuse a folder the form receiver wrote to, naming it, with a way out', async () => {
    const siteDir = site({ 'static/img/logo.svg': '<svg/>' });
    const store = new SubmissionStore(path.join(siteDir, 'static/forms'));
    await store.append({ id: '1', form: 'questionnaire', receivedAt: '', data: { email: 'a@b.co' } });
    await store.close();
    const e = refused(siteDir);
    expect(e.title).toBe('Form data in a static folder');
    expect(e.problems).toEqual([
      {
        file: path.join(siteDir, 'static/forms'),
        message: 'is a forms data folder (submissions, the secret that signs subscription links): a build would publish it',
        hint: 'Move it out of the static folder (forms.dataDir, e.g. the default ".sitegen/forms"); remove any copy a build already published.',
      },
    ]);
  });

  it('refuse a data folder without its marker by its outbox or its secret beside submissions, at any depth', () => {
    expect(refused(site({ 'static/a/b/outbox.jsonl': '' })).problems.map((p) => p.file)).toEqual([expect.stringMatching(/static\/a\/b$/)]);
    expect(refused(site({ 'static/backup/secret': 'x', 'static/backup/subscribe.jsonl': '', 'static/backup/mail/1.eml': '' })).problems.map((p) => p.file)).toEqual([
      expect.stringMatching(/static\/backup$/),
    ]);
  });

  it('keep files that only look alike', () => {
    const siteDir = site({ 'static/data/list.jsonl': '{}\n', 'static/secret/index.html': '<p>', 'static/img/secret': 'x' });
    expect([...scanStatic({ siteDir, dirs: ['static'] }).files.keys()].sort()).toEqual(['/data/list.jsonl', '/img/secret', '/secret/index.html']);
  });
});
