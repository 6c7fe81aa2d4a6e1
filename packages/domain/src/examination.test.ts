import { describe, expect, it } from 'vitest';
import { examineForbids } from './examination.js';
import { registInfoEntity } from './entities/people/regist-info.js';
import { studentStatusEntity } from './entities/people/student-status.js';
import { visitRecordEntity } from './entities/relation/visit-record.js';

describe('examineForbids', () => {
  const regist = registInfoEntity.examine;
  it('forbids editing and removing a final result (an approved or merged registration), for examiners too', () => {
    for (const status of [1, 3]) {
      expect(examineForbids(regist, { examineStatus: status }, true)).toEqual({ edit: true, remove: true });
      expect(examineForbids(regist, { examineStatus: String(status) }, false)).toEqual({ edit: true, remove: true });
    }
  });
  it('leaves a pending or rejected registration editable and removable', () => {
    expect(examineForbids(regist, { examineStatus: 0 }, false)).toEqual({ edit: false, remove: false });
    expect(examineForbids(regist, { examineStatus: 2 }, true)).toEqual({ edit: false, remove: false });
  });
  it('forbids a non-examiner the edit of an approved row that leaves nothing editable', () => {
    expect(examineForbids(studentStatusEntity.examine, { examineStatus: 1 }, false)).toEqual({ edit: true, remove: false });
    expect(examineForbids(studentStatusEntity.examine, { examineStatus: 1 }, true)).toEqual({ edit: false, remove: false });
  });
  it('lets a draft-kept row be edited as a draft or when returned only', () => {
    const rule = visitRecordEntity.examine;
    const field = rule?.states?.field as string;
    expect(examineForbids(rule, { [field]: rule?.states?.draft }, false).edit).toBe(false);
    expect(examineForbids(rule, { [field]: rule?.states?.rejected }, false).edit).toBe(false);
    expect(examineForbids(rule, { [field]: rule?.states?.pending }, true).edit).toBe(true);
    expect(examineForbids(rule, { [field]: rule?.states?.approved }, true).edit).toBe(true);
  });
  it('forbids nothing on an entity that is not examined', () => expect(examineForbids(undefined, { examineStatus: 1 }, false)).toEqual({ edit: false, remove: false }));
});
