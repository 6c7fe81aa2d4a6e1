import { describe, expect, it } from 'vitest';
import { isEmpty } from './empty.js';

describe('isEmpty', () => {
  it.each([[null], [undefined], [''], [[]], [{}]])('treats %j as empty', (value) => expect(isEmpty(value)).toBe(true));
  it.each([[0], [1], [-1], [Number.NaN], [false], [true], [' '], ['0'], [[0]], [{ a: undefined }]])(
    'treats %j as a value', (value) => expect(isEmpty(value)).toBe(false));
});
