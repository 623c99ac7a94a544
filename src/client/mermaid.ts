// Draws the mermaid diagrams the build could not draw (no browser on the build machine): loaded as a
// chunk of its own only on pages that hold one, it loads mermaid's script (named by the diagram, one
// copy for the whole site) and draws each diagram in place of its source.

interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  render(id: string, source: string): Promise<{ svg: string }>;
}

let loading: Promise<Mermaid> | undefined;
let count = 0;

function loadMermaid(src: string, config: Record<string, unknown>): Promise<Mermaid> {
  loading ??= new Promise<Mermaid>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => {
      const mermaid = (window as unknown as { mermaid: Mermaid }).mermaid;
      mermaid.initialize(config);
      resolve(mermaid);
    };
    script.onerror = () => reject(new Error(`Cannot load ${src}`));
    document.head.appendChild(script);
  });
  return loading;
}

export async function drawDiagrams(root: HTMLElement): Promise<void> {
  for (const el of root.querySelectorAll<HTMLElement>('.mermaid-pending:not([data-drawing])')) {
    el.dataset.drawing = '';
    const source = el.querySelector('.mermaid-source')?.textContent ?? '';
    try {
      const mermaid = await loadMermaid(el.dataset.mermaidScript!, JSON.parse(el.dataset.mermaidConfig ?? '{}') as Record<string, unknown>);
      const { svg } = await mermaid.render(`mermaid-client-${++count}`, source);
      el.innerHTML = svg;
      el.classList.remove('mermaid-pending');
    } catch (e) {
      // The source stays on the page, readable; the reason goes to the console.
      console.error('A mermaid diagram could not be drawn:', e);
    }
  }
}
