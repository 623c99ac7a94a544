import { useEffect, useState } from 'react';

const PROGRESS_DELAY_MS = 200;

/** A thin bar at the top while a route loads, shown only when loading takes longer than 200 ms. */
export function ProgressBar({ active }: { active: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!active) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return visible ? <div className="progress-bar" role="progressbar" aria-label="Loading" /> : null;
}
