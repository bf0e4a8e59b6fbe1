// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { trackImageRightClicks } from '../../src/app/analytics.ts';

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  delete window.dataLayer;
  document.body.innerHTML = '';
});

const rightClick = (el: Element) => el.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));

describe("spec 000 §7 'a right-click on an image raises an analytics event right_click'", () => {
  it('pushes right_click with the image source for any image, including ones added later', () => {
    stop = trackImageRightClicks();
    const img = document.createElement('img');
    img.src = 'https://img.example/rc1.jpg';
    document.body.append(img);
    rightClick(img);
    expect(window.dataLayer).toEqual([{ event: 'right_click', src: 'https://img.example/rc1.jpg', path: '/' }]);
  });

  it('ignores right-clicks elsewhere, and stops when removed', () => {
    stop = trackImageRightClicks();
    const p = document.createElement('p');
    document.body.append(p);
    rightClick(p);
    expect(window.dataLayer).toBeUndefined();
    stop();
    const img = document.createElement('img');
    document.body.append(img);
    rightClick(img);
    expect(window.dataLayer).toBeUndefined();
  });
});
