// One load of a page for the checks of several tests that read the same untouched page, instead of a
// load each: a page load costs Chromium about half a second of CPU even in a tab that had loaded the
// site, and the suite's browser time is mostly page loads (test/README.md). The first test that asks
// for a reading opens the page and takes every reading, in the order given; each test then asserts on
// its own. Every reading but the last reads the page without changing it (styles, boxes, text, what
// was fetched, axe's violations), so each sees the page as on a load of its own; the last may act on
// it (click, type, resize), as its test did on a fresh load.
//
//   const home = sharedVisit(() => tabs.open(url), {
//     colours: ({ page }) => readColours(page),                                // reads only
//     dark: async ({ page }) => (await setDark(page), readColours(page)),      // last: acts on the page
//   });
//   it('...', async () => expect(await home('colours')).toEqual(...));
//
// A reading that throws is thrown again in the test that asks for it (the others keep theirs); the
// page is then not handed back (`end` is told: a Tab is kept, as a test that fails keeps its tab).

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export function sharedVisit<T extends { release(): Promise<void> }, R extends Record<string, (visited: T) => Promise<unknown>>>(
  open: () => Promise<T>,
  readings: R,
  end: (visited: T, ok: boolean) => Promise<void> = async (visited, ok) => {
    if (ok) await visited.release();
  },
): <K extends keyof R>(key: K) => Promise<Awaited<ReturnType<R[K]>>> {
  let visit: Promise<Map<keyof R, Outcome>> | undefined;
  const run = async () => {
    const visited = await open();
    const outcomes = new Map<keyof R, Outcome>();
    for (const [key, read] of Object.entries(readings)) {
      try {
        outcomes.set(key, { ok: true, value: await read(visited) });
      } catch (error) {
        outcomes.set(key, { ok: false, error });
      }
    }
    await end(
      visited,
      [...outcomes.values()].every((o) => o.ok),
    );
    return outcomes;
  };
  return async <K extends keyof R>(key: K): Promise<Awaited<ReturnType<R[K]>>> => {
    const outcome = (await (visit ??= run())).get(key)!;
    if (!outcome.ok) throw outcome.error;
    return outcome.value as Awaited<ReturnType<R[K]>>;
  };
}
