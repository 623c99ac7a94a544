// What a diagram becomes at build time: its SVG, or mermaid's message for a diagram it cannot read.
export type DiagramResult = { svg: string; error?: undefined } | { error: string; svg?: undefined };
