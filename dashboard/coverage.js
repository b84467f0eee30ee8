// What a storm or a fault covers and what is left of it, and times as a person reads them: the
// words the storms' and the faults' panels share.

export const secondsUntil = (iso, nowIso) => Math.max(0, Math.round((Date.parse(iso) - Date.parse(nowIso)) / 1000));

export function formatSeconds(seconds) {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** "N% of requests of KEYS; OPERATIONS" and "; what is left" (or "; until stopped"), for one entry. */
export function coverageOf(entry, nowIso) {
  const scope = `${entry.keys ? entry.keys.join(', ') : 'every key'}; ${entry.operations ? entry.operations.join(', ') : 'every operation'}`;
  const left = [
    entry.endsAt ? `${formatSeconds(secondsUntil(entry.endsAt, nowIso))} left` : '',
    entry.requestLimit ? `${Math.max(0, entry.requestLimit - entry.covered)} requests left` : '',
  ].filter(Boolean);
  return {
    covers: `${Math.round(entry.fraction * 100)}% of requests of ${scope}`,
    left: left.length ? `; ${left.join(', ')}` : entry.running ? '; until stopped' : '',
  };
}
