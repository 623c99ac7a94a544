import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildError, buildSite, makeSite, pagePayload } from '../../../helpers/site.js';

// showLastUpdateTime and showLastUpdateAuthor (options of Docusaurus's docs and blog): each doc's last commit,
// read from git, at the foot of the doc in the locale's words (a translation's own commit for a
// translated doc); front matter last_update overrides it; a file git does not track shows nothing.

const i18n = { defaultLocale: 'en', locales: ['en', 'zh-Hans'] };

function commit(dir: string, files: string[], who: string, when: string): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: who,
    GIT_AUTHOR_EMAIL: 'a@example.com',
    GIT_COMMITTER_NAME: who,
    GIT_COMMITTER_EMAIL: 'a@example.com',
    GIT_AUTHOR_DATE: when,
    GIT_COMMITTER_DATE: when,
  };
  execFileSync('git', ['add', ...files], { cwd: dir, env });
  execFileSync('git', ['commit', '-q', '--no-gpg-sign', '-m', `edit ${files.join(' ')}`], { cwd: dir, env });
}

const lastUpdated = (html: string | undefined) => /<span class="last-updated">(.*?)<\/span><\/footer>/.exec(html ?? '')?.[1].replace(/<!-- -->/g, '');

describe('docs: showLastUpdateTime and showLastUpdateAuthor', () => {
  it("shows each doc's last commit, a translation's own, front matter last_update over it, nothing for an untracked file", async () => {
    const { dir, configFile } = makeSite(
      {
        'docs/alpha.md': '# Alpha\n',
        'docs/beta.md': '---\nlast_update:\n  date: 2021-03-04\n  author: Ada\n---\n# Beta\n',
        'docs/gamma.md': '# Gamma\n',
        'i18n/zh-Hans/docusaurus-plugin-content-docs/current/alpha.md': '# 阿尔法\n',
      },
      { i18n, docs: { path: 'docs', showLastUpdateTime: true, showLastUpdateAuthor: true } },
    );
    execFileSync('git', ['init', '-q'], { cwd: dir });
    commit(dir, ['docs/alpha.md', 'docs/beta.md'], 'Grace Hopper', '2024-05-30T10:00:00Z');
    commit(dir, ['i18n'], '李雷', '2025-01-02T23:30:00Z');
    fs.appendFileSync(path.join(dir, 'docs/beta.md'), '\nMore.\n');
    commit(dir, ['docs/beta.md'], 'Grace Hopper', '2025-06-01T08:00:00Z');
    const { sink, result } = await buildSite(configFile);
    const time = (iso: string, shown: string) => `<b><time dateTime="${iso}" itemProp="dateModified">${shown}</time></b>`;
    expect(lastUpdated(sink.read('docs/alpha/index.html'))).toBe(`Last updated on ${time('2024-05-30T10:00:00.000Z', 'May 30, 2024')} by <b>Grace Hopper</b>`);
    expect(lastUpdated(sink.read('zh-Hans/docs/alpha/index.html'))).toBe(`最后由 <b>李雷</b> 于 ${time('2025-01-02T23:30:00.000Z', '2025年1月2日')} 更新`);
    // Front matter wins over the later commit.
    expect(lastUpdated(sink.read('docs/beta/index.html'))).toBe(`Last updated on ${time('2021-03-04T00:00:00.000Z', 'Mar 4, 2021')} by <b>Ada</b>`);
    expect(lastUpdated(sink.read('docs/gamma/index.html'))).toBeUndefined();
    expect(pagePayload(sink.read('zh-Hans/docs/alpha/index.html')!).page.content).toMatchObject({ lastUpdate: { at: Date.parse('2025-01-02T23:30:00Z'), by: '李雷' } });
    expect(result.warnings).toEqual([]);
  });

  it('shows only what is asked, nothing without the options, and warns once outside a git repository', async () => {
    const files = { 'docs/alpha.md': '# Alpha\n', 'docs/beta.md': '---\nlast_update:\n  author: Ada\n---\n# Beta\n' };
    const authorOnly = makeSite(files, { docs: { path: 'docs', showLastUpdateAuthor: true } });
    const built = await buildSite(authorOnly.configFile);
    expect(lastUpdated(built.sink.read('docs/beta/index.html'))).toBe('Last updated by <b>Ada</b>');
    // Outside a repository (the temporary folder is not in one): said once, and the front matter still counts.
    expect(built.result.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^Cannot show when docs were last updated: .* is not in a git repository$/)]);
    expect(lastUpdated(built.sink.read('docs/alpha/index.html'))).toBeUndefined();
    const off = await buildSite(makeSite(files, { docs: { path: 'docs' } }).configFile);
    expect(off.sink.read('docs/beta/index.html')).not.toContain('last-updated');
  });

  it('refuses a last_update date that is not one, at its line', async () => {
    const { dir, configFile } = makeSite({ 'docs/a.md': '---\ntitle: A\nlast_update:\n  date: someday\n---\n# A\n' }, { docs: { path: 'docs', showLastUpdateTime: true } });
    const e = await buildError(configFile);
    expect(e.problems).toEqual([expect.objectContaining({ file: path.join(dir, 'docs/a.md'), message: expect.stringContaining('not a date') })]);
  });
});

describe('blog: showLastUpdateTime and showLastUpdateAuthor', () => {
  it("shows each post's last commit, front matter last_update over it, only in the blogs that ask", async () => {
    const { dir, configFile } = makeSite(
      {
        'docs/intro.md': '# Intro\n',
        'notes/2024-01-01-a.md': '# A\n\nText.\n',
        'notes/2024-01-02-b.md': '---\nlast_update:\n  author: Ada\n---\n# B\n\nText.\n',
        'log/2024-01-01-c.md': '# C\n\nText.\n',
      },
      {
        blogs: [
          { id: 'notes', path: 'notes', routeBasePath: 'notes', showLastUpdateTime: true, showLastUpdateAuthor: true, onUntruncatedBlogPosts: 'ignore' },
          { id: 'log', path: 'log', routeBasePath: 'log', onUntruncatedBlogPosts: 'ignore' },
        ],
      },
    );
    execFileSync('git', ['init', '-q'], { cwd: dir });
    commit(dir, ['notes', 'log'], 'Grace Hopper', '2024-05-30T10:00:00Z');
    const { sink, result } = await buildSite(configFile);
    const footer = (html: string | undefined) => /<span class="last-updated">(.*?)<\/span><\/footer>/.exec(html ?? '')?.[1].replace(/<!-- -->/g, '');
    expect(footer(sink.read('notes/2024/01/01/a/index.html'))).toBe(
      'Last updated on <b><time dateTime="2024-05-30T10:00:00.000Z" itemProp="dateModified">May 30, 2024</time></b> by <b>Grace Hopper</b>',
    );
    expect(footer(sink.read('notes/2024/01/02/b/index.html'))).toBe('Last updated on <b><time dateTime="2024-05-30T10:00:00.000Z" itemProp="dateModified">May 30, 2024</time></b> by <b>Ada</b>');
    expect(sink.read('log/2024/01/01/c/index.html')).not.toContain('class="last-updated"');
    expect(result.warnings).toEqual([]);
  });
});
