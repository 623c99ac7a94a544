/**
 * The rendered markdown body. Its HTML is made at build time; on the first load the browser runtime
 * passes the HTML already in the page back in (it is not shipped a second time in the payload).
 */
export function Markdown({ html, className = 'markdown' }: { html?: string; className?: string }) {
  return <div className={className} data-body="" dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
