import CodeBlock from './CodeBlock.js';

/** Docusaurus's @theme/Mermaid: the diagram's source, shown as markdown shows mermaid code blocks. */
export default function Mermaid({ value }: { value: string }) {
  return <CodeBlock language="mermaid">{value}</CodeBlock>;
}
