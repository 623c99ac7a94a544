import { Component, useContext, useState, type ReactNode } from 'react';
import { SiteContext } from '../context.js';
import type { StringId } from '../../shared/strings.js';

// The chrome's strings hold every theme string of the locale (English where nothing overrides it),
// so the browser needs no English table of its own.
const label = (strings: Record<string, string> | undefined, id: StringId) => strings?.[id] ?? id;

/** The messages of an error and of its causes, outermost first. */
function errorChain(error: unknown): string[] {
  const chain: string[] = [];
  for (let e: unknown = error; e && chain.length < 10; e = (e as { cause?: unknown }).cause) chain.push(e instanceof Error ? e.message : String(e));
  return chain;
}

interface State {
  error?: Error;
}

/** Catches a crash of the page: shows the chain of error messages and a button that renders again.
 *  `frame` draws the crash screen inside the site's frame (navbar and footer). */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string; frame?: (screen: ReactNode) => ReactNode }, State> {
  static override contextType = SiteContext;
  declare context: React.ContextType<typeof SiteContext>;
  override state: State = {};
  private previousTitle?: string;

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(error);
    if (document.title !== 'Page Error') this.previousTitle = document.title;
    document.title = 'Page Error';
  }

  override componentDidUpdate(prev: { resetKey: string }): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined });
  }

  private retry = () => {
    if (this.previousTitle) document.title = this.previousTitle;
    this.setState({ error: undefined });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const strings = this.context?.chrome.strings;
    const screen = (
      <main className="container error-page" role="alert">
        <h1>{label(strings, 'theme.ErrorPageContent.title')}</h1>
        <button type="button" className="button button--primary" onClick={this.retry}>
          {label(strings, 'theme.ErrorPageContent.tryAgain')}
        </button>
        <div className="error-chain">
          {errorChain(error).map((m, i) => (
            <p key={i} className="error-message">
              {m}
            </p>
          ))}
        </div>
      </main>
    );
    return this.props.frame ? this.props.frame(screen) : screen;
  }
}

/**
 * Code that failed to load (a React page's chunk) where a full reload would not help, since the page
 * was just loaded in full: the error, and a button that tries again.
 */
export function LoadingFailure({ error, onRetry }: { error: unknown; onRetry: () => Promise<void> }) {
  const strings = useContext(SiteContext)?.chrome.strings;
  const [busy, setBusy] = useState(false);
  return (
    <div className="loading-failure" role="alert">
      {errorChain(error).map((m, i) => (
        <p key={i} className="error-message">
          {m}
        </p>
      ))}
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onRetry().finally(() => setBusy(false));
        }}
      >
        {label(strings, 'theme.loadingFailure.retry')}
      </button>
    </div>
  );
}
