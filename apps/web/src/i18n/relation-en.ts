/** Texts of the organisation and relationship pages (DOMAIN 5). */
export const relationEn = {
  members: 'Members',
  membersOf: '{{name}} · members',
  handIn: 'Hand in',
  handInConfirm: 'A record handed in can no longer be edited. Hand it in for examination?',
  handedIn: 'Handed in for examination',
  returned: 'Returned',
  visitsThisYear: 'Visits this year',
  alumniVisited: 'Alumni visited',
  organizationsVisited: 'Organisations visited',
  handle: 'Handle',
  handleTitle: 'Handle the document query',
  nextStatus: 'Step',
  steps: { '1': 'Accept', '2': 'Complete', '3': 'Reject', '4': 'Withdraw' },
  handled: 'Done',
  noStep: 'The request is completed, rejected or withdrawn; nothing to handle',
};
