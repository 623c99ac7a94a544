import { Component, type ReactNode } from 'react';
import { SiteContext } from '../context.js';
import { defaultStrings } from '../strings.js';

interface State {
  error?: Error;
}

/** Catches a crash of the page: shows the chain of error messages and a button that renders again. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  static override contextType = SiteContext;
  declare context: React.ContextType<typeof SiteContext>;
  override state: State = {};
  private previousTitle?: string;

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error(error);
    this.previousTitle = document.title;
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
    const strings = this.context?.chrome.strings ?? {};
    const chain: string[] = [];
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) chain.push(e instanceof Error ? e.message : String(e));
    return (
      <main className="container error-page" role="alert">
        <h1>{strings['theme.ErrorPageContent.title'] ?? defaultStrings['theme.ErrorPageContent.title']}</h1>
        <button type="button" className="button button-primary" onClick={this.retry}>
          {strings['theme.ErrorPageContent.tryAgain'] ?? defaultStrings['theme.ErrorPageContent.tryAgain']}
        </button>
        <div className="error-chain">
          {chain.map((m, i) => <p key={i} className="error-message">{m}</p>)}
        </div>
      </main>
    );
  }
}
