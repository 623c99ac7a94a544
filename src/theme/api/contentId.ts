// An id for an element made from what it shows, the same on the server and in the browser. useId is
// not: the client router wraps the app in a tree of another shape than the server render's.

export function contentId(prefix: string, text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return `${prefix}-${hash.toString(36)}`;
}
