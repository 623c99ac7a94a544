import { SitegenError, type Problem, type ProblemCollector } from '../errors.js';
import type { Problems } from './types.js';

// Problems as values: each stage returns its own; the caller joins them in stage order and fails once.

export const noProblems: Problems = { errors: [], warnings: [] };

/** The problems a stage collected while it ran, as a value of its own. */
export function problemsOf(collector: Pick<ProblemCollector, 'errors' | 'warnings'>): Problems {
  return { errors: [...collector.errors], warnings: [...collector.warnings] };
}

/** Several stages' problems, in the order given. */
export function joinProblems(...all: Problems[]): Problems {
  return { errors: all.flatMap((p) => p.errors), warnings: all.flatMap((p) => p.warnings) };
}

/** Warnings only: what is left to report once errors stopped nothing. */
export function warningsOnly(warnings: readonly Problem[]): Problems {
  return { errors: [], warnings };
}

/** Fails the run with every error at once (file:line and hint each), as `ProblemCollector.throwIfErrors` words it. */
export function failOnErrors(title: string, problems: Problems): void {
  const n = problems.errors.length;
  if (n) throw new SitegenError(`${title}: ${n} error${n > 1 ? 's' : ''}`, [...problems.errors]);
}
