// What sitegen corrects in mermaid's SVG, in the drawing page right after mermaid drew it (chromium.ts
// runs this text there: a bundler's helpers must not leak into it). Each correction keeps what
// mermaid's layout made of the diagram and changes only what the layout did not decide:
//
// - Broken words. A word wider than its box (a sequence diagram's loop or opt title, a wrapped note) is
//   broken by mermaid with a hyphen, one SVG text line per piece ("[customInstructio-", "nsPython]"):
//   the pieces of a word that the source writes whole are put back on one line (lines break at words
//   only), and a loop, opt or alt frame is widened to its title, so that the title stays beside its
//   tab ("opt") and inside the frame.
// - Edge labels. The layout (dagre) reserves each edge label a place of the label's size on its edge
//   (one of the edge's layout points), away from other nodes and labels. mermaid then moves a label to
//   the middle of the edge's polyline when a text test finds the label's point missing from the drawn
//   curve's `d` (which smooths the bends: `isLabelCoordinateInPath`), into space nobody reserved: two
//   labels of opposite transitions between the same states overlapped. A label that overlaps another
//   label or a node is put back on the nearest layout point of its edge where it overlaps nothing,
//   moved only as far as needed for its own edge to pass under it.
//
// `fixSvg(svg, source, pad)` (pad: mermaid's sequence wrapPadding) returns the SVG unchanged (the same
// string) when nothing needed a correction; else the corrected SVG, its viewBox grown to what moved.
export const FIX_SVG = `(() => {
  const NS = 'http://www.w3.org/2000/svg';
  const num = (v) => Number.parseFloat(v);
  // How far inside its label an edge passes at the least (px): under it, not along its border.
  const INSET = 1;

  const joinBrokenWords = (doc, source) => {
    const texts = [...doc.querySelectorAll('text')];
    const sameLine = (a, b) => a.getAttribute('class') === b.getAttribute('class') && a.getAttribute('x') === b.getAttribute('x');
    let changed = false;
    for (let i = 0; i < texts.length; i++) {
      let j = i;
      let joined = '';
      while (j + 1 < texts.length && texts[j].textContent.endsWith('-') && sameLine(texts[i], texts[j + 1])) joined += texts[j++].textContent.slice(0, -1);
      if (j === i) continue;
      joined += texts[j].textContent;
      if (!source.includes(joined.replace(/^\\[|\\]$/g, ''))) continue;
      const line = texts[i].querySelector('tspan') ?? texts[i];
      line.textContent = joined;
      for (let k = i + 1; k <= j; k++) texts[k].remove();
      changed = true;
      i = j;
    }
    return changed;
  };

  // The widths of SVG texts as the page draws them (the texts carry their font in their style).
  const textWidths = (texts) => {
    const scratch = document.createElementNS(NS, 'svg');
    const copies = texts.map((t) => scratch.appendChild(document.importNode(t, true)));
    document.body.appendChild(scratch);
    const widths = copies.map((c) => c.getBBox().width);
    scratch.remove();
    return widths;
  };

  // A sequence frame (loop, opt, alt...) whose title does not fit between its tab and its right side is
  // widened to the title, with mermaid's wrap padding on both sides: its right side moves, its title and
  // section titles are centred again.
  const widenFrames = (doc, pad) => {
    let changed = false;
    for (const frame of doc.querySelectorAll('g[data-et="control-structure"]')) {
      const lines = [...frame.querySelectorAll(':scope > line.loopLine')];
      const tab = frame.querySelector(':scope > polygon.labelBox');
      const titles = [...frame.querySelectorAll(':scope > text.loopText')];
      if (!lines.length || !tab || !titles.length) continue;
      const xs = lines.flatMap((l) => [num(l.getAttribute('x1')), num(l.getAttribute('x2'))]);
      const left = Math.min(...xs);
      const right = Math.max(...xs);
      const tabRight = Math.max(...tab.getAttribute('points').trim().split(/\\s+/).map((p) => num(p.split(',')[0])));
      const width = Math.max(...textWidths(titles));
      if (!(tabRight + width > right)) continue;
      const wider = Math.ceil(tabRight + width + 2 * pad);
      for (const l of lines) for (const a of ['x1', 'x2']) if (Math.abs(num(l.getAttribute(a)) - right) < 0.5) l.setAttribute(a, String(wider));
      const move = (texts, x) => {
        for (const t of texts) for (const e of [t, ...t.querySelectorAll('tspan')]) if (e.hasAttribute('x')) e.setAttribute('x', String(x));
      };
      move(titles, (tabRight + wider) / 2);
      move(frame.querySelectorAll(':scope > text.sectionTitle'), (left + wider) / 2);
      changed = true;
    }
    return changed;
  };

  // An edge label that overlaps another label or a node goes back to a place its edge's layout gave it:
  // the layout points of its path (data-points, dagre's label node among them), nearest first, moved
  // only as far as needed for its own edge to pass under it (INSET inside its border); the first place
  // where it overlaps nothing is kept. Measured on a copy of the SVG in the page, at scale 1.
  const placeEdgeLabels = (doc) => {
    const host = document.body.appendChild(document.createElement('div'));
    const live = host.appendChild(document.importNode(doc.documentElement, true));
    const vb = (live.getAttribute('viewBox') || '').trim().split(/[\\s,]+/).map(num);
    if (vb.length === 4) {
      live.removeAttribute('style');
      live.setAttribute('width', String(vb[2]));
      live.setAttribute('height', String(vb[3]));
    }
    const docLabels = [...doc.querySelectorAll('g.edgeLabel')];
    const items = [];
    [...live.querySelectorAll('g.edgeLabel')].forEach((label, i) => {
      const inner = label.querySelector(':scope > g.label[data-id]');
      const at = /^translate\\(\\s*([-\\d.e]+)[\\s,]+([-\\d.e]+)\\s*\\)$/.exec(label.getAttribute('transform') || '');
      const paths = label.parentNode.parentNode.querySelector(':scope > g.edgePaths');
      if (!inner || !at || !paths || !label.textContent.trim()) return;
      const path = [...paths.children].find((p) => p.getAttribute('data-id') === inner.getAttribute('data-id'));
      let points;
      try {
        points = JSON.parse(atob(path.getAttribute('data-points')));
      } catch {
        return;
      }
      if (!Array.isArray(points) || points.length < 3) return;
      items.push({ label, docLabel: docLabels[i], path, points, x: num(at[1]), y: num(at[2]), rect: label.getBoundingClientRect() });
    });
    // Nodes and cluster titles (a node drawn around its own graph, as a cluster may be, holds its labels).
    const fixed = [...live.querySelectorAll('g.node, .cluster-label')].map((el) => ({ el, rect: el.getBoundingClientRect() }));
    const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const clear = (item, rect) => !fixed.some((f) => !f.el.contains(item.label) && overlap(rect, f.rect)) && !items.some((o) => o !== item && overlap(rect, o.rect));
    let changed = false;
    for (const item of items) {
      if (clear(item, item.rect)) continue;
      const w = item.rect.width;
      const h = item.rect.height;
      const inset = Math.min(INSET, w / 4, h / 4);
      const clamp = (v, c, half) => Math.min(Math.max(c, v - half), v + half);
      const length = item.path.getTotalLength();
      const curve = Array.from({ length: Math.floor(length) + 1 }, (_, s) => item.path.getPointAtLength(s));
      const places = item.points.slice(1, -1).sort((a, b) => Math.hypot(a.x - item.x, a.y - item.y) - Math.hypot(b.x - item.x, b.y - item.y));
      for (const place of places) {
        const near = curve.reduce((best, p) => (Math.hypot(p.x - place.x, p.y - place.y) < Math.hypot(best.x - place.x, best.y - place.y) ? p : best), curve[0]);
        const x = clamp(near.x, place.x, w / 2 - inset);
        const y = clamp(near.y, place.y, h / 2 - inset);
        const dx = x - item.x;
        const dy = y - item.y;
        const rect = { left: item.rect.left + dx, right: item.rect.right + dx, top: item.rect.top + dy, bottom: item.rect.bottom + dy };
        if (!clear(item, rect)) continue;
        const round = (v) => Math.round(v * 1000) / 1000;
        const transform = 'translate(' + round(x) + ', ' + round(y) + ')';
        item.label.setAttribute('transform', transform);
        item.docLabel.setAttribute('transform', transform);
        Object.assign(item, { x, y, rect });
        changed = true;
        break;
      }
    }
    host.remove();
    return changed;
  };

  // The box of what an SVG draws (its content, without the margin its viewBox adds), measured in the page.
  const contentBox = (root) => {
    const host = document.body.appendChild(document.createElement('div'));
    const copy = host.appendChild(document.importNode(root, true));
    const b = copy.getBBox();
    host.remove();
    return { left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height };
  };

  // The viewBox grown to what the corrections moved out of it, with the margins mermaid gave the drawing.
  const fitViewBox = (doc, original) => {
    const svg = doc.documentElement;
    const vb = (svg.getAttribute('viewBox') || '').trim().split(/[\\s,]+/).map(num);
    if (vb.length !== 4 || vb.some((v) => !Number.isFinite(v))) return;
    const before = contentBox(original);
    const after = contentBox(svg);
    const left = Math.min(vb[0], after.left - (before.left - vb[0]));
    const top = Math.min(vb[1], after.top - (before.top - vb[1]));
    const right = Math.max(vb[0] + vb[2], after.right + (vb[0] + vb[2] - before.right));
    const bottom = Math.max(vb[1] + vb[3], after.bottom + (vb[1] + vb[3] - before.bottom));
    if (left === vb[0] && top === vb[1] && right === vb[0] + vb[2] && bottom === vb[1] + vb[3]) return;
    const width = right - left;
    const height = bottom - top;
    svg.setAttribute('viewBox', [left, top, width, height].join(' '));
    const style = svg.getAttribute('style') || '';
    if (/max-width:/.test(style)) svg.setAttribute('style', style.replace(/max-width:\\s*[\\d.]+px/, 'max-width: ' + width + 'px'));
    else if (Number.isFinite(num(svg.getAttribute('width')))) svg.setAttribute('width', String(width));
    if (Number.isFinite(num(svg.getAttribute('height'))) && !/%/.test(svg.getAttribute('height'))) svg.setAttribute('height', String(height));
  };

  return (svg, source, pad) => {
    const joins = /-<\\/tspan>/.test(svg);
    const frames = svg.includes('class="loopText"');
    const labels = svg.includes('data-points=');
    if (!joins && !frames && !labels) return svg;
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    let changed = joins && joinBrokenWords(doc, source);
    if (frames && widenFrames(doc, pad)) changed = true;
    if (labels && placeEdgeLabels(doc)) changed = true;
    if (!changed) return svg;
    fitViewBox(doc, new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement);
    return new XMLSerializer().serializeToString(doc.documentElement);
  };
})()`;
