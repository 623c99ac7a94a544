import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite } from '../../../helpers/site.js';
import { startDevServer, type DevServer } from '../../../../src/server/dev/server.js';

// `sitegen dev` with a Docusaurus plugin: the files of its getPathsToWatch are watched, and an edit
// there builds again with the plugin's content loaded anew (its route shows the new data).

const plugin = `const fs = require('fs');
const path = require('path');
module.exports = function watchedPlugin(context) {
  const data = path.join(context.siteDir, 'data');
  return {
    name: 'watched-plugin',
    loadContent: () => JSON.parse(fs.readFileSync(path.join(data, 'items.json'), 'utf8')),
    contentLoaded({ content, actions }) {
      actions.addRoute({ path: context.baseUrl + 'items', component: path.join(__dirname, 'Items.js'), props: { items: content } });
    },
    getPathsToWatch: () => [data],
  };
};
`;
const component = `export default function Items({ items }) {
  return <main id="items">{items.join(', ')}</main>;
}
`;
let site: { dir: string; configFile: string };
let dev: DevServer;
const logs: string[] = [];

beforeAll(async () => {
  site = makeSite(
    { 'plugins/watched/index.js': plugin, 'plugins/watched/Items.js': component, 'data/items.json': '["one", "two"]', 'static/favicon.ico': '' },
    { docs: false, plugins: ['./plugins/watched'] },
  );
  dev = await startDevServer({ configFile: site.configFile, port: 0, host: '127.0.0.1', persist: false, log: (l) => logs.push(l) });
  await dev.ready;
}, 120_000);

afterAll(async () => {
  await dev?.close();
  fs.rmSync(site.dir, { recursive: true, force: true });
});

const served = async (route: string) => (await fetch(new URL(route, dev.url))).text();

describe('Docusaurus plugins in sitegen dev', () => {
  it('builds again when a file of getPathsToWatch changes, with the content loaded anew', async () => {
    expect(await served('/items')).toContain('<main id="items">one, two</main>');
    fs.writeFileSync(path.join(site.dir, 'data/items.json'), '["one", "two", "three"]');
    await expect.poll(() => served('/items'), { timeout: 30_000, interval: 100 }).toContain('<main id="items">one, two, three</main>');
  }, 60_000);
});
