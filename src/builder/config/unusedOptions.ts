// Docusaurus options that cannot change what sitegen builds (deployment settings, Docusaurus's own
// bundler flags): accepted so that a copied docusaurus.config.js validates, and named in one warning
// so that nothing is ignored in silence.
import * as z from 'zod';
import type { Problem } from '../errors.js';

export const UNUSED_OPTIONS = {
  organizationName: z.string().optional(),
  projectName: z.string().optional(),
  deploymentBranch: z.string().optional(),
  githubHost: z.string().optional(),
  githubPort: z.string().optional(),
  future: z.record(z.string(), z.unknown()).optional(),
};

/** One warning naming the unused options the config sets, or none. */
export function unusedOptionsWarning(config: Partial<Record<keyof typeof UNUSED_OPTIONS, unknown>>, configFile: string): Problem | undefined {
  const set = Object.keys(UNUSED_OPTIONS).filter((k) => config[k as keyof typeof UNUSED_OPTIONS] !== undefined);
  if (!set.length) return undefined;
  return {
    message: `${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} not used by sitegen: ${set.includes('future') ? "`future` holds flags of Docusaurus's own build; " : ''}the others are read by \`docusaurus deploy\` only`,
    file: configFile,
    hint: 'The output is the same with or without them: remove them to silence this warning.',
  };
}
