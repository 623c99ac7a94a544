import { afterEach, describe, expect, it } from 'vitest';
import { closeKeptBrowsers, keepBrowsers, lendBrowser, type KeptBrowser } from '../../../../src/builder/diagrams/kept.js';

// Browsers kept between a process's builds (diagrams/kept.ts), with stand-ins for Chromium: which
// browser a build gets, which are ended, and that an idle one does not hold the process. The test
// workers keep browsers (test/helpers/workerSetup.ts: two, until each file ends), as set again after each test.

interface Fake extends KeptBrowser {
  name: string;
  closed: boolean;
  held: boolean;
  dead: boolean;
}

function fake(name: string, options: { ready?: Promise<void>; drawFails?: boolean } = {}): Fake {
  const f: Fake = {
    name,
    closed: false,
    held: true,
    dead: false,
    ready: options.ready ?? Promise.resolve(),
    draw: async () => {
      if (options.drawFails) throw new Error('page crashed');
      return [];
    },
    close: async () => void (f.closed = true),
    alive: () => !f.dead && !f.closed,
    hold: (on) => void (f.held = on),
  };
  return f;
}

/** Lends a browser for `key`, starting `start` when none is kept; returns which one it drew with. */
function lend(key: string, start: Fake): { drawer: ReturnType<typeof lendBrowser>; started: () => boolean } {
  let started = false;
  const drawer = lendBrowser(key, () => ((started = true), start));
  return { drawer, started: () => started };
}

const settled = () => new Promise((r) => setImmediate(r));

afterEach(async () => {
  await closeKeptBrowsers();
  keepBrowsers();
});

describe('browsers kept between builds', () => {
  it('lends the browser a build closed to the next build of the same config, idle in between', async () => {
    const a = fake('a');
    const first = lend('config-1', a);
    expect(first.started()).toBe(true);
    await first.drawer.draw([]);
    await first.drawer.close();
    await settled();
    expect(a.closed).toBe(false);
    expect(a.held).toBe(false);

    const second = lend('config-1', fake('b'));
    expect(second.started()).toBe(false);
    expect(a.held).toBe(true);
    // Another config gets a browser of its own.
    const other = lend('config-2', fake('c'));
    expect(other.started()).toBe(true);
    await Promise.all([second.drawer.close(), other.drawer.close()]);
    await settled();
    await closeKeptBrowsers();
    expect(a.closed).toBe(true);
  });

  it('ends a browser whose drawing failed, one that died while idle, and the least recently kept beyond the count', async () => {
    const failing = fake('failing', { drawFails: true });
    const broken = lend('k', failing);
    await expect(broken.drawer.draw([])).rejects.toThrow('page crashed');
    await broken.drawer.close();
    await settled();
    expect(failing.closed).toBe(true);

    const dying = fake('dying');
    await lend('k', dying).drawer.close();
    await settled();
    dying.dead = true;
    expect(lend('k', fake('fresh')).started()).toBe(true);

    keepBrowsers(1);
    const [x, y] = [fake('x'), fake('y')];
    await lend('x', x).drawer.close();
    await settled();
    await lend('y', y).drawer.close();
    await settled();
    expect([x.closed, y.closed]).toEqual([true, false]);
  });

  it('keeps a browser closed while it starts once it is ready, and ends one that did not start', async () => {
    let ready!: () => void;
    const slow = fake('slow', { ready: new Promise<void>((r) => (ready = r)) });
    await lend('s', slow).drawer.close();
    ready();
    await settled();
    expect(lend('s', fake('other')).started()).toBe(false);

    const failed = fake('failed', { ready: Promise.reject(new Error('no browser')) });
    failed.ready.catch(() => undefined);
    await lend('f', failed).drawer.close();
    await settled();
    expect(failed.closed).toBe(true);
  });

  it('keeps nothing when the process did not ask for it: close ends the browser', async () => {
    keepBrowsers(0);
    const a = fake('a');
    const { drawer } = lend('k', a);
    await drawer.close();
    expect(a.closed).toBe(true);
  });
});
