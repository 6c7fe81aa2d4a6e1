import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { ROSTER_MATCH, rosterMatch } from './roster-match.js';

describe.each(testDialects())('roster check on %s', (dialect) => {
  let t: TestApp;
  let student: Record<string, unknown>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const admin = await t.signIn('admin');
    // A student of the demo roster, with an ID number.
    student = (await t.call('GET', '/api/blade-student/student/list?size=1&studyStatus=1', admin)).json().data.records[0];
  });
  afterAll(async () => t?.close());

  const check = (claim: Parameters<typeof rosterMatch>[3], tenantId = '000000') => rosterMatch(t.app.services.sealing, t.app.services.database.db, tenantId, claim);

  it('matches the same student number and name, or the same ID number, with the roster row', async () => {
    expect(await check({ studentNo: String(student.studentNo), name: String(student.name) }))
      .toEqual({ rosterMatch: ROSTER_MATCH.matched, matchedStudentId: student.id });
    expect(await check({ name: '别名', idType: '1', idCardNo: String(student.idCardNo) }))
      .toEqual({ rosterMatch: ROSTER_MATCH.matched, matchedStudentId: student.id });
  });

  it('calls the same name, department and year a partial match, and anything else not found', async () => {
    const claim = { studentNo: 'X0000000', name: String(student.name), departmentId: String(student.departmentId), enrollmentYear: Number(student.enrollmentYear) };
    expect(await check(claim)).toEqual({ rosterMatch: ROSTER_MATCH.partly, matchedStudentId: null });
    expect(await check({ ...claim, enrollmentYear: 1900 })).toEqual({ rosterMatch: ROSTER_MATCH.notFound, matchedStudentId: null });
    // The number of a student with another name is no match.
    expect(await check({ studentNo: String(student.studentNo), name: '另一人' })).toEqual({ rosterMatch: ROSTER_MATCH.notFound, matchedStudentId: null });
  });

  it('checks against the tenant\'s own roster only', async () => {
    expect(await check({ studentNo: String(student.studentNo), name: String(student.name) }, '100001'))
      .toEqual({ rosterMatch: ROSTER_MATCH.notFound, matchedStudentId: null });
  });
});
