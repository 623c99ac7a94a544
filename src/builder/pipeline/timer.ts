import type { StageTimer, StageTiming } from './types.js';

/** Times each named stage of a run, in order, and tells `onStage` as each ends. */
export function stageTimer(onStage?: (stage: StageTiming) => void): { time: StageTimer; timings: StageTiming[] } {
  const timings: StageTiming[] = [];
  const time: StageTimer = async (stage, fn) => {
    const t0 = performance.now();
    const value = await fn();
    const timing = { stage, ms: performance.now() - t0 };
    timings.push(timing);
    onStage?.(timing);
    return value;
  };
  return { time, timings };
}
