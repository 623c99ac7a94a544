import { describe, expect, it } from 'vitest';
import { blogSchema } from '../../../../../src/builder/plugins/blog/options.js';
import { configMessages } from '../../../../helpers/configProblems.js';

const blog = { id: 'blog', path: 'blog', routeBasePath: 'blog' };

describe('blog plugin options', () => {
  it("defaults to Docusaurus's values, and reads every form of feedOptions.type as a list", () => {
    const parsed = blogSchema.parse(blog);
    expect([parsed.postsPerPage, parsed.blogSidebarCount, parsed.sortPosts, parsed.archiveBasePath]).toEqual([10, 'ALL', 'descending', 'archive']);
    expect(parsed.feedOptions).toMatchObject({ type: ['rss', 'atom'], limit: 20, xslt: { rss: false, atom: false } });
    expect(blogSchema.parse({ ...blog, feedOptions: { type: 'all' } }).feedOptions.type).toEqual(['rss', 'atom', 'json']);
    expect(blogSchema.parse({ ...blog, feedOptions: { type: null } }).feedOptions.type).toEqual([]);
  });

  it('names the option of an invalid value with its path in the site config', () => {
    expect(configMessages({ blogs: [{ ...blog, postsPerPage: 0 }] })).toEqual(['blogs[0].postsPerPage: Too small: expected number to be >=1 (found number 0)']);
    expect(configMessages({ blogs: [{ ...blog, feedOptions: { type: 'xml' } }] })).toEqual(['blogs[0].feedOptions.type: does not match any allowed shape (found the string "xml")']);
  });
});
