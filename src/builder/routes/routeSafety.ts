// Every route is written to a file below the output folder. A slug, id, tag permalink or page path
// with `..` (or its percent-encoding) would put it outside: such a route is an error naming the file
// and the key that made it, found before anything is rendered or written.
import { routeToDataFile, routeToFile } from '../../shared/url.js';
import { staysInside } from '../output/insideFolder.js';
import { frontMatterLine } from '../content/frontMatterLine.js';
import type { ProblemCollector } from '../errors.js';
import type { LocaleModel, RouteOrigin } from './manifest.js';

/** Reports each route whose output files would not stay inside the output folder. */
export function checkRoutesStayInside(params: { locales: LocaleModel[]; baseUrl: string; trailingSlash: boolean | undefined; problems: ProblemCollector }): void {
  const { baseUrl } = params;
  for (const l of params.locales) {
    for (const r of l.routes) {
      // Output paths are relative to the site root, which is served at the base url.
      const local = r.path.startsWith(baseUrl) ? `/${r.path.slice(baseUrl.length)}` : r.path;
      let files: string[];
      try {
        files = [routeToFile(local, params.trailingSlash), routeToDataFile(local)];
      } catch {
        report(params.problems, r.path, r.origin, 'is not a valid url path (a "%" not followed by two hex digits)', 'Write "%25" for a percent sign, or leave it out.');
        continue;
      }
      const outside = files.find((f) => !staysInside(f));
      if (outside) report(params.problems, r.path, r.origin, `would be written to "${outside}", outside the output folder`, 'Remove the ".." from it: every page must stay inside the site.');
    }
  }
}

function report(problems: ProblemCollector, route: string, origin: RouteOrigin | undefined, what: string, hint: string): void {
  if (!origin) {
    problems.error({ message: `The route "${route}" (made from the config: baseUrl or a routeBasePath) ${what}`, hint });
    return;
  }
  const line = origin.line ?? (origin.frontMatterKey ? frontMatterLine(origin.file, origin.frontMatterKey) : undefined);
  problems.error({ message: `${origin.key} makes the route "${route}", which ${what}`, file: origin.file, line, hint });
}

/** The first of `keys` set in the front matter made the route's path; without any, the file's path did. */
export function frontMatterOrigin(file: string, frontMatter: Record<string, unknown>, keys: string[]): RouteOrigin {
  const key = keys.find((k) => frontMatter[k] !== undefined);
  return key ? { file, key: `front matter "${key}"`, frontMatterKey: key } : { file, key: 'the file path' };
}
