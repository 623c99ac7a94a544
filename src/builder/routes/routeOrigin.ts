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
}
