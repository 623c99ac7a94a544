import { refractor } from 'refractor';
import docker from 'refractor/docker';
import powershell from 'refractor/powershell';
import toml from 'refractor/toml';
import nginx from 'refractor/nginx';
import protobuf from 'refractor/protobuf';
import http from 'refractor/http';
import properties from 'refractor/properties';
import type { ElementContent, RootContent } from 'hast';

// Prism grammars (the ones Docusaurus uses) through refractor, which returns hast directly.
refractor.register(docker);
refractor.register(powershell);
refractor.register(toml);
refractor.register(nginx);
refractor.register(protobuf);
refractor.register(http);
refractor.register(properties);

const ALIASES: Record<string, string> = {
  sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', shellscript: 'bash', terminal: 'bash',
  yml: 'yaml', js: 'javascript', jsx: 'jsx', ts: 'typescript', py: 'python', golang: 'go',
  dockerfile: 'docker', ps1: 'powershell', ps: 'powershell', cmd: 'batch', text: '', txt: '', plaintext: '', plain: '',
};

/** Highlights code and returns it split into lines of hast nodes (tokens never span two lines). */
export function highlight(code: string, lang: string): ElementContent[][] {
  const name = ALIASES[lang] ?? lang;
  let nodes: RootContent[];
  if (name && refractor.registered(name)) {
    nodes = refractor.highlight(code, name).children;
  } else {
    nodes = [{ type: 'text', value: code }];
  }
  return splitLines(nodes as ElementContent[]);
}

function splitLines(nodes: ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  const walk = (node: ElementContent, wrap: (c: ElementContent) => ElementContent) => {
    if (node.type === 'text') {
      const parts = node.value.split('\n');
      parts.forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part) lines[lines.length - 1].push(wrap({ type: 'text', value: part }));
      });
    } else if (node.type === 'element') {
      for (const child of node.children) {
        walk(child, (c) => wrap({ ...node, children: [c] }));
      }
    }
  };
  for (const node of nodes) walk(node, (c) => c);
  return lines;
}
