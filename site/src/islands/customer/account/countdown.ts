import { useEffect, useState } from 'react';

/** `mm:ss` of a number of seconds. */
export function minutesAndSeconds(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Whole minutes left until an ISO instant, at least 1 (15 when unknown). */
export function minutesUntil(iso: unknown, now = Date.now()): number {
  const end = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(end) ? Math.max(1, Math.ceil((end - now) / 60_000)) : 15;
}

/** Seconds left until `until` (epoch ms), ticking every second; 0 when passed or unknown. */
export function useSecondsUntil(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until === undefined || until <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
