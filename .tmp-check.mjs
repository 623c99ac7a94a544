import fs from 'node:fs'; import path from 'node:path';
import {unified} from 'unified'; import remarkParse from 'remark-parse'; import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm'; import remarkDirective from 'remark-directive'; import yaml from 'js-yaml';
import {visit} from 'unist-util-visit';
const pages = fs.readFileSync('/tmp/gen/pages.txt','utf8').split('\n').filter(Boolean);
const all = fs.readFileSync('/tmp/gen/allpages.txt','utf8').split('\n').filter(Boolean);
const roots = {en:'content/docs', zh:'i18n/zh-Hans/docusaurus-plugin-content-docs/current'};
let bad=0;
for (const loc of ['en','zh']) for (const p of pages) {
  const f = path.join(roots[loc], p);
  if (!fs.existsSync(f)) { console.log('MISSING', f); continue; }
  let src = fs.readFileSync(f,'utf8').replace(/ \{#[a-z0-9-]+\}$/gm,'');
  const fm = src.match(/^---\n([\s\S]*?)\n---\n/); 
  try { const d=yaml.load(fm[1]); if(!d.title||d.sidebar_position===undefined||!d.description) {console.log('FM incomplete',f);bad++;} } catch(e){console.log('FM',f,e.message);bad++;}
  const body = src.slice(fm[0].length);
  let tree;
  try { tree = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective).parse(body); }
  catch(e) { console.log('MDX', f, e.message); bad++; continue; }
  visit(tree, 'code', n => { if (n.lang==='yaml' || n.lang==='yml') { try { yaml.loadAll(n.value); } catch(e){ console.log('YAML', f, n.meta, e.message.split('\n')[0]); bad++; } } });
  visit(tree, 'link', n => { const u=n.url; if (/^(https?:|mailto:|#|\/)/.test(u)) return; const [fp]=u.split('#'); const rel=path.normalize(path.join(path.dirname(p), fp)); if(!all.includes(rel)) {console.log('LINK', f, u); bad++;} });
  visit(tree, 'mdxjsEsm', n => { if (!/@theme\//.test(n.value)) { console.log('IMPORT', f, n.value); bad++; } });
  visit(tree, 'image', n => { if (n.url.startsWith('/img/')) { if(!fs.existsSync('static'+n.url)) {console.log('IMG',f,n.url);bad++;} } });
  // html comments
  if (/<!--/.test(body)) { console.log('COMMENT', f); bad++; }
  const words = body.replace(/```[\s\S]*?```/g,'').split(/\s+/).length;
  console.log(loc, p, 'words~', words, 'chars', body.length);
}
console.log(bad ? `${bad} problems` : 'all good');
