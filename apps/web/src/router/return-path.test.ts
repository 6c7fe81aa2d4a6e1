import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathFrom } from './return-path';

describe('the sign-in return path', () => {
  it('carries the opened address through the login page and back', () => {
    const login = loginPathFor('/alumni/student/index?name=张三&current=2');
    expect(login).toBe('/login?redirect=%2Falumni%2Fstudent%2Findex%3Fname%3D%E5%BC%A0%E4%B8%89%26current%3D2');
    expect(returnPathFrom(login.slice(login.indexOf('?')))).toBe('/alumni/student/index?name=张三&current=2');
  });

  it('needs no parameter for the home page or the login page itself', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/wel/index')).toBe('/login');
    expect(loginPathFor('/login?redirect=%2Fx')).toBe('/login');
  });

  it('goes home when the parameter is missing or leads elsewhere', () => {
    for (const target of ['', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'alumni/student', '/login', '/x\n/y']) {
      expect(returnPathFrom(`?redirect=${encodeURIComponent(target)}`), target).toBe('/');
    }
    expect(returnPathFrom('')).toBe('/');
  });
});
