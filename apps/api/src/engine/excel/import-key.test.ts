import { basicInfoEntity, studentEntity } from '@alumni/domain';
import { describe, expect, it } from 'vitest';
import { columnIndex, fieldOfHeader, relatedImport, relatedRow, sheetColumns } from './import-columns.js';
import { rowKey } from './import-key.js';

describe('the natural key of an imported row', () => {
  const rule = { key: ['idType', 'idCardNo'], fallbackKey: ['name', 'phone'] };

  it('is the declared key when the row fills it, trimmed', () => {
    expect(rowKey(rule, { idType: '1', idCardNo: ' 11010519491231002X ', name: '张三', phone: '13800138000' }))
      .toEqual({ fields: ['idType', 'idCardNo'], values: { idType: '1', idCardNo: '11010519491231002X' } });
  });

  it('falls back to the second key when a field of the first is empty, and is null when neither is filled', () => {
    expect(rowKey(rule, { idType: '1', idCardNo: '', name: '张三', phone: '13800138000' }))
      .toEqual({ fields: ['name', 'phone'], values: { name: '张三', phone: '13800138000' } });
    expect(rowKey(rule, { idType: '1', name: '张三' })).toBeNull();
    expect(rowKey({ key: ['studentNo'] }, { name: '张三' })).toBeNull();
    expect(rowKey(undefined, { studentNo: 'S1' })).toBeNull();
  });
});

describe('the columns of a related record', () => {
  it('follow the entity\'s own columns and are read by their labels into the related record\'s cells', () => {
    const names = sheetColumns(basicInfoEntity).map(([name]) => name);
    expect(names.slice(-5)).toEqual(['studentStatuses.departmentId', 'studentStatuses.specialityId', 'studentStatuses.educationLevel',
      'studentStatuses.enrollmentYear', 'studentStatuses.graduationYear']);
    expect(names).not.toContain('departmentId');
    const index = columnIndex(basicInfoEntity);
    expect(fieldOfHeader(index, '*院系')).toBe('studentStatuses.departmentId');
    expect(fieldOfHeader(index, 'Enrollment year')).toBe('studentStatuses.enrollmentYear');
    expect(fieldOfHeader(index, '姓名')).toBe('name');
    const related = relatedImport(basicInfoEntity)!;
    expect(relatedRow(related, { row: 2, raw: [], cells: { name: '张三', 'studentStatuses.departmentId': '计算机学院' } }).cells)
      .toEqual({ departmentId: '计算机学院' });
    expect(relatedImport(studentEntity)).toBeNull();
    expect(sheetColumns(studentEntity).some(([name]) => name.includes('.'))).toBe(false);
  });
});
