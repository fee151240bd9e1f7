import { describe, expect, it } from 'vitest';
import { Remembered } from './remembered';

describe('Remembered', () => {
  it('keeps a value read before any change, and not one that raced with a change', () => {
    const remembered = new Remembered<string>(10);
    remembered.keep(remembered.mark(), 'a', 'kept');
    expect(remembered.peek('a')).toBe('kept');

    const mark = remembered.mark();
    remembered.forget('other');
    remembered.keep(mark, 'b', 'raced');
    expect(remembered.peek('b')).toBeUndefined();
  });

  it('while suspended, forgets everything and keeps nothing; after resuming, keeps no read begun before', () => {
    const remembered = new Remembered<string>(10);
    remembered.keep(remembered.mark(), 'a', 'kept');
    const before = remembered.mark();
    remembered.suspend();
    expect(remembered.peek('a')).toBeUndefined();
    const during = remembered.mark();
    remembered.keep(during, 'b', 'read while suspended');
    expect(remembered.peek('b')).toBeUndefined();
    remembered.resume();
    remembered.keep(before, 'c', 'read before suspending');
    remembered.keep(during, 'd', 'read while suspended');
    remembered.keep(remembered.mark(), 'e', 'read after resuming');
    expect([remembered.peek('c'), remembered.peek('d'), remembered.peek('e')]).toEqual([undefined, undefined, 'read after resuming']);
  });

  it('serves a value only from its time until the time it stops being true', () => {
    const remembered = new Remembered<string>(10);
    remembered.keep(remembered.mark(), 'a', 'value', 100, 200);
    expect([remembered.peek('a', 99), remembered.peek('a', 100), remembered.peek('a', 199), remembered.peek('a', 200)])
      .toEqual([undefined, 'value', 'value', undefined]);
  });

  it('forgets every value kept with an id, and only those', () => {
    const remembered = new Remembered<string>(10);
    remembered.keep(remembered.mark(), 'room1 ann', 'r1', 0, Number.POSITIVE_INFINITY, ['room1', 'ann', 'bob']);
    remembered.keep(remembered.mark(), 'room2 bob', 'r2', 0, Number.POSITIVE_INFINITY, ['room2', 'bob']);
    remembered.keep(remembered.mark(), 'room3 cat', 'r3', 0, Number.POSITIVE_INFINITY, ['room3', 'cat']);
    remembered.forgetWith('bob');
    expect([remembered.peek('room1 ann'), remembered.peek('room2 bob'), remembered.peek('room3 cat')]).toEqual([undefined, undefined, 'r3']);
    remembered.forgetWith('room3');
    expect(remembered.peek('room3 cat')).toBeUndefined();
  });

  it('drops the oldest key beyond its capacity, with its ids', () => {
    const remembered = new Remembered<string>(2);
    remembered.keep(remembered.mark(), 'a', 'A', 0, Number.POSITIVE_INFINITY, ['x']);
    remembered.keep(remembered.mark(), 'b', 'B', 0, Number.POSITIVE_INFINITY, ['x']);
    remembered.keep(remembered.mark(), 'a', 'A2', 0, Number.POSITIVE_INFINITY, ['y']);
    remembered.keep(remembered.mark(), 'c', 'C');
    // 'a' was kept again after 'b': 'b' is the oldest.
    expect([remembered.peek('a'), remembered.peek('b'), remembered.peek('c')]).toEqual(['A2', undefined, 'C']);
    // 'a' is no longer kept with 'x'.
    remembered.forgetWith('x');
    expect(remembered.peek('a')).toBe('A2');
    remembered.forgetWith('y');
    expect(remembered.peek('a')).toBeUndefined();
  });
});
