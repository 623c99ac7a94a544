import fs from 'node:fs';
import path from 'node:path';

// A site of one large document (headings, paragraphs with code, links and emphasis, lists, code
// blocks), for the benchmark's time and memory per megabyte of markdown. Deterministic.

export function generateBigDocSite(params: { dir: string; megabytes: number }): string {
  const { dir, megabytes } = params;
  const bytes = Math.round(megabytes * 1024 * 1024);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
  // The size limit is raised past the document: this measures the pipeline, not the refusal.
  const config = { title: 'Big document', url: 'https://example.com', markdown: { maxFileSize: bytes + 1024 * 1024 } };
  fs.writeFileSync(path.join(dir, 'site.config.ts'), `export default ${JSON.stringify(config, null, 2)};\n`);
  const parts: string[] = ['# One large document\n\n'];
  let size = parts[0].length;
  for (let i = 0; size < bytes; i++) {
    const part =
      `## Section ${i}\n\nThe gateway number ${i} reads \`device-${i}\` every ${i % 60} seconds and reports to the ` +
      `[telemetry service](https://example.com/t/${i}) with **bold** and _emphasised_ words for search.\n\n` +
      `- check the ${i % 7 ? 'driver' : 'broker'}\n- restart the pod\n\n\`\`\`yaml\nname: device-${i}\nport: ${8000 + (i % 1000)}\n\`\`\`\n\n`;
    parts.push(part);
    size += part.length;
  }
  fs.writeFileSync(path.join(dir, 'docs/big.md'), parts.join(''));
  // A home page, which the navbar's brand links to.
  fs.mkdirSync(path.join(dir, 'src/pages'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src/pages/index.md'), '# One large document\n\nRead [it](/docs/big).\n');
  return path.join(dir, 'site.config.ts');
}
