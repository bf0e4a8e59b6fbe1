import { describe, expect, it } from 'vitest';
import { createModelStore, fixedStore } from '../../src/engine/store.ts';
import { carEngine, carReviewConfig } from '../support/car.ts';
import { generateInspection } from '../../src/engine/generate.ts';

const base = () => carEngine.evaluate(generateInspection(carReviewConfig, { values: { insuranceType: 'Comprehensive' } }));

describe('model store: the review rows subscribe to their own RowState', () => {
  it("a new model wakes the whole model's readers and the readers of the rows whose RowState changed, no others", () => {
    const model = base();
    const store = createModelStore(model);
    const woken: string[] = [];
    store.subscribe(() => woken.push('all'));
    store.subscribeRows!(['registrationNumber'], () => woken.push('registrationNumber'));
    store.subscribeRows!(['carColour', 'sunroof'], () => woken.push('carColour|sunroof'));

    const typed = carEngine.apply(model, { type: 'setValue', key: 'registrationNumber', value: 'MH12AB1234' });
    store.setModel(typed);
    expect(store.getModel()).toBe(typed);
    expect(woken).toEqual(['all', 'registrationNumber']);

    woken.length = 0;
    store.setModel(carEngine.apply(typed, { type: 'check', key: 'sunroof', checked: true }));
    expect(woken).toEqual(['all', 'carColour|sunroof']);
  });

  it('the same model again wakes nobody; an unsubscribed reader is not woken', () => {
    const model = base();
    const store = createModelStore(model);
    const woken: string[] = [];
    const stop = store.subscribeRows!(['sunroof'], () => woken.push('sunroof'));
    const stopAll = store.subscribe(() => woken.push('all'));
    store.setModel(model);
    expect(woken).toEqual([]);
    stop();
    stopAll();
    store.setModel(carEngine.apply(model, { type: 'check', key: 'sunroof', checked: true }));
    expect(woken).toEqual([]);
  });

  it('a reader that unsubscribes while being told (its row unmounts) does not stop the others', () => {
    const model = base();
    const store = createModelStore(model);
    const woken: string[] = [];
    const stopFirst = store.subscribeRows!(['sunroof'], () => {
      woken.push('first');
      stopFirst();
      stopSecond();
    });
    const stopSecond = store.subscribeRows!(['sunroof'], () => woken.push('second'));
    store.setModel(carEngine.apply(model, { type: 'check', key: 'sunroof', checked: true }));
    expect(woken).toEqual(['first', 'second']);
  });

  it('the same callback subscribed twice is two subscriptions', () => {
    const model = base();
    const store = createModelStore(model);
    let calls = 0;
    const onChange = () => calls++;
    const stop = store.subscribe(onChange);
    store.subscribe(onChange);
    stop();
    store.setModel(carEngine.apply(model, { type: 'check', key: 'sunroof', checked: true }));
    expect(calls).toBe(1);
  });

  it('a fixed store answers its model and never calls back', () => {
    const model = base();
    const store = fixedStore(model);
    expect(store.getModel()).toBe(model);
    expect(typeof store.subscribe(() => undefined)).toBe('function');
  });
});
