// `sitegen forms export --output <file>`: the export holds the submitters' personal details, so the
// file is the owner's only (0600) even when it replaces one that others could read, and it is
// replaced whole.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runFormsExport } from '../../../../src/cli/forms.js';
import { AppendLog } from '../../../../src/server/forms/appendLog.js';
import { writeSite, configImport } from '../../../helpers/buildFixture.js';
import { repoRoot } from '../../../helpers/paths.js';

const schemasModule = path.join(repoRoot, 'content/pages/_forms/schemas.ts');
const siteDir = writeSite({
  'site.config.ts': `${configImport}
export default {
  title: 'Forms export', url: 'https://forms.test', docs: false, pages: false,
  forms: { schemas: ${JSON.stringify(schemasModule)}, dataDir: 'data' },
} satisfies SiteConfigInput;`,
});
afterAll(() => fs.rmSync(siteDir, { recursive: true, force: true }));

describe('forms export --output', () => {
  it('makes an existing 0644 file 0600 and replaces its content', async () => {
    const log = new AppendLog(path.join(siteDir, 'data/subscribe.jsonl'));
    await log.append({ id: 's1', receivedAt: '2026-01-01T00:00:00.000Z', data: { email: 'reader@example.com' } });
    await log.close();
    const out = path.join(siteDir, 'subscribers.csv');
    fs.writeFileSync(out, 'an older export, readable by everyone\n', { mode: 0o644 });
    fs.chmodSync(out, 0o644);
    const note = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await runFormsExport('subscribe', { config: path.join(siteDir, 'site.config.ts'), format: 'csv', output: out });
    } finally {
      note.mockRestore();
    }
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(out, 'utf8')).toContain('reader@example.com');
    expect(fs.readdirSync(siteDir).sort()).toEqual(['data', 'site.config.ts', 'subscribers.csv']);
  });
});
