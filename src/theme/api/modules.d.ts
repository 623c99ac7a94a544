// The types of what site code imports besides code (as Docusaurus's @docusaurus/module-type-aliases):
// see src/builder/bundle/siteCode.ts for what each gives.

declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.module.scss' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.module.sass' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.svg' {
  import type { ComponentType, SVGProps } from 'react';
  const Svg: ComponentType<SVGProps<SVGSVGElement> & { title?: string; titleId?: string }>;
  export default Svg;
}
declare module '*.svg?url' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.jpg' {
  const url: string;
  export default url;
}
declare module '*.jpeg' {
  const url: string;
  export default url;
}
declare module '*.gif' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.avif' {
  const url: string;
  export default url;
}
declare module '*.woff2' {
  const url: string;
  export default url;
}
