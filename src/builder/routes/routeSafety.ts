// Every route is written to a file below the output folder. A slug, id, tag permalink or page path
// with `..` (or its percent-encoding) would put it outside: such a route is an error naming the file
// and the key that made it, found before anything is rendered or written. So is one with a dot segment
// written percent-encoded (`/%2e%2e/docs/x`): inside the folder, it would land on another page's file;
// and one with a segment longer than a file name may be (255 bytes on the file systems of Linux, macOS
// and Windows), which the disk would refuse only when the page is written.
import { routeToDataFile, routeToFile } from '../../shared/url.js';
import { staysInside } from '../output/insideFolder.js';
import { frontMatterLine } from '../content/frontMatterLine.js';
import { dataFileKeyLine } from '../content/dataFile.js';
import type { ProblemCollector } from '../errors.js';
import type { LocaleModel } from './manifest.js';
import type { RouteOrigin } from './routeOrigin.js';

const NAME_MAX = 255;

/**
 * A route that is safe as it is: segments of letters, digits, '-', '_' and '.', none empty, none
 * starting with a dot, none longer than 200 characters (its file names are the segments, one with
 * ".html" added, and "index.html" or "__page.json": all ASCII, under NAME_MAX bytes), nothing to
 * decode. Nearly every route is one: checking them the long way (decoding, making both file names,
 * normalizing them) took 20-60 ms of the plan of the versioned benchmark site (2,676 routes) in a warm build.
 */
const PLAIN_ROUTE = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199})*\/?$/;

/** Reports each route whose output files would not stay inside the output folder, or not fit on its disk. */
export function checkRoutesStayInside(params: { locales: LocaleModel[]; baseUrl: string; trailingSlash: boolean | undefined; problems: ProblemCollector }): void {
  const { baseUrl } = params;
  for (const l of params.locales) {
    for (const r of l.routes) {
      // Output paths are relative to the site root, which is served at the base url.
      const local = r.path.startsWith(baseUrl) ? `/${r.path.slice(baseUrl.length)}` : r.path;
      if (PLAIN_ROUTE.test(local)) continue;
      if (encodedDotSegment(local)) {
        report(
          params.problems,
          r.path,
          r.origin,
          `has a percent-encoded "." or ".." segment (it would be written over another page's file)`,
          'Write the path without "%2e" (or "%2f" next to dots): a route names a page of its own.',
        );
        continue;
      }
      let files: string[];
      try {
        files = [routeToFile(local, params.trailingSlash), routeToDataFile(local)];
      } catch {
        report(params.problems, r.path, r.origin, 'is not a valid url path (a "%" not followed by two hex digits)', 'Write "%25" for a percent sign, or leave it out.');
        continue;
      }
      const outside = files.find((f) => !staysInside(f));
      if (outside) report(params.problems, r.path, r.origin, `would be written to "${outside}", outside the output folder`, 'Remove the ".." from it: every page must stay inside the site.');
      const long = files.flatMap((f) => f.split('/')).find((name) => Buffer.byteLength(name) > NAME_MAX);
      if (long)
        report(
          params.problems,
          r.path,
          r.origin,
          `has a segment of ${Buffer.byteLength(long)} bytes, too long for a file name (at most ${NAME_MAX})`,
          'Choose a shorter slug (or file name): each part of a url between slashes becomes a folder name.',
        );
    }
  }
}

/** Whether decoding a route (as its output file is named, "%2F" included) makes a "." or ".." segment. */
function encodedDotSegment(route: string): boolean {
  if (!route.includes('%')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(route);
  } catch {
    return false;
  }
  return decoded.split('/').some((s) => s === '.' || s === '..');
}

function report(problems: ProblemCollector, route: string, origin: RouteOrigin | undefined, what: string, hint: string): void {
  if (!origin) {
    problems.error({ message: `The route "${route}" (made from the config: baseUrl or a routeBasePath) ${what}`, hint });
    return;
  }
  const line = origin.line ?? dataLine(origin) ?? (origin.frontMatterKey ? frontMatterLine(origin.file, origin.frontMatterKey) : undefined);
  problems.error({ message: `${origin.key} makes the route "${route}", which ${what}`, file: origin.file, line, hint });
}

/** The line of the first of the origin's data-file key paths found in its file. */
function dataLine(origin: RouteOrigin): number | undefined {
  for (const keyPath of origin.dataKeys ?? []) {
    const line = dataFileKeyLine(origin.file, keyPath);
    if (line !== undefined) return line;
  }
  return undefined;
}

/** The first of `keys` set in the front matter made the route's path; without any, the file's path did. */
export function frontMatterOrigin(file: string, frontMatter: Record<string, unknown>, keys: string[]): RouteOrigin {
  const key = keys.find((k) => frontMatter[k] !== undefined);
  return key ? { file, key: `front matter "${key}"`, frontMatterKey: key } : { file, key: 'the file path' };
}
