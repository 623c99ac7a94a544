// Errors a user can act on: what went wrong, where (file:line), how to fix it. The CLI prints these
// without a stack trace; anything else is a bug in sitegen and is printed with its stack.

export interface Problem {
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
}

export function formatProblem(p: Problem): string {
  const where = p.file ? `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}: ` : '';
  return `${where}${p.message}${p.hint ? `\n    ${p.hint}` : ''}`;
}

export class SitegenError extends Error {
  readonly problems: Problem[];
  readonly title: string;

  constructor(title: string, problems: Problem[] = []) {
    super(problems.length ? `${title}\n${problems.map((p) => '  - ' + formatProblem(p)).join('\n')}` : title);
    this.name = 'SitegenError';
    this.title = title;
    this.problems = problems;
  }
}

/** Collects recoverable problems so a stage can report them all at once. */
export class ProblemCollector {
  readonly errors: Problem[] = [];
  readonly warnings: Problem[] = [];

  error(p: Problem): void {
    this.errors.push(p);
  }

  warn(p: Problem): void {
    this.warnings.push(p);
  }

  /** Throws one SitegenError listing every error collected so far. */
  throwIfErrors(title: string): void {
    if (this.errors.length) {
      const n = this.errors.length;
      throw new SitegenError(`${title}: ${n} error${n > 1 ? 's' : ''}`, this.errors.splice(0));
    }
  }
}
