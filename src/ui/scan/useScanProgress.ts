/**
 * Scan progress on a fixed clock: `steps` are shown one per `intervalMs`; the last step is
 * held until the result is in, then the bar reads 100. `done` turns true once both happened.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useScanProgress(steps: readonly number[], intervalMs: number) {
  const [progress, setProgress] = useState(0);
  const [stepsDone, setStepsDone] = useState(false);
  const [resultIn, setResultIn] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(() => {
    stop();
    let i = 0;
    setProgress(steps[0] ?? 0);
    setStepsDone(steps.length <= 1);
    setResultIn(false);
    timer.current = setInterval(() => {
      i += 1;
      if (i >= steps.length - 1) {
        stop();
        setStepsDone(true);
      }
      setProgress(steps[Math.min(i, steps.length - 1)] ?? 0);
    }, intervalMs);
  }, [steps, intervalMs, stop]);

  const resolve = useCallback(() => setResultIn(true), []);
  const reset = useCallback(() => {
    stop();
    setProgress(0);
    setStepsDone(false);
    setResultIn(false);
  }, [stop]);

  useEffect(() => stop, [stop]);
  const done = stepsDone && resultIn;
  return { progress: done ? 100 : progress, done, start, resolve, reset };
}
