// Docusaurus's @docusaurus/isInternalUrl: whether a url leads into the site, i.e. has no protocol
// (`https:`, `mailto:`) and is not protocol-relative (`//cdn.example`).

export function hasProtocol(url: string): boolean {
  return /^(?:\w*:|\/\/)/.test(url);
}

export default function isInternalUrl(url?: string): boolean {
  return typeof url !== 'undefined' && !hasProtocol(url);
}
