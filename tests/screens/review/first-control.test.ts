// @vitest-environment jsdom
// Where the review keyboard puts the focus in a row (shortcuts.ts firstControl).
import { describe, expect, it } from 'vitest';
import { firstControl } from '../../../src/screens/review/shortcuts.ts';

describe('firstControl: where a row takes the focus', () => {
  const rowWith = (html: string) => {
    const el = document.createElement('div');
    el.innerHTML = html;
    return el;
  };

  it('its tick, else a button, never a value editor; none when it has only editors', () => {
    expect(firstControl(rowWith('<input type="checkbox" id="t"><select id="s"></select><button id="b">Remarks</button>'))?.id).toBe('t');
    expect(firstControl(rowWith('<input type="checkbox" id="t" disabled><select id="s"></select><input id="i"><button id="b">Remarks</button>'))?.id).toBe('b');
    expect(firstControl(rowWith('<input type="checkbox" disabled><select></select><textarea></textarea>'))).toBeNull();
  });
});
