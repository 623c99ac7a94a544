import { describe, expect, it } from 'vitest';
import { versionNameProblem } from '../../../../../src/builder/plugins/docs/versionName.js';

// A version's name becomes a folder and a url segment: Docusaurus's rules, and `current` kept for the working copy.
describe('versionNameProblem', () => {
  it.each(['1.0.0', 'v2', '2.0-beta.1', 'next', '1.x', 'é版本', 'x'.repeat(32)])('accepts %j', (name) => {
    expect(versionNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'must contain at least one non-whitespace character'],
    ['\t ', 'must contain at least one non-whitespace character'],
    ['a/b', 'should not include slash (/) or backslash (\\)'],
    ['a\\b', 'should not include slash (/) or backslash (\\)'],
    ['x'.repeat(33), 'cannot be longer than 32 characters'],
    ['1.0?', 'should be a valid file path'],
    ['1.0\u0000', 'should be a valid file path'],
    ['1\n0', 'should be a valid file path'],
    ['.', 'should not be "." or ".."'],
    ['..', 'should not be "." or ".."'],
    ['current', 'the working copy'],
  ])('refuses %j', (name, message) => {
    const problem = versionNameProblem(name);
    expect(problem).toMatch(/^Invalid version name "/);
    expect(problem).toContain(message);
  });
});
