import type { academicZh, examineZh } from './examine-zh';

/** English texts of the academic-unit pages. */
export const academicEn: typeof academicZh = {
  departments: 'Departments',
  allDepartments: 'All departments',
  historical: 'Historical',
  specialities: 'Specialities',
};

/** English texts of the examine screens and the examination timeline. */
export const examineEn: typeof examineZh = {
  tabs: { draft: 'Drafts', pending: 'Pending', approved: 'Approved', rejected: 'Rejected', all: 'All' },
  return: 'Return',
  examine: 'Examine',
  batchApprove: 'Approve selected',
  batchReject: 'Reject selected',
  title: 'Examine',
  batchTitle: 'Examine {{count}} records',
  result: 'Result',
  approve: 'Approve',
  reject: 'Reject',
  opinion: 'Opinion',
  opinionPlaceholder: 'Give the reason when rejecting (at least 2 characters)',
  opinionRequired: 'Please give the reason',
  succeeded: '{{count}} examined',
  failed: '{{count}} could not be examined',
  submitter: 'Submitted by',
  submitTime: 'Submitted at',
  timeline: 'Examination history',
  noLogs: 'No examination yet',
  actions: { submit: 'Submitted', approve: 'Approved', reject: 'Rejected', merge: 'Merged', return: 'Returned', resubmit: 'Resubmitted' },
};
