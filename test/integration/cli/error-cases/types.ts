// One row of the error table (test/integration/cli/error-messages.test.ts): a bad input, the command run
// on it, and what the person at the terminal must see. Rows live in the files beside this one, by kind.

export interface ErrorCaseRun {
  /** Arguments after `sitegen` (the CLI is run as a process: its exit code is part of the promise). */
  args: string[];
  /** The folder the command runs in (default: the case's folder). */
  cwd?: string;
  env?: Record<string, string>;
  /** Undoes what the case set up outside its temporary folder (a mount, an immutable flag). */
  cleanup?: () => void;
  /** Asserts what the failed command must have left on disk (the previous build, nothing half-written). */
  check?: () => void;
}

export interface ErrorCase {
  /** What the row tests, as the issue names it. */
  name: string;
  /** Prepares the case in `dir`, a fresh temporary folder of its own; returns what to run. */
  setup: (dir: string) => ErrorCaseRun | Promise<ErrorCaseRun>;
  /** 1 for an error; 0 for a warning (the build goes on, the person is told). */
  exitCode: number;
  /** Each must match the command's stderr (file:line where there is a file, and the hint). */
  stderr: (string | RegExp)[];
  /** Must not appear in stderr: a wrong file blamed, for example. A stack trace is always refused. */
  notStderr?: (string | RegExp)[];
  /** Why the case cannot run here (not root, no mount): it is then skipped with that reason. */
  skip?: () => string | undefined;
}
