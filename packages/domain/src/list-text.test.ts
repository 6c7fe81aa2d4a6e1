import { describe, expect, it } from 'vitest';
import { activityEntity } from './entities/activity/activity.js';
import { fileProblem, listRows, storedFiles, type TextareaField } from './fields.js';
import { filesText, listText, parseFilesText, parseListText } from './list-text.js';

const prizes = (activityEntity.fields.prizes as TextareaField).items!;

describe('list and file fields as sheet text', () => {
  it('writes a list one row a line and reads it back, a dictionary cell by its label', () => {
    const rows = [{ prizeLevel: '2', prizeName: '手机', quantity: 2 }, { prizeLevel: '5', prizeName: 'U盘|礼盒', quantity: 10 }];
    const text = listText(prizes, rows, (c, v) => (c === 'prizeLevel' ? ({ 2: '一等奖', 5: '纪念奖' } as Record<string, string>)[String(v)] ?? String(v) : String(v)));
    expect(text).toBe('一等奖 | 手机 | 2\n纪念奖 | U盘｜礼盒 | 10');
    const keys: Record<string, string> = { 一等奖: '2', 纪念奖: '5' };
    expect(parseListText(prizes, text, (c, cell) => (c === 'prizeLevel' ? keys[cell] : undefined))).toEqual([
      { prizeLevel: '2', prizeName: '手机', quantity: '2' }, { prizeLevel: '5', prizeName: 'U盘｜礼盒', quantity: '10' },
    ]);
    expect(parseListText(prizes, '[{"prizeLevel":"1"}]')).toBe('[{"prizeLevel":"1"}]');
  });

  it('reads stored rows and files leniently, naming a file by its link when it has no name', () => {
    expect(listRows('not json')).toEqual([]);
    expect(listRows('[1,{"a":1}]')).toEqual([{ a: 1 }]);
    expect(storedFiles('[{"link":"/upload/2024/%E8%AF%81%E4%B9%A6.png?x=1"},{"name":"no link"}]')).toEqual([{ link: '/upload/2024/%E8%AF%81%E4%B9%A6.png?x=1', name: '证书.png' }]);
    expect(filesText('[{"link":"/a.pdf"},{"link":"/b.png"}]')).toBe('/a.pdf\n/b.png');
    expect(parseFilesText('/a.pdf\n\n/b.png')).toEqual([{ link: '/a.pdf' }, { link: '/b.png' }]);
  });

  it('checks a chosen file\'s type (by its name when the browser gives none) and size', () => {
    const pictures = { accept: 'image', max: 6, maxMb: 5 } as const;
    expect(fileProblem(pictures, { name: 'a.png', type: 'image/png', size: 1024 })).toBeUndefined();
    expect(fileProblem(pictures, { name: 'a.pdf', type: 'application/pdf', size: 1024 })).toBe('type');
    expect(fileProblem(pictures, { name: 'a.JPG', type: '', size: 1024 })).toBeUndefined();
    expect(fileProblem(pictures, { name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('size');
    expect(fileProblem({ accept: 'file', max: 5, maxMb: 10 }, { name: 'scan.pdf', type: 'application/pdf', size: 1024 })).toBeUndefined();
  });
});
