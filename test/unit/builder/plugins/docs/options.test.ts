import { describe, expect, it } from 'vitest';
import { docsSchema } from '../../../../../src/builder/plugins/docs/options.js';
import { configMessages } from '../../../../helpers/configProblems.js';

describe('docs plugin options', () => {
  it('defaults to the default instance at docs/, versions and tags with their Docusaurus defaults', () => {
    const docs = docsSchema.parse({});
    expect([docs.id, docs.path, docs.routeBasePath, docs.sidebarId]).toEqual(['default', 'docs', 'docs', 'tutorialSidebar']);
    expect([docs.tocMinHeadingLevel, docs.tocMaxHeadingLevel, docs.onInlineTags, docs.includeCurrentVersion]).toEqual([2, 3, 'warn', true]);
    expect(docs.versions).toEqual({});
  });

  it('names the option of an invalid value with its path in the site config', () => {
    expect(configMessages({ docs: { tocMaxHeadingLevel: 9 } })).toEqual(['docs.tocMaxHeadingLevel: Too big: expected number to be <=6 (found number 9)']);
    // A version's option is behind the union of docs' forms (false, one instance, a list): only the key is named.
    expect(configMessages({ docs: { versions: { current: { banner: 'old' } } } })).toEqual(['docs: does not match any allowed shape (found an object)']);
  });
});
