import type { ReactNode } from 'react';

// Small line icons drawn for the marketing pages (24×24, stroke only, inherit the text colour).
// They are decorative: the card titles next to them carry the meaning.

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const icons = {
  plug: <Svg><path d="M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0V7ZM12 17v5" /></Svg>,
  protocols: <Svg><path d="M4 6h6M4 12h6M4 18h6M14 6h6M14 12h6M14 18h6M10 6l4 6M10 12l4 6M10 18l4-12" /></Svg>,
  template: <Svg><rect x="3" y="3" width="18" height="18" rx="2" /><path d="M3 9h18M9 9v12" /></Svg>,
  store: <Svg><path d="M4 9h16l-1.2 10.2a2 2 0 0 1-2 1.8H7.2a2 2 0 0 1-2-1.8L4 9ZM8 9V7a4 4 0 0 1 8 0v2" /></Svg>,
  kubernetes: <Svg><path d="M12 2.5 20.5 7v10L12 21.5 3.5 17V7Z" /><circle cx="12" cy="12" r="3" /><path d="M12 2.5V9M12 15v6.5M3.5 7l6 3.5M14.5 13.5l6 3.5M20.5 7l-6 3.5M9.5 13.5l-6 3.5" /></Svg>,
  open: <Svg><path d="M8 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-3M14 3h7v7M21 3l-9 9" /></Svg>,
  chip: <Svg><rect x="6" y="6" width="12" height="12" rx="2" /><path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" /></Svg>,
  shield: <Svg><path d="M12 2.5 20 6v6c0 4.8-3.4 8.4-8 9.5-4.6-1.1-8-4.7-8-9.5V6Z" /><path d="m8.5 12 2.5 2.5 4.5-5" /></Svg>,
  chart: <Svg><path d="M3 3v18h18M7 15l4-4 3 3 5-6" /></Svg>,
  code: <Svg><path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" /></Svg>,
  cloud: <Svg><path d="M7 18a5 5 0 0 1-.6-9.96A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9Z" /></Svg>,
  server: <Svg><rect x="3" y="3" width="18" height="7" rx="2" /><rect x="3" y="14" width="18" height="7" rx="2" /><path d="M7 6.5h.01M7 17.5h.01" /></Svg>,
  users: <Svg><circle cx="9" cy="8" r="3.5" /><path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" /></Svg>,
  wrench: <Svg><path d="M14.7 6.3a4 4 0 0 0-5.2 5.2L3 18l3 3 6.5-6.5a4 4 0 0 0 5.2-5.2l-2.6 2.6-2.6-.4-.4-2.6Z" /></Svg>,
  book: <Svg><path d="M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5A2.5 2.5 0 0 0 4 21.5ZM4 21.5A2.5 2.5 0 0 1 6.5 19H20" /></Svg>,
  gauge: <Svg><path d="M4 18a9 9 0 1 1 16 0M12 14l4-5" /><circle cx="12" cy="14" r="1.5" /></Svg>,
  clock: <Svg><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></Svg>,
  route: <Svg><circle cx="6" cy="19" r="2.5" /><circle cx="18" cy="5" r="2.5" /><path d="M8.5 19H15a3.5 3.5 0 0 0 0-7H9a3.5 3.5 0 0 1 0-7h6.5" /></Svg>,
  mail: <Svg><rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3.5 6 8.5 7 8.5-7" /></Svg>,
  check: <Svg><path d="M20 6 9 17l-5-5" /></Svg>,
} satisfies Record<string, ReactNode>;
