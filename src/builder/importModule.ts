// import() of a module known only at run time: a file or data URL (the config, a bundle this build
// made), an npm package left out of the CLI bundle (a refractor grammar). Every such
// import goes through here because the bundled CLI runs from V8's code cache (bin/cli-bundle.js), and
// on Node 20 an import() in code read back from that cache fails ("A dynamic import callback was not
// specified"): the CLI bundle replaces this module with a call to node's loader outside its code.
// (Imports of the sources' own modules, import('./x.js'), are bundled and need none of this.)

/** The module namespace of `specifier` (an absolute URL or a package name), as import() gives it. */
export function importModule(specifier: string): Promise<unknown> {
  return import(specifier);
}
