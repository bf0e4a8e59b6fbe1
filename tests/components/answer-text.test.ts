// Another backend with the same contract may send times and values in other shapes (issue 'the frontend must also work
// pointed at another backend'): the screens show what can be read, '-' or nothing for what cannot.
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { displayText } from '../../src/components/display-text.ts';
import { formatTime, readTime } from '../../src/components/format-time.ts';
import { formatRemarkTime } from '../../src/screens/review/RemarkPanel.tsx';

const FORMAT = 'DD-MM-YYYY HH:mm';
const seconds = 1764582000;

describe('formatTime', () => {
  it.each<[string, unknown, string]>([
    ['unix seconds', seconds, dayjs.unix(seconds).format(FORMAT)],
    ['unix milliseconds', seconds * 1000, dayjs.unix(seconds).format(FORMAT)],
    ['seconds as digits', String(seconds), dayjs.unix(seconds).format(FORMAT)],
    ['ISO text', '2026-12-01T10:00:00Z', dayjs('2026-12-01T10:00:00Z').format(FORMAT)],
    ['empty text', '', '-'],
    ['null', null, '-'],
    ['not a time', 'garbage', '-'],
    ['a month and year only in another order', '03/2019', '-'],
    ['zero (the epoch: no time given)', 0, '-'],
    ['NaN', Number.NaN, '-'],
    ['an object', { at: seconds }, '-'],
  ])('%s', (_, value, shown) => {
    expect(formatTime(value, FORMAT)).toBe(shown);
  });

  it('readTime gives null for what names no time', () => {
    expect(readTime('nope')).toBeNull();
    expect(readTime(seconds)?.unix()).toBe(seconds);
  });

  it("a remark's time (000 §9 MMM DD HH:mm) reads seconds, milliseconds and ISO alike", () => {
    expect(new Set([formatRemarkTime(seconds), formatRemarkTime(seconds * 1000), formatRemarkTime(dayjs.unix(seconds).toISOString())]).size).toBe(1);
    expect(formatRemarkTime(null)).toBe('-');
  });
});

describe('displayText', () => {
  it.each<[string, unknown, string]>([
    ['text', 'Yes', 'Yes'],
    ['a number', 7, '7'],
    ['a list', ['Faded', 'Damaged'], 'Faded, Damaged'],
    ['an object with a value', { value: 'Yes', bankNoc: 'No' }, 'Yes'],
    ['an object with a title', { url: 'https://img/rc1.jpg', title: 'RC1' }, 'RC1'],
    ['another object', { front: 'Ok', rear: 'Worn', note: null }, 'front: Ok, rear: Worn'],
    ['a boolean', true, 'Yes'],
    ['null', null, ''],
    ['a value only on the prototype is not read', Object.create({ value: 'inherited' }) as object, ''],
  ])('%s', (_, value, shown) => {
    expect(displayText(value)).toBe(shown);
  });
});
