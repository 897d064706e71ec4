'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * Counts down from `seconds` once `active`, one tick a second, and calls `onDone` at zero.
 * Each tick is its own timeout, so the visible number and the deadline cannot drift apart.
 */
export function useCountdown(seconds: number, active: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const [wasActive, setWasActive] = useState(active);
  // Switched off: back to the full count at once, adjusted while rendering rather than in an effect.
  if (wasActive !== active) {
    setWasActive(active);
    if (!active) setLeft(seconds);
  }
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (!active) return;
    if (left <= 0) {
      onDoneRef.current();
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [active, left, seconds]);

  return left;
}
