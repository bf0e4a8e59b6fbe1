import { minutesSince, timerColour } from './timer.ts';

/**
 * A list row's timer dot (spec 000 §4, 001 §2): coloured by the whole minutes since the inspection ended, which its
 * label and tooltip say in words.
 */
export function TimerDot({ endTime, now }: { endTime: string; now: number }) {
  const age = minutesSince(endTime, now);
  if (age === null) return <i className="dot" role="img" aria-label="Inspection end time unknown" title="End time unknown" />;
  const colour = timerColour(age);
  return <i className={`dot ${colour}`} role="img" aria-label={`${colour}, ${age} min since inspection end`} title={`${age} min`} />;
}
