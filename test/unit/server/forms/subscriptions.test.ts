import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SubscriptionBook, readSubscribers } from '../../../../src/server/forms/subscriptions.js';

// Two books on one data folder stand for two receiver processes: each decides on what the file says
// when it decides, and of two decisions about one address made at once, the file's order keeps one.

const dirs: string[] = [];
const books: SubscriptionBook[] = [];
afterEach(async () => {
  for (const b of books.splice(0)) await b.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const twoBooks = (cooldownMs = 60_000) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-subs-'));
  dirs.push(dir);
  books.push(new SubscriptionBook(dir, 'news', cooldownMs), new SubscriptionBook(dir, 'news', cooldownMs));
  return { dir, a: books[0], b: books[1] };
};

describe('subscription states shared by two receivers', () => {
  it('sees on one what the other wrote after both started', async () => {
    const { a, b } = twoBooks();
    const nonce = await a.request('ann@example.com', 'en');
    expect(b.get('ann@example.com')).toMatchObject({ state: 'pending', nonces: [nonce] });
    expect((await b.confirm({ e: 'ann@example.com', n: nonce!, x: 1e12 })).result).toBe('confirmed');
    expect(a.get('ann@example.com')?.state).toBe('confirmed');
    expect(await a.request('ann@example.com', 'en')).toBeUndefined();
    await a.unsubscribe('ann@example.com');
    expect(b.get('ann@example.com')?.state).toBe('unsubscribed');
  });

  it('sends one confirmation mail when both are asked for one address at once', async () => {
    const { dir, a, b } = twoBooks();
    const nonces = await Promise.all([a.request('bob@example.com', 'en'), b.request('bob@example.com', 'en'), a.request('bob@example.com', 'en')]);
    expect(nonces.filter(Boolean)).toHaveLength(1);
    expect(readSubscribers(dir, 'news').get('bob@example.com')?.nonces).toEqual(nonces.filter(Boolean));
  });

  it('confirms once when one link is followed on both at once, and both say so', async () => {
    const { dir, a, b } = twoBooks();
    const n = (await a.request('cy@example.com', 'en'))!;
    const results = await Promise.all([a.confirm({ e: 'cy@example.com', n, x: 1e12 }), b.confirm({ e: 'cy@example.com', n, x: 1e12 })]);
    expect(results.map((r) => r.result)).toEqual(['confirmed', 'confirmed']);
    expect(readSubscribers(dir, 'news').get('cy@example.com')).toMatchObject({ state: 'confirmed', version: 2 });
    // Followed again later: used up.
    expect((await b.confirm({ e: 'cy@example.com', n, x: 1e12 })).result).toBe('invalid');
  });

  it('reads files written before decisions named the version they were made on', async () => {
    const { dir, a } = twoBooks();
    fs.writeFileSync(
      path.join(dir, 'news.subscriptions.jsonl'),
      [
        { email: 'old@example.com', state: 'pending', at: '2020-01-01T00:00:00.000Z', nonce: 'n1' },
        { email: 'old@example.com', state: 'pending', at: '2020-01-01T00:00:01.000Z', nonce: 'n2' },
      ]
        .map((e) => `${JSON.stringify(e)}\n`)
        .join(''),
    );
    expect(a.get('old@example.com')).toMatchObject({ state: 'pending', nonces: ['n1', 'n2'] });
    expect((await a.confirm({ e: 'old@example.com', n: 'n1', x: 1e12 })).result).toBe('confirmed');
  });
});
