// NODE_ENV while a build loads its Docusaurus plugins: `docusaurus build` and `docusaurus start` set it,
// and plugins read it as they start (Google Tag Manager starts only in production). It is one variable
// of the process, so two builds in one process (a test run, a dev server's rebuild next to a build)
// take turns: each sets it, loads, and puts back what was there before the next one starts. Without
// the turns, the second build saved the first's value and the first build's restore cleared it in the
// middle of the second's loading (its Tag Manager then added nothing).

let turn: Promise<unknown> = Promise.resolve();

/** Runs `load` with process.env.NODE_ENV set to `value`, one call at a time in the process. */
export function withNodeEnv<T>(value: string, load: () => Promise<T>): Promise<T> {
  const run = turn.then(async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = value;
    try {
      return await load();
    } finally {
      if (before === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = before;
    }
  });
  turn = run.catch(() => undefined);
  return run;
}
