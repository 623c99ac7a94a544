import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import useDocusaurusContext from '../../../src/theme/api/useDocusaurusContext.js';
import { useSite } from '../../../src/theme/context.js';

// A theme hook used outside the app (a component a site renders by itself) fails in the spec's
// words (§8, "Route context missing").

describe('the route context', () => {
  it("is missing outside <App>: 'Unexpected: no Docusaurus route context found'", () => {
    const Probe = () => {
      useSite();
      return null;
    };
    expect(() => renderToString(<Probe />)).toThrow(/^Unexpected: no Docusaurus route context found$/);
    const Site = () => {
      useDocusaurusContext();
      return null;
    };
    expect(() => renderToString(<Site />)).toThrow(/^Unexpected: no Docusaurus route context found$/);
  });
});
