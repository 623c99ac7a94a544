// What made a route's path, for an error about it: its own module, as the docs and blog plugins name
// it for their routes and the manifest carries it (a plugin importing the manifest would be a cycle).

export interface RouteOrigin {
  /** The source file. */
  file: string;
  /** What in it made the path, as the error names it: 'front matter "slug"', 'the file name'. */
  key: string;
  /** The front-matter key to point the error's line at. */
  frontMatterKey?: string;
  /** The line, when the file is no markdown file (tags.yml, authors.yml, a _category_.json). */
  line?: number;
  /**
   * Or the key paths in such a data file whose first found gives the line, looked up only when an
   * error is reported: the Shifu blog's tag pages looked theirs up in tags.yml at every plan (60
   * routes, the file read and scanned for each: 4-10 ms of CPU of a warm build's plan; planning its
   * blogs took 25.4 ms, 21.4 ms without, medians of 16 builds alternating, 19:58 UTC, load 9-11).
   */
  dataKeys?: readonly (readonly string[])[];
}
