// The content stages tell their caller when the parse is over: a cold build starts its search thread
// then (while the site is planned on one thread), not while the parse threads use every core.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/builder/config/loadConfig.js';
import { contentStages } from '../../../../src/builder/pipeline/content.js';
import { inProcessExecutor } from '../../../../src/builder/parallel/executor.js';

describe('contentStages', () => {
  it('calls onParsed once, after the parse and before the site is planned', async () => {
    const { config, siteDir } = await loadConfig({ configFile: path.resolve('test/fixtures/versioned-site/site.config.ts') });
    const events: string[] = [];
    await contentStages({
      config,
      siteDir,
      production: true,
      executor: inProcessExecutor(),
      stopOnErrors: true,
      time: async (stage, fn) => {
        events.push(`${stage} start`);
        const result = await fn();
        events.push(`${stage} end`);
        return result;
      },
      onParsed: () => events.push('parsed'),
    });
    expect(events.slice(0, 4)).toEqual(['parse start', 'parse end', 'parsed', 'plan start']);
    expect(events.filter((e) => e === 'parsed')).toHaveLength(1);
  });
});
