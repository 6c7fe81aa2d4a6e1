import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, AVATAR_MSG, avatarProblem } from './avatar.js';

describe('avatarProblem', () => {
  it.each(['image/jpeg', 'image/png'])('accepts %s up to 500 KB', (type) => {
    expect(avatarProblem({ type, size: 1 })).toBeUndefined();
    expect(avatarProblem({ type, size: AVATAR_MAX_BYTES })).toBeUndefined();
  });
  it('refuses a picture one byte over 500 KB', () => expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('size'));
  it.each(['image/gif', 'image/webp', 'image/svg+xml', 'application/pdf', ''])('refuses the type %s', (type) =>
    expect(avatarProblem({ type, size: 10 })).toBe('type'));
  it('reports the type before the size', () => expect(avatarProblem({ type: 'image/gif', size: 10 * AVATAR_MAX_BYTES })).toBe('type'));
  it('has both messages', () => {
    expect(AVATAR_MSG.type.zh).toContain('JPG/PNG');
    expect(AVATAR_MSG.size.zh).toContain('500KB');
  });
});
