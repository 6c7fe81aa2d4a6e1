import { describe, expect, it } from 'vitest';
import { regionCodeProblem } from './region.js';

describe('regionCodeProblem (GB/T 2260 shapes)', () => {
  it.each([
    ['440000', 1, '00'], ['810000', 1, '00'], ['440100', 2, '440000'], ['441900', 2, '440000'],
    ['440106', 3, '440100'], ['440106001', 4, '440106'], ['440106001002', 5, '440106001'],
  ] as const)('accepts %s at level %d under %s', (code, level, parent) => {
    expect(regionCodeProblem(code, level, parent, 'zh')).toBeNull();
  });

  it.each([
    ['44000', 1, '00', '区划编号须为6位数字'],
    ['000000', 1, '00', '省级的区划编号须为XX0000'],
    ['440100', 1, '00', '省级的区划编号须为XX0000'],
    ['440000', 2, '440000', '市级的区划编号须为XXYY00'],
    ['450100', 2, '440000', '区划编号须以上级区划编号的前2位开头'],
    ['440101', 2, '440000', '市级的区划编号须为XXYY00'],
    ['440200', 3, '440100', '区划编号须以上级区划编号的前4位开头'],
    ['440106', 4, '440106', '区划编号须为9位数字'],
    ['440106000', 4, '440106', '乡镇级的区划编号须为XXYYZZ###'],
    ['440107001', 4, '440106', '区划编号须以上级区划编号的前6位开头'],
    ['440106001000', 5, '440106001', '村级的区划编号须为XXYYZZ######'],
    ['44010600100a', 5, '440106001', '区划编号须为12位数字'],
  ] as const)('refuses %s at level %d under %s: %s', (code, level, parent, message) => {
    expect(regionCodeProblem(code, level, parent, 'zh')).toBe(message);
  });

  it('speaks English', () => {
    expect(regionCodeProblem('440101', 2, '440000', 'en')).toBe('A city code must look like XXYY00');
  });
});
