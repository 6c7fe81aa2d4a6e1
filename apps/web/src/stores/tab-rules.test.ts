import { describe, expect, it } from 'vitest';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_TAB, isClosable, openTab, type Tab } from './tab-rules';

const a: Tab = { value: '/a/index', label: 'A' };
const b: Tab = { value: '/b/index', label: 'B' };
const c: Tab = { value: '/c/index', label: 'C' };
const values = (tabs: Tab[]) => tabs.map((t) => t.value);

describe('tab rules', () => {
  it('opens a page once', () => {
    expect(values(openTab(openTab([HOME_TAB], a), a))).toEqual([HOME_TAB.value, a.value]);
  });
  it('keeps one tab per menu page, taking the query it was opened with last', () => {
    const list = (query: string): Tab => ({ value: `/alumni/basicinfo${query}`, label: '校友基础信息库', page: '/alumni/basicinfo' });
    const opened = openTab(openTab([HOME_TAB, list('')], a), list('?departmentId=1'));
    expect(values(opened)).toEqual([HOME_TAB.value, '/alumni/basicinfo?departmentId=1', a.value]);
    // Pages that are not menu pages keep a tab per query (two records' details).
    const detail = (id: string): Tab => ({ value: `/work/process/leave/detail?id=${id}`, label: '请假详情' });
    expect(values(openTab(openTab([HOME_TAB], detail('1')), detail('2')))).toHaveLength(3);
  });
  it('never closes a lone tab', () => {
    expect(isClosable([a], a)).toBe(false);
    expect(isClosable([HOME_TAB], HOME_TAB, true)).toBe(false);
  });
  it('pins the home tab unless it is a normal first page', () => {
    expect(isClosable([HOME_TAB, a], HOME_TAB)).toBe(false);
    expect(isClosable([HOME_TAB, a], HOME_TAB, true)).toBe(true);
    expect(isClosable([HOME_TAB, a], a)).toBe(true);
  });
  it('activates the previous tab when the active one closes', () => {
    expect(closeTab([HOME_TAB, a, b, c], b.value, b.value)).toEqual({ tabs: [HOME_TAB, a, c], active: a.value });
  });
  it('activates the first tab when the first active one closes', () => {
    expect(closeTab([a, b], a.value, a.value)).toEqual({ tabs: [b], active: b.value });
  });
  it('keeps the active tab when another closes', () => {
    expect(closeTab([HOME_TAB, a, b], a.value, b.value)).toEqual({ tabs: [HOME_TAB, b], active: b.value });
  });
  it('refuses to close the pinned home tab', () => {
    expect(closeTab([HOME_TAB, a], HOME_TAB.value, HOME_TAB.value).tabs).toHaveLength(2);
  });
  it('closing others keeps the current tab and home', () => {
    expect(values(closeOtherTabs([HOME_TAB, a, b, c], b.value))).toEqual([HOME_TAB.value, b.value]);
    expect(values(closeOtherTabs([HOME_TAB, a, b], HOME_TAB.value))).toEqual([HOME_TAB.value]);
  });
  it('closing all goes back to home', () => expect(closeAllTabs()).toEqual([HOME_TAB]));
});
